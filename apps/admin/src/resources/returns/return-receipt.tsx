import { receiptRecord } from '@kram/contract/endpoints/admin';
import { Alert, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { ReceiptSummary } from '../fiscal/receipt-summary.tsx';

/** The return receipt issued for the refund: where it stands, its fiscal number and its links. */
export function ReturnReceipt({ receiptId }: { receiptId: string }) {
  const translate = useTranslate();
  const { data, isPending, isError } = useQuery({
    queryKey: ['admin', 'fiscal', 'receipts', receiptId],
    queryFn: ({ signal }) => api.call(receiptRecord, { params: { id: receiptId }, signal }),
  });
  if (isPending) return <Skeleton variant="rounded" height={64} />;
  if (isError || !data) return <Alert severity="error">{translate('resources.returns.show.receipt_failed')}</Alert>;
  return <ReceiptSummary receipt={data} />;
}
