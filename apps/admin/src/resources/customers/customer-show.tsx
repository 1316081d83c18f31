import { type AdminCustomerDetail, type AdminCustomerOrder, customerPageOrders } from '@kram/contract/admin-customers';
import { Box, Card, CardContent, Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import {
  ArrayField,
  DataTable,
  Labeled,
  Link,
  Show,
  TopToolbar,
  useCreatePath,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { BlockToggleButton, DeleteOnRequestButton } from './customer-actions.tsx';
import { formatDateTime, formatHryvnias, orderNumber } from './customer-format.ts';
import { useCustomerLabel } from './customer-name.tsx';
import { CustomerStatusChip } from './customer-status-chip.tsx';

const OrderColumn = DataTable.Col<AdminCustomerOrder>;

function CustomerTitle() {
  const customer = useRecordContext<AdminCustomerDetail>();
  return <>{useCustomerLabel(customer)}</>;
}

function CustomerShowActions() {
  return (
    <TopToolbar>
      <BlockToggleButton />
      <DeleteOnRequestButton />
    </TopToolbar>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
          {translate(title)}
        </Typography>
        <Stack spacing={1.5}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

function Value({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Labeled label={label}>
      <Typography variant="body2" component="span">
        {children}
      </Typography>
    </Labeled>
  );
}

/** The customer's orders, newest first; each opens on the orders screen. */
function CustomerOrders() {
  const customer = useRecordContext<AdminCustomerDetail>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Opened from the list, the record shows the list's row until the customer's own answer (with
  // their orders) arrives.
  if (!customer?.orders) return null;
  const orderPath = (id: string | number) => createPath({ resource: 'orders', id, type: 'show' });
  const t = (key: string) => `resources.customers.order.${key}`;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, px: 2 }}>
        {translate('resources.customers.sections.orders')}
      </Typography>
      {customer.orders.length === 0 ? (
        <Typography variant="body2" sx={{ px: 2, py: 1 }} color="text.secondary">
          {translate('resources.customers.sections.no_orders')}
        </Typography>
      ) : (
        // Narrow screens get the number, date, status and amount; the table scrolls rather than the page.
        <Box sx={{ overflowX: 'auto' }}>
          <ArrayField source="orders">
            <DataTable bulkActionButtons={false} rowClick={(id) => orderPath(id)} data-testid="customer-orders">
              <OrderColumn
                source="id"
                label={t('number')}
                disableSort
                render={(order) => (
                  <Link to={orderPath(order.id)} onClick={(event: MouseEvent) => event.stopPropagation()}>
                    {orderNumber(order.id)}
                  </Link>
                )}
              />
              <OrderColumn
                source="created_at"
                label={t('created_at')}
                disableSort
                render={(order) => formatDateTime(order.created_at)}
              />
              <OrderColumn
                source="status"
                label={t('status')}
                disableSort
                render={(order) => translate(`resources.orders.statuses.${order.status}`)}
              />
              {small ? null : (
                <OrderColumn
                  source="payment_method"
                  label={t('payment_method')}
                  disableSort
                  render={(order) => translate(`resources.orders.payment_methods.${order.payment_method}`)}
                />
              )}
              {small ? null : (
                <OrderColumn
                  source="delivery_type"
                  label={t('delivery_type')}
                  disableSort
                  render={(order) => translate(`resources.orders.delivery_types.${order.delivery_type}`)}
                />
              )}
              {small ? null : <OrderColumn source="items_count" label={t('items_count')} disableSort align="right" />}
              <OrderColumn
                source="amount"
                label={t('amount')}
                disableSort
                align="right"
                render={(order) => formatHryvnias(order.amount)}
              />
            </DataTable>
          </ArrayField>
        </Box>
      )}
      {customer.orders_count > customer.orders.length ? (
        <Typography variant="caption" color="text.secondary" sx={{ px: 2 }}>
          {translate('resources.customers.sections.orders_shown', {
            shown: customerPageOrders,
            total: customer.orders_count,
          })}
        </Typography>
      ) : null}
    </Box>
  );
}

function CustomerDetails() {
  const customer = useRecordContext<AdminCustomerDetail>();
  const label = useCustomerLabel(customer);
  if (!customer) return null;
  const f = (field: string) => `resources.customers.fields.${field}`;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontStyle: customer.deleted_at ? 'italic' : undefined }}>
          {label}
        </Typography>
        <CustomerStatusChip />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Section title="resources.customers.sections.contact">
          <Value label={f('email')}>{customer.email}</Value>
          <Value label={f('telephone')}>{customer.telephone ?? '—'}</Value>
        </Section>
        <Section title="resources.customers.sections.account">
          <Value label={f('created_at')}>{formatDateTime(customer.created_at)}</Value>
          {customer.deleted_at ? <Value label={f('deleted_at')}>{formatDateTime(customer.deleted_at)}</Value> : null}
          <Stack direction="row" spacing={4}>
            <Value label={f('orders_count')}>{customer.orders_count}</Value>
            <Value label={f('total_spent')}>{formatHryvnias(customer.total_spent)}</Value>
          </Stack>
        </Section>
      </Stack>
      <CustomerOrders />
    </Box>
  );
}

/** One customer: contact, state, their orders; block, unblock and deletion on request. */
export function CustomerShow() {
  return (
    <Show title={<CustomerTitle />} actions={<CustomerShowActions />}>
      <CustomerDetails />
    </Show>
  );
}
