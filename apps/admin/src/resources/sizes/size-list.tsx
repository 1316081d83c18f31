import type { AdminSize } from '@kram/contract/admin-catalog';
import { DataTable, List, SearchInput } from 'react-admin';

const Column = DataTable.Col<AdminSize>;
const NumberColumn = DataTable.NumberCol<AdminSize>;

/** Sizes in the order shoppers see them, with how many products are offered in each. */
export function SizeList() {
  return (
    <List
      exporter={false}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'position', order: 'ASC' }}
      perPage={50}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <Column source="name" />
        <NumberColumn source="position" />
        <NumberColumn source="product_count" />
      </DataTable>
    </List>
  );
}
