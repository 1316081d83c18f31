import type { AdminColor } from '@kram/contract/admin-products';
import { Stack } from '@mui/material';
import { CreateButton, DataTable, List, SearchInput, TopToolbar } from 'react-admin';
import { ColorSwatch } from '../products/product-bits.tsx';

const Column = DataTable.Col<AdminColor>;
const NumberColumn = DataTable.NumberCol<AdminColor>;

/** The colours products come in, in the storefront's order, each with its swatch and how many products use it. */
export function ColorList() {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      sort={{ field: 'position', order: 'ASC' }}
      perPage={50}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <Column
          source="name"
          render={(color) => (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <ColorSwatch color={color} size={28} />
              <span>{color.name}</span>
            </Stack>
          )}
        />
        <Column source="name_ru" />
        <Column source="color_rgb" disableSort cellSx={() => ({ fontFamily: 'monospace' })} />
        <NumberColumn source="position" />
        <NumberColumn source="product_count" />
      </DataTable>
    </List>
  );
}
