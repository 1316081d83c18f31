import type { AdminOrder } from '@kram/contract/admin-orders';
import { orderCounterReceipt, orderReceiptsRead } from '@kram/contract/endpoints/admin';
import { type ReceiptPaymentType, receiptPaymentTypes } from '@kram/contract/fiscal';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  FormControlLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { ReceiptLongIcon } from '../../icons/receipt-long.tsx';
import { fiscalProblem } from './fiscal-words.ts';
import { ReceiptRetryButton, retryable } from './receipt-retry-button.tsx';
import { ReceiptSummary } from './receipt-summary.tsx';

const t = (key: string) => `resources.fiscal.panel.${key}`;

export const orderReceiptsKey = (orderId: string) => ['admin', 'orders', orderId, 'receipts'] as const;

/** The counter's receipt of a pickup order: the manager says how the buyer paid, the register issues it. */
function CounterReceipt({ orderId, onIssued }: { orderId: string; onIssued: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [paymentType, setPaymentType] = useState<ReceiptPaymentType>('cash');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function issue() {
    setPending(true);
    setProblem(undefined);
    try {
      await api.call(orderCounterReceipt, { params: { id: orderId }, body: { payment_type: paymentType } });
      notify(t('issued'), { type: 'info' });
      setOpen(false);
      onIssued();
    } catch (error) {
      setProblem(fiscalProblem(error, translate));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Box>
        <Button
          variant="contained"
          size="small"
          startIcon={<ReceiptLongIcon />}
          onClick={() => setOpen(true)}
          data-testid="receipt-issue"
        >
          {translate(t('issue'))}
        </Button>
      </Box>
      <Dialog open={open} onClose={pending ? undefined : () => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{translate(t('issue_title'))}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(t('issue_content'))}</DialogContentText>
          <RadioGroup
            aria-label={translate(t('payment_type'))}
            value={paymentType}
            onChange={(event) => setPaymentType(event.target.value as ReceiptPaymentType)}
          >
            {receiptPaymentTypes.map((type) => (
              <FormControlLabel
                key={type}
                value={type}
                control={<Radio />}
                label={translate(`resources.fiscal.payment_types.${type}`)}
                data-testid={`receipt-issue-${type}`}
              />
            ))}
          </RadioGroup>
          {problem ? (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="receipt-issue-error">
              {problem}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={pending}>
            {translate(t('cancel'))}
          </Button>
          <Button variant="contained" onClick={issue} disabled={pending} data-testid="receipt-issue-confirm">
            {translate(t('issue'))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * The order's fiscal receipts: each with where it stands, its fiscal number and links once issued, the
 * register's last refusal while not; a cash-on-delivery parcel's is the carrier's; a pickup order paid
 * at the counter gets its receipt here.
 */
export function OrderReceiptsPanel({ order }: { order: Pick<AdminOrder, 'id'> }) {
  const translate = useTranslate();
  // A receipt issued moves the order's history too: the whole page reloads.
  const refresh = useRefresh();
  const { data, isPending, isError } = useQuery({
    queryKey: orderReceiptsKey(order.id),
    queryFn: ({ signal }) => api.call(orderReceiptsRead, { params: { id: order.id }, signal }),
  });
  if (isPending) return <Skeleton variant="rounded" height={64} />;
  if (isError || !data) return <Alert severity="error">{translate(t('load_failed'))}</Alert>;
  return (
    <Stack spacing={1.5} data-testid="order-receipts">
      {data.by_carrier ? (
        <Alert severity="info" data-testid="receipts-by-carrier">
          {translate(t('by_carrier'))}
        </Alert>
      ) : null}
      {data.receipts.length === 0 && !data.by_carrier ? (
        <Typography variant="body2" color="text.secondary">
          {translate(t('none'))}
        </Typography>
      ) : null}
      {data.receipts.map((receipt, index) => (
        <Stack key={receipt.id} spacing={1}>
          {index > 0 ? <Divider /> : null}
          <ReceiptSummary receipt={receipt} />
          {retryable(receipt) ? (
            <Box>
              <ReceiptRetryButton receipt={receipt} />
            </Box>
          ) : null}
        </Stack>
      ))}
      {data.can_issue_counter ? <CounterReceipt orderId={order.id} onIssued={refresh} /> : null}
    </Stack>
  );
}
