import type { AdminReceipt } from '@kram/contract/admin-fiscal';
import { receiptRetry } from '@kram/contract/endpoints/admin';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { SyncIcon } from '../../icons/sync.tsx';
import { fiscalProblem, useWordsNotice } from './fiscal-words.ts';

/** Whether a receipt may be tried again now: one the register has not fiscalised, and the shop issues. */
export const retryable = (receipt: Pick<AdminReceipt, 'status'>): boolean =>
  receipt.status === 'pending' || receipt.status === 'issuing';

/** Sends a receipt not issued yet to the register again now (after its settings were fixed, say). */
export function ReceiptRetryButton({ receipt }: { receipt: AdminReceipt }) {
  const translate = useTranslate();
  const notify = useNotify();
  const tell = useWordsNotice();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  if (!retryable(receipt)) return null;

  async function retry() {
    setPending(true);
    try {
      await api.call(receiptRetry, { params: { id: receipt.id } });
      notify('resources.fiscal.retried', { type: 'info' });
      refresh();
    } catch (error) {
      tell(fiscalProblem(error, translate));
    } finally {
      setPending(false);
    }
  }

  return (
    <Button
      size="small"
      startIcon={<SyncIcon />}
      onClick={(event) => {
        event.stopPropagation();
        void retry();
      }}
      disabled={pending}
      sx={{ whiteSpace: 'nowrap' }}
      data-testid="receipt-retry"
    >
      {translate('resources.fiscal.retry')}
    </Button>
  );
}
