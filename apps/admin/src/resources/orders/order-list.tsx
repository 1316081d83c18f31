import type { AdminOrderSummary } from '@kram/contract/admin-orders';
import type { Language } from '@kram/contract/languages';
import { deliveryTypes, orderStatuses, paymentMethods } from '@kram/contract/orders';
import { shipmentStatusLabels, shippingFilterLabels, shippingFilters } from '@kram/contract/shipping';
import { Box, type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  DataTable,
  DateInput,
  List,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { LocalShippingOutlinedIcon } from '../../icons/local-shipping-outlined.tsx';
import { ShippingBulkActions } from '../shipping/shipping-bulk-actions.tsx';
import { OrderExportButton } from './order-export-button.tsx';
import { formatDateTime, formatHryvnias, orderNumber } from './order-format.ts';
import { OrderStatusChip } from './order-status-chip.tsx';

const Column = DataTable.Col<AdminOrderSummary>;

function useFilters() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const shippingLabels = shippingFilterLabels[locale as Language] ?? shippingFilterLabels.uk;
  const choices = (values: readonly string[], group: string) =>
    values.map((id) => ({ id, name: translate(`resources.orders.${group}.${id}`) }));
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('resources.orders.filters.search')}
      sx={{ minWidth: { md: 300 } }}
    />,
    <SelectArrayInput key="status" source="status" alwaysOn choices={choices(orderStatuses, 'statuses')} />,
    <SelectInput
      key="payment_method"
      source="payment_method"
      alwaysOn
      choices={choices(paymentMethods, 'payment_methods')}
    />,
    <SelectInput
      key="delivery_type"
      source="delivery_type"
      alwaysOn
      choices={choices(deliveryTypes, 'delivery_types')}
    />,
    <SelectInput
      key="shipping"
      source="shipping"
      alwaysOn
      choices={shippingFilters.map((id) => ({ id, name: shippingLabels[id] }))}
    />,
    <DateInput key="from" source="from" alwaysOn />,
    <DateInput key="to" source="to" alwaysOn />,
  ];
}

function OrderListActions() {
  return (
    <TopToolbar>
      <OrderExportButton />
    </TopToolbar>
  );
}

const customer = (order: AdminOrderSummary) => `${order.first_name} ${order.last_name}`;

/** The order's parcel in two short lines: the waybill's number, and where the parcel is. */
export function ParcelCell({ shipment }: { shipment: AdminOrderSummary['shipment'] }) {
  const [locale] = useLocaleState();
  if (!shipment) return null;
  const labels = shipmentStatusLabels[locale as Language] ?? shipmentStatusLabels.uk;
  return (
    <Box data-testid="order-parcel" sx={{ lineHeight: 1.2 }}>
      <Typography variant="body2" component="div" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {shipment.number}
      </Typography>
      <Typography variant="caption" component="div" color="text.secondary">
        {labels[shipment.status]}
      </Typography>
    </Box>
  );
}

/** Every order, newest first: whom it is for, how much, how it is paid and delivered, where it stands. */
export function OrderList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const parcelLabels = shipmentStatusLabels[locale as Language] ?? shipmentStatusLabels.uk;
  return (
    <List
      filters={useFilters()}
      actions={<OrderListActions />}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
    >
      {small ? (
        <SimpleList<AdminOrderSummary>
          primaryText={(order) => `${orderNumber(order.id)} · ${customer(order)}`}
          secondaryText={(order) => (
            <>
              {`${translate(`resources.orders.statuses.${order.status}`)} · ${formatDateTime(order.created_at)}`}
              {order.shipment ? (
                <Box
                  component="span"
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                  data-testid="order-parcel"
                >
                  <LocalShippingOutlinedIcon
                    sx={{ fontSize: 16 }}
                    aria-label={translate('resources.orders.fields.shipment')}
                  />
                  {parcelLabels[order.shipment.status]}
                </Box>
              ) : null}
            </>
          )}
          tertiaryText={(order) => formatHryvnias(order.amount)}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={<ShippingBulkActions />}>
          <Column source="id" label="resources.orders.fields.number" disableSort render={(o) => orderNumber(o.id)} />
          <Column source="created_at" render={(o) => formatDateTime(o.created_at)} />
          <Column source="customer" disableSort render={customer} />
          <Column source="phone_number" disableSort />
          <Column source="amount" align="right" render={(o) => formatHryvnias(o.amount)} />
          <Column
            source="payment_method"
            disableSort
            render={(o) => translate(`resources.orders.payment_methods.${o.payment_method}`)}
          />
          <Column
            source="delivery_type"
            disableSort
            render={(o) => translate(`resources.orders.delivery_types.${o.delivery_type}`)}
          />
          <Column source="status" render={(o) => <OrderStatusChip status={o.status} />} />
          <Column source="shipment" disableSort render={(o) => <ParcelCell shipment={o.shipment} />} />
        </DataTable>
      )}
    </List>
  );
}
