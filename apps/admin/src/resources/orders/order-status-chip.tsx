import type { OrderStatus } from '@kram/contract/orders';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Colours by what the status asks of the staff: new ones need a call, finished ones nothing. */
const colors: Record<OrderStatus, 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning'> = {
  new: 'warning',
  awaiting_payment: 'warning',
  confirmed: 'info',
  paid: 'primary',
  shipped: 'secondary',
  delivered: 'success',
  completed: 'success',
  cancelled: 'error',
  returned: 'default',
};

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={colors[status]}
      variant={status === 'completed' || status === 'cancelled' || status === 'new' ? 'filled' : 'outlined'}
      label={translate(`resources.orders.statuses.${status}`)}
      data-testid="order-status"
    />
  );
}
