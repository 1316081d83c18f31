import type { AdminOrder, AdminOrderSummary } from '@kram/contract/admin-orders';
import { Box, Card, CardContent, LinearProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Labeled, Link, Show, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { OrderReceiptsPanel } from '../fiscal/order-receipts-panel.tsx';
import { OrderReturnsLink } from '../returns/order-returns-link.tsx';
import { ShippingPanel } from '../shipping/shipping-panel.tsx';
import { formatDateTime, formatHryvnias, orderNumber } from './order-format.ts';
import { OrderHistory } from './order-history.tsx';
import { OrderLines } from './order-lines.tsx';
import { OrderNotes } from './order-notes.tsx';
import { OrderStatusActions } from './order-status-actions.tsx';
import { OrderStatusChip } from './order-status-chip.tsx';

function OrderTitle() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  return <>{order ? translate('resources.orders.title', { number: orderNumber(order.id) }) : ''}</>;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 0 }} data-testid={testId}>
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
      <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Typography>
    </Labeled>
  );
}

const f = (field: string) => `resources.orders.fields.${field}`;

function Contact({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <Section title="resources.orders.sections.contact" testId="order-contact">
      <Value label={f('customer')}>
        {order.first_name} {order.last_name}
      </Value>
      <Value label={f('phone_number')}>
        <MuiLink href={`tel:${order.phone_number}`}>{order.phone_number}</MuiLink>
      </Value>
      <Value label={f('email')}>
        <MuiLink href={`mailto:${order.email}`}>{order.email}</MuiLink>
      </Value>
      <Value label={f('account')}>
        {order.user_id === null ? (
          translate('resources.orders.guest')
        ) : (
          <Link to={createPath({ resource: 'customers', id: order.user_id, type: 'show' })}>
            {translate('resources.orders.registered')} #{order.user_id}
          </Link>
        )}
      </Value>
      <Value label={f('need_call_back')}>{translate(`resources.orders.${order.need_call_back ? 'yes' : 'no'}`)}</Value>
      {order.comment ? <Value label={f('comment')}>{order.comment}</Value> : null}
      <Value label={f('language')}>{translate(`resources.orders.languages.${order.language}`)}</Value>
    </Section>
  );
}

function Delivery({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  return (
    <Section title="resources.orders.sections.delivery" testId="order-delivery">
      <Value label={f('delivery_type')}>{translate(`resources.orders.delivery_types.${order.delivery_type}`)}</Value>
      <Value label={f('city')}>{order.city || '—'}</Value>
      <Value label={f('branch')}>{order.branch || '—'}</Value>
      {order.city_ref ? <Value label={f('city_ref')}>{order.city_ref}</Value> : null}
      {order.branch_ref ? <Value label={f('branch_ref')}>{order.branch_ref}</Value> : null}
    </Section>
  );
}

function Payment({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const { invoice } = order;
  return (
    <Section title="resources.orders.sections.payment" testId="order-payment">
      <Value label={f('payment_method')}>{translate(`resources.orders.payment_methods.${order.payment_method}`)}</Value>
      <Value label={f('amount')}>{formatHryvnias(order.amount)}</Value>
      {order.promo_code && (
        <Value label={f('promo_code')}>{`${order.promo_code} · −${formatHryvnias(order.discount)}`}</Value>
      )}
      {order.payment_method === 'card' ? (
        <Value label="resources.orders.sections.invoice">
          {invoice
            ? `${translate(`resources.orders.invoice_statuses.${invoice.status}`)} · ${formatHryvnias(invoice.amount)} · ${invoice.invoice_id}${invoice.failure_reason ? ` · ${invoice.failure_reason}` : ''}`
            : translate('resources.orders.sections.no_invoice')}
        </Value>
      ) : null}
      {order.cancel_reason ? <Value label={f('cancel_reason')}>{order.cancel_reason}</Value> : null}
    </Section>
  );
}

/**
 * Whether the record is the whole order. Opened from the list, the page first gets the list's row (a
 * summary, which react-admin caches as the record) and the whole order only when its own answer
 * arrives: lines, notes, history and the allowed moves exist only then.
 */
export function isWholeOrder(record: AdminOrderSummary | AdminOrder): record is AdminOrder {
  return 'items' in record && 'next_statuses' in record && 'history' in record && 'notes' in record;
}

function OrderHeading({ order }: { order: AdminOrderSummary }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
      <Typography variant="h5" component="h1">
        {translate('resources.orders.title', { number: orderNumber(order.id) })}
      </Typography>
      <OrderStatusChip status={order.status} />
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(order.created_at)}
      </Typography>
    </Stack>
  );
}

function WholeOrder({ order }: { order: AdminOrder }) {
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <OrderStatusActions />
        <OrderReturnsLink orderId={order.id} />
      </Stack>
      <Stack spacing={2}>
        <Section title="resources.orders.sections.items">
          <OrderLines />
        </Section>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Contact order={order} />
          <Delivery order={order} />
          <Payment order={order} />
        </Stack>
        {order.delivery_type === 'self_delivery' ? null : (
          <Section title="resources.shipping.panel.title" testId="order-shipping">
            <ShippingPanel order={order} />
          </Section>
        )}
        <Section title="resources.fiscal.panel.title" testId="order-receipts-section">
          <OrderReceiptsPanel order={order} />
        </Section>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Section title="resources.orders.sections.notes">
            <OrderNotes />
          </Section>
          <Section title="resources.orders.sections.history">
            <OrderHistory />
          </Section>
        </Stack>
      </Stack>
    </>
  );
}

function OrderPage() {
  const order = useRecordContext<AdminOrderSummary | AdminOrder>();
  const translate = useTranslate();
  if (!order) return null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <OrderHeading order={order} />
      {isWholeOrder(order) ? (
        <WholeOrder order={order} />
      ) : (
        <LinearProgress aria-label={translate('ra.page.loading')} data-testid="order-loading" sx={{ my: 2 }} />
      )}
    </Box>
  );
}

/** One order: its lines, contact, delivery and payment, its parcel, the moves it allows, notes and history. */
export function OrderShow() {
  return (
    <Show title={<OrderTitle />} actions={false}>
      <OrderPage />
    </Show>
  );
}
