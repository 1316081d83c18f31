import type { AdminCustomer } from '@kram/contract/admin-customers';
import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, SimpleList, useTranslate } from 'react-admin';
import { customerName, formatDateTime, formatHryvnias } from './customer-format.ts';
import { CustomerNameField } from './customer-name.tsx';
import { CustomerStatusChip } from './customer-status-chip.tsx';

const Column = DataTable.Col<AdminCustomer>;
const NumberColumn = DataTable.NumberCol<AdminCustomer>;

function useFilters() {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.customers.filters.${key}`);
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('search')} />,
    <SelectInput
      key="is_active"
      source="is_active"
      alwaysOn
      choices={[
        { id: 'true', name: t('active') },
        { id: 'false', name: t('blocked') },
      ]}
    />,
    <SelectInput
      key="is_staff"
      source="is_staff"
      choices={[
        { id: 'false', name: t('shoppers') },
        { id: 'true', name: t('staff') },
      ]}
    />,
    <SelectInput
      key="deleted"
      source="deleted"
      alwaysOn
      choices={[
        { id: 'false', name: t('hide_deleted') },
        { id: 'true', name: t('only_deleted') },
      ]}
    />,
  ];
}

/** Every shop account, newest first: who they are, how much they ordered, whether they may sign in. */
export function CustomerList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List
      filters={useFilters()}
      filterDefaultValues={{ deleted: 'false' }}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      // No export: a file of every customer's contacts is not something to hand out with one click.
      exporter={false}
    >
      {small ? (
        <SimpleList<AdminCustomer>
          primaryText={(customer) =>
            customerName(customer) ?? translate('resources.customers.deleted_account', { id: customer.id })
          }
          secondaryText={(customer) => customer.telephone ?? customer.email}
          tertiaryText={(customer) => formatHryvnias(customer.total_spent)}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <Column source="name" disableSort field={CustomerNameField} />
          <Column source="email" />
          <Column source="telephone" disableSort />
          <NumberColumn source="orders_count" />
          <Column
            source="total_spent"
            disableSort
            align="right"
            render={(customer) => formatHryvnias(customer.total_spent)}
          />
          <Column source="status" disableSort field={CustomerStatusChip} />
          <Column source="created_at" render={(customer) => formatDateTime(customer.created_at)} />
        </DataTable>
      )}
    </List>
  );
}
