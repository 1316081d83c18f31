import type { AdminReceipt } from '@kram/contract/admin-fiscal';
import { receiptKinds, receiptStatuses } from '@kram/contract/fiscal';
import { Box, Link as MuiLink, type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  DataTable,
  LinkBase,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  useCreatePath,
  useTranslate,
} from 'react-admin';
import { formatDateTime, formatHryvnias } from '../orders/order-format.ts';
import { ReceiptRetryButton } from './receipt-retry-button.tsx';
import { ReceiptStatusChip } from './receipt-status-chip.tsx';

const Column = DataTable.Col<AdminReceipt>;
const t = (key: string) => `resources.fiscal.${key}`;

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.fiscal/receipts.search')} />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      choices={receiptStatuses.map((id) => ({ id, name: translate(t(`statuses.${id}`)) }))}
    />,
    <SelectInput
      key="kind"
      source="kind"
      alwaysOn
      choices={receiptKinds.map((id) => ({ id, name: translate(t(`kinds.${id}`)) }))}
    />,
    <SelectInput
      key="overdue"
      source="overdue"
      alwaysOn
      choices={(['true', 'false'] as const).map((id) => ({
        id,
        name: translate(`resources.fiscal/receipts.overdue_choices.${id}`),
      }))}
    />,
  ];
}

function OrderLink({ receipt }: { receipt: AdminReceipt }) {
  const createPath = useCreatePath();
  return (
    <MuiLink component={LinkBase} to={createPath({ resource: 'orders', id: receipt.order_id, type: 'show' })}>
      {receipt.order_number}
    </MuiLink>
  );
}

function StatusCell({ receipt }: { receipt: AdminReceipt }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexDirection: 'column', alignItems: 'flex-start' }}>
      <ReceiptStatusChip status={receipt.status} overdue={receipt.overdue} />
      {receipt.overdue ? (
        <Typography variant="caption" color="error" data-testid="receipt-overdue">
          {translate(t('overdue'))}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The register's last refusal, cut short: the whole of it in the tooltip. */
function ErrorCell({ receipt }: { receipt: AdminReceipt }) {
  if (!receipt.last_error) return null;
  return (
    <Typography
      variant="body2"
      color="error"
      title={receipt.last_error}
      sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {receipt.last_error}
    </Typography>
  );
}

/**
 * Every receipt, newest first: for which order, sale or return, where it stands, its fiscal number, how
 * often the register was tried and what it said last; one not issued yet may be tried again now.
 */
export function ReceiptList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List filters={useFilters()} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} exporter={false}>
      {small ? (
        <SimpleList<AdminReceipt>
          primaryText={(receipt) =>
            `${receipt.order_number} · ${translate(t(`kinds.${receipt.kind}`))} · ${formatHryvnias(receipt.amount)}`
          }
          secondaryText={(receipt) => (
            <>
              {`${translate(t(`statuses.${receipt.status}`))} · ${formatDateTime(receipt.created_at)}`}
              {receipt.overdue ? (
                <Box component="span" sx={{ display: 'block', color: 'error.main' }}>
                  {translate(t('overdue'))}
                </Box>
              ) : null}
            </>
          )}
          tertiaryText={(receipt) => <ReceiptRetryButton receipt={receipt} />}
          linkType={false}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <Column source="order_number" disableSort render={(receipt) => <OrderLink receipt={receipt} />} />
          <Column source="kind" disableSort render={(receipt) => translate(t(`kinds.${receipt.kind}`))} />
          <Column source="source" disableSort render={(receipt) => translate(t(`sources.${receipt.source}`))} />
          <Column source="status" render={(receipt) => <StatusCell receipt={receipt} />} />
          <Column source="amount" align="right" disableSort render={(receipt) => formatHryvnias(receipt.amount)} />
          <Column source="fiscal_code" disableSort render={(receipt) => receipt.fiscal_code ?? '—'} />
          <Column source="attempts" align="right" disableSort />
          <Column source="last_error" disableSort render={(receipt) => <ErrorCell receipt={receipt} />} />
          <Column source="created_at" render={(receipt) => formatDateTime(receipt.created_at)} />
          <Column
            source="id"
            label={false}
            disableSort
            render={(receipt) => <ReceiptRetryButton receipt={receipt} />}
          />
        </DataTable>
      )}
    </List>
  );
}
