import type { AdminReturn } from '@kram/contract/admin-returns';
import { returnStatuses } from '@kram/contract/returns';
import { Box, Link as MuiLink, type Theme, useMediaQuery } from '@mui/material';
import type { MouseEvent } from 'react';
import {
  DataTable,
  LinkBase,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextInput,
  useCreatePath,
  useTranslate,
} from 'react-admin';
import { formatDateTime, formatHryvnias } from '../orders/order-format.ts';
import { formatDay } from './return-format.ts';
import { OverdueChip, ReturnStatusChip } from './return-status-chip.tsx';

const Column = DataTable.Col<AdminReturn>;

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.returns.search')} />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      choices={returnStatuses.map((id) => ({ id, name: translate(`resources.returns.statuses.${id}`) }))}
    />,
    <SelectInput
      key="overdue"
      source="overdue"
      alwaysOn
      choices={(['true', 'false'] as const).map((id) => ({
        id,
        name: translate(`resources.returns.overdue_choices.${id}`),
      }))}
    />,
    // Set by the order page's link to its returns.
    <TextInput key="order_id" source="order_id" />,
  ];
}

/** The order's number, a link to the order (a click on it does not open the return). */
function OrderLink({ record }: { record: AdminReturn }) {
  const createPath = useCreatePath();
  return (
    <MuiLink
      component={LinkBase}
      to={createPath({ resource: 'orders', id: record.order_id, type: 'show' })}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {record.order_number}
    </MuiLink>
  );
}

/** The day the refund is due, marked when it has passed. */
function DueCell({ record }: { record: AdminReturn }) {
  const translate = useTranslate();
  if (!record.refund_due_at) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{formatDay(record.refund_due_at)}</span>
      {record.overdue ? <OverdueChip label={translate('resources.returns.overdue')} /> : null}
    </Box>
  );
}

/** Every return, newest first: whose, for which order, where it stands, what is refunded and by when. */
export function ReturnList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List filters={useFilters()} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} exporter={false}>
      {small ? (
        <SimpleList<AdminReturn>
          primaryText={(record) => `${record.number} · ${record.order_number} · ${record.customer.name}`}
          secondaryText={(record) => (
            <>
              {`${translate(`resources.returns.statuses.${record.status}`)} · ${formatDateTime(record.created_at)}`}
              {record.overdue ? (
                <Box component="span" sx={{ display: 'block', color: 'error.main' }}>
                  {translate('resources.returns.overdue')}
                </Box>
              ) : null}
            </>
          )}
          tertiaryText={(record) => formatHryvnias(record.refund_amount)}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <Column source="number" disableSort />
          <Column source="order_number" disableSort render={(record) => <OrderLink record={record} />} />
          <Column source="customer" disableSort render={(record) => record.customer.name} />
          <Column source="status" render={(record) => <ReturnStatusChip status={record.status} />} />
          <Column
            source="refund_amount"
            align="right"
            disableSort
            render={(record) => formatHryvnias(record.refund_amount)}
          />
          <Column
            source="refund_method"
            disableSort
            render={(record) => translate(`resources.returns.methods.${record.refund_method}`)}
          />
          <Column source="created_at" render={(record) => formatDateTime(record.created_at)} />
          <Column source="refund_due_at" render={(record) => <DueCell record={record} />} />
        </DataTable>
      )}
    </List>
  );
}
