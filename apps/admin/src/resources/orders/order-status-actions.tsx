import type { AdminOrder } from '@kram/contract/admin-orders';
import type { OrderStatus } from '@kram/contract/orders';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Button as MuiButton,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../data-provider.ts';
import { orderNumber, type Problem, reasonProblem } from './order-format.ts';
import { useOrderChange } from './use-order-change.ts';

/** The move the dialog asks about: its status and whether a reason is required. */
function StatusDialog({ order, status, onClose }: { order: AdminOrder; status: OrderStatus; onClose: () => void }) {
  const translate = useTranslate();
  const provider = useDataProvider<AdminDataProvider>();
  const { run, pending } = useOrderChange();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<Problem>();
  const cancelling = status === 'cancelled';
  const statusLabel = translate(`resources.orders.statuses.${status}`);

  async function confirm() {
    const found = reasonProblem(status, reason);
    setProblem(found);
    if (found) return;
    const body = { status, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    const done = await run(() => provider.action('orders', order.id, 'status', body), 'resources.orders.done.status', {
      status: statusLabel,
    });
    if (done) onClose();
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="order-status-title">
      <DialogTitle id="order-status-title">
        {cancelling
          ? translate('resources.orders.dialogs.cancel_title', { number: orderNumber(order.id) })
          : translate('resources.orders.dialogs.status_title', { number: orderNumber(order.id), status: statusLabel })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {translate(
            cancelling ? 'resources.orders.dialogs.cancel_content' : 'resources.orders.dialogs.status_content',
          )}
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={cancelling ? 2 : 1}
          required={cancelling}
          label={translate(cancelling ? 'resources.orders.dialogs.reason' : 'resources.orders.dialogs.reason_optional')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={Boolean(problem)}
          helperText={problem ? translate(problem.key, problem.values) : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'order-status-reason' } }}
        />
      </DialogContent>
      <DialogActions>
        {/* "Close", not "Cancel": cancelling is what this dialog may be about. */}
        <MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton>
        <MuiButton
          variant="contained"
          color={cancelling ? 'error' : 'primary'}
          onClick={confirm}
          disabled={pending}
          data-testid="order-status-confirm"
        >
          {translate(cancelling ? 'resources.orders.actions.confirm_cancel' : `resources.orders.actions.to_${status}`)}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** A button for each move the order allows now (the server's `next_statuses`), cancelling last. */
export function OrderStatusActions() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const [asked, setAsked] = useState<OrderStatus>();
  if (!order || order.next_statuses.length === 0) return null;
  const moves = [...order.next_statuses].sort((a, b) => Number(a === 'cancelled') - Number(b === 'cancelled'));
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {moves.map((status) => (
        // MUI's button: react-admin's shows only its icon on small screens, and these have none.
        <MuiButton
          key={status}
          size="small"
          variant={status === 'cancelled' ? 'outlined' : 'contained'}
          color={status === 'cancelled' ? 'error' : 'primary'}
          onClick={() => setAsked(status)}
          data-testid={`order-to-${status}`}
        >
          {translate(`resources.orders.actions.to_${status}`)}
        </MuiButton>
      ))}
      {asked ? <StatusDialog order={order} status={asked} onClose={() => setAsked(undefined)} /> : null}
    </Stack>
  );
}
