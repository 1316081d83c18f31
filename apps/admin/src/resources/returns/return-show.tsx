import type { AdminReturn } from '@kram/contract/admin-returns';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { Show, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../orders/order-format.ts';
import { ReturnActions } from './return-actions.tsx';
import { formatDay } from './return-format.ts';
import {
  ReturnCustomer,
  ReturnLines,
  ReturnRefund,
  ReturnRequest,
  ReturnTimeline,
  Section,
} from './return-sections.tsx';
import { ReturnStatusChip } from './return-status-chip.tsx';

function ReturnTitle() {
  const record = useRecordContext<AdminReturn>();
  const translate = useTranslate();
  return <>{record ? translate('resources.returns.title', { number: record.number }) : ''}</>;
}

/** By when the money is due back, and a warning once that day has passed without a refund. */
function RefundDue({ record }: { record: AdminReturn }) {
  const translate = useTranslate();
  if (!record.refund_due_at || record.status === 'refunded') return null;
  const day = formatDay(record.refund_due_at);
  return record.overdue ? (
    <Alert severity="error" data-testid="return-overdue-warning">
      {translate('resources.returns.show.overdue', { day })}
    </Alert>
  ) : (
    <Alert severity="info" data-testid="return-due">
      {translate('resources.returns.show.due', { day })}
    </Alert>
  );
}

function ReturnPage() {
  const record = useRecordContext<AdminReturn>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h1">
          {translate('resources.returns.title', { number: record.number })}
        </Typography>
        <ReturnStatusChip status={record.status} />
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(record.created_at)}
        </Typography>
      </Stack>
      <Stack spacing={2}>
        <ReturnActions record={record} />
        <RefundDue record={record} />
        <Section title="resources.returns.sections.lines">
          <ReturnLines record={record} />
        </Section>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <ReturnRequest record={record} />
          <ReturnCustomer record={record} />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <ReturnRefund record={record} />
          <ReturnTimeline record={record} />
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * One return: the goods and what is refunded, the buyer's request, the refund and its receipt, every
 * step so far, and the steps it may take next.
 */
export function ReturnShow() {
  return (
    <Show title={<ReturnTitle />} actions={false}>
      <ReturnPage />
    </Show>
  );
}
