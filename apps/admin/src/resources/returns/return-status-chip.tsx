import type { ReturnStatus } from '@kram/contract/returns';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Colours by what the status asks of the shop: a request an answer, received goods a refund. */
const colors: Record<ReturnStatus, 'default' | 'primary' | 'error' | 'info' | 'success' | 'warning'> = {
  requested: 'warning',
  accepted: 'info',
  refused: 'default',
  received: 'primary',
  refunded: 'success',
};

export function ReturnStatusChip({ status }: { status: ReturnStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={colors[status]}
      variant={status === 'requested' || status === 'refunded' ? 'filled' : 'outlined'}
      label={translate(`resources.returns.statuses.${status}`)}
      data-testid="return-status"
    />
  );
}

/** The refund was due and is not made: red, beside the day it was due. */
export function OverdueChip({ label }: { label: string }) {
  return <Chip size="small" color="error" label={label} data-testid="return-overdue" />;
}
