import type { AdminSale } from '@kram/contract/admin-promotions';
import {
  Create,
  DataTable,
  DateField,
  Edit,
  List,
  NumberInput,
  required,
  SearchInput,
  SimpleForm,
  TextInput,
  useTranslate,
} from 'react-admin';
import { PeriodInputs, TargetInputs } from './promotion-inputs.tsx';
import { usePromotionSave } from './promotion-save.ts';
import { PromotionToolbar } from './promotion-toolbar.tsx';

const Column = DataTable.Col<AdminSale>;

function State({ sale }: { sale: AdminSale }) {
  const translate = useTranslate();
  return <>{translate(`resources.sales.states.${sale.state}`)}</>;
}

/** Scheduled sales: a share off a category's goods or chosen products, on their dates (Kyiv time). */
export function SaleList() {
  return (
    <List
      exporter={false}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'starts_at', order: 'DESC' }}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <Column source="name" />
        <Column source="percent" render={(sale) => `${sale.percent} %`} disableSort />
        <Column source="starts_at" render={(sale) => <DateField record={sale} source="starts_at" showTime />} />
        <Column source="ends_at" render={(sale) => <DateField record={sale} source="ends_at" showTime />} />
        <Column source="state" render={(sale) => <State sale={sale} />} disableSort />
        <Column source="products_on_sale" disableSort />
      </DataTable>
    </List>
  );
}

function SaleForm({ mode }: { mode: 'create' | 'edit' }) {
  const save = usePromotionSave('sales', mode);
  return (
    <SimpleForm sx={{ maxWidth: 720 }} onSubmit={save} toolbar={mode === 'edit' ? <PromotionToolbar /> : undefined}>
      <TextInput source="name" validate={required()} fullWidth />
      <NumberInput source="percent" min={1} max={90} validate={required()} helperText="resources.sales.hints.percent" />
      <PeriodInputs required />
      <TargetInputs />
    </SimpleForm>
  );
}

export function SaleCreate() {
  return (
    <Create>
      <SaleForm mode="create" />
    </Create>
  );
}

/** A running sale takes a new name or end only; the server says so when anything else changes. */
export function SaleEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SaleForm mode="edit" />
    </Edit>
  );
}
