import type { AdminReceipt } from '@kram/contract/admin-fiscal';
import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { OpenInNewIcon } from '../../icons/open-in-new.tsx';
import { formatDateTime, formatHryvnias } from '../orders/order-format.ts';
import { ReceiptStatusChip } from './receipt-status-chip.tsx';

const t = (key: string) => `resources.fiscal.panel.${key}`;

/**
 * One receipt in a few lines: what it is for and where it stands, its amount, fiscal number and
 * serial, links to the register's page and the PDF once issued, and the register's last refusal while
 * it is not.
 */
export function ReceiptSummary({ receipt }: { receipt: AdminReceipt }) {
  const translate = useTranslate();
  const facts = [
    `${translate(t('amount'))}: ${formatHryvnias(receipt.amount)}`,
    receipt.fiscal_code ? `${translate(t('fiscal_code'))}: ${receipt.fiscal_code}` : '',
    receipt.serial === null ? '' : `${translate(t('serial'))}: ${receipt.serial}`,
    receipt.issued_at ? `${translate(t('issued_at'))}: ${formatDateTime(receipt.issued_at)}` : '',
  ].filter(Boolean);
  const waiting = receipt.status === 'pending' || receipt.status === 'issuing';
  return (
    <Stack spacing={1} data-testid="receipt" data-receipt-id={receipt.id}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="span">
          {translate(`resources.fiscal.kinds.${receipt.kind}`)} ·{' '}
          {translate(`resources.fiscal.sources.${receipt.source}`)} ·{' '}
          {translate(`resources.fiscal.payment_types.${receipt.payment_type}`)}
        </Typography>
        <ReceiptStatusChip status={receipt.status} overdue={receipt.overdue} />
        {receipt.overdue ? (
          <Typography variant="caption" color="error">
            {translate('resources.fiscal.overdue')}
          </Typography>
        ) : null}
      </Stack>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="receipt-facts">
        {facts.join(' · ')}
      </Typography>
      {receipt.page_url || receipt.pdf_url ? (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {receipt.page_url ? (
            <Link href={receipt.page_url} target="_blank" rel="noopener noreferrer" data-testid="receipt-page">
              {translate(t('page'))}
              <OpenInNewIcon sx={{ fontSize: 16, ml: 0.5, verticalAlign: 'middle' }} />
            </Link>
          ) : null}
          {receipt.pdf_url ? (
            <Link href={receipt.pdf_url} target="_blank" rel="noopener noreferrer" data-testid="receipt-pdf">
              {translate(t('pdf'))}
            </Link>
          ) : null}
        </Box>
      ) : null}
      {waiting ? (
        <Typography variant="body2" color="text.secondary">
          {[
            translate(t('attempts'), { count: receipt.attempts }),
            receipt.next_attempt_at
              ? translate(t('next_attempt'), { at: formatDateTime(receipt.next_attempt_at) })
              : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      ) : null}
      {waiting && receipt.last_error ? (
        <Alert severity="warning" data-testid="receipt-error">
          {translate(t('last_error'))}: {receipt.last_error}
        </Alert>
      ) : null}
    </Stack>
  );
}
