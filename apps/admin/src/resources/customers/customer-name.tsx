import type { AdminCustomer } from '@kram/contract/admin-customers';
import { useRecordContext, useTranslate } from 'react-admin';
import { customerName } from './customer-format.ts';

/** The customer's name, or "Deleted account No. 12" for one deleted on request. */
export function useCustomerLabel(customer: AdminCustomer | undefined): string {
  const translate = useTranslate();
  if (!customer) return '';
  return customerName(customer) ?? translate('resources.customers.deleted_account', { id: customer.id });
}

export function CustomerNameField() {
  const customer = useRecordContext<AdminCustomer>();
  const label = useCustomerLabel(customer);
  return <span style={customer?.deleted_at ? { fontStyle: 'italic' } : undefined}>{label}</span>;
}
