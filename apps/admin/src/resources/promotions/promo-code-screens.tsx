import type { AdminPromoCode } from '@kram/contract/admin-promotions';
import { formatHryvnias } from '@kram/contract/money';
import {
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  DateField,
  Edit,
  List,
  SearchInput,
  useTranslate,
} from 'react-admin';
import { PromoCodeForm } from './promo-code-form.tsx';

const Column = DataTable.Col<AdminPromoCode>;

function Discount({ code }: { code: AdminPromoCode }) {
  return <>{code.kind === 'percent' ? `${Number(code.value)} %` : formatHryvnias(code.value, 'грн')}</>;
}

function Uses({ code }: { code: AdminPromoCode }) {
  const translate = useTranslate();
  return (
    <>
      {code.max_uses === null ? code.uses : `${code.uses} / ${code.max_uses}`}
      {code.max_uses === null ? ` (${translate('resources.promo-codes.no_limit')})` : ''}
    </>
  );
}

/** The shop's promo codes with their uses and the revenue of the orders placed with them. */
export function PromoCodeList() {
  return (
    <List
      exporter={false}
      filters={[<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="active" source="active" />]}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={50}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <Column source="code" />
        <Column source="value" render={(code) => <Discount code={code} />} disableSort />
        <Column source="uses" render={(code) => <Uses code={code} />} />
        <Column source="revenue" render={(code) => formatHryvnias(code.revenue, 'грн')} disableSort />
        <Column source="discounts" render={(code) => formatHryvnias(code.discounts, 'грн')} disableSort />
        <Column source="ends_at" render={(code) => <DateField record={code} source="ends_at" showTime />} disableSort />
        <Column source="active" render={(code) => <BooleanField record={code} source="active" />} disableSort />
      </DataTable>
    </List>
  );
}

export function PromoCodeCreate() {
  return (
    <Create>
      <PromoCodeForm mode="create" />
    </Create>
  );
}

/**
 * Switching a code off (`active`) is how one that orders used is retired; an unused one may be deleted.
 * One that orders used keeps its code.
 */
export function PromoCodeEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <PromoCodeForm mode="edit" />
    </Edit>
  );
}
