import type { ReceiptStatus } from '@kram/contract/fiscal';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

const colors: Record<ReceiptStatus, 'default' | 'info' | 'success' | 'warning'> = {
  pending: 'warning',
  issuing: 'info',
  done: 'success',
  by_carrier: 'default',
};

/** Where a receipt stands; one not issued within an hour of falling due is marked red. */
export function ReceiptStatusChip({ status, overdue = false }: { status: ReceiptStatus; overdue?: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={overdue ? 'error' : colors[status]}
      variant={status === 'done' ? 'filled' : 'outlined'}
      label={translate(`resources.fiscal.statuses.${status}`)}
      data-testid="receipt-status"
    />
  );
}
