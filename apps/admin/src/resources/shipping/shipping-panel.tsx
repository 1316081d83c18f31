import type { AdminOrder } from '@kram/contract/admin-orders';
import type { OrderShipping, ShipmentView } from '@kram/contract/admin-shipping';
import {
  orderShipping,
  orderShippingByHand,
  orderShippingCreate,
  orderShippingDelete,
  shippingTrack,
} from '@kram/contract/endpoints/admin';
import type { Language } from '@kram/contract/languages';
import { shipmentStatusLabels } from '@kram/contract/shipping';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Confirm, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { errorMessage } from '../../error-messages.ts';
import { DeleteOutlinedIcon } from '../../icons/delete-outlined.tsx';
import { EditIcon } from '../../icons/edit.tsx';
import { OpenInNewIcon } from '../../icons/open-in-new.tsx';
import { ReceiptLongIcon } from '../../icons/receipt-long.tsx';
import { SyncIcon } from '../../icons/sync.tsx';
import { formatDateTime, formatHryvnias } from '../orders/order-format.ts';
import {
  destinationOf,
  draftOf,
  formatDay,
  formFromDraft,
  formFromShipment,
  inWords,
  isWaybillNumber,
  type LabelFormat,
  recipientName,
  shippingText,
  storageEnding,
  waybillNumberOf,
  waybillRefusal,
} from './shipping-format.ts';
import { openLabels } from './shipping-pdf.ts';
import { WaybillFormPanel } from './waybill-form.tsx';

const t = (key: string) => `resources.shipping.panel.${key}`;

export const orderShippingKey = (orderId: string) => ['admin', 'orders', orderId, 'shipping'] as const;

/** Tells of a failed call in the manager's language. */
function useProblemNotice() {
  const notify = useNotify();
  const translate = useTranslate();
  return (error: unknown) => {
    const problem = errorMessage(error, 'shipping');
    notify(inWords(problem, translate), { type: 'error' });
  };
}

/** A waybill made elsewhere, typed by hand: 14 digits. */
function ByHandForm({ orderId, onDone, open }: { orderId: string; onDone: () => void; open: boolean }) {
  const translate = useTranslate();
  const [shown, setShown] = useState(open);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const [general, setGeneral] = useState<string[]>([]);
  const [pending, setPending] = useState(false);

  async function save() {
    const number = waybillNumberOf(typed);
    if (!isWaybillNumber(number)) {
      setProblem(translate('errors.shipping.waybill_number'));
      return;
    }
    setPending(true);
    try {
      await api.call(orderShippingByHand, { params: { id: orderId }, body: { number } });
      onDone();
    } catch (error) {
      const refusal = waybillRefusal(error, translate, ['number']);
      setProblem(refusal.fields.number);
      setGeneral(refusal.general);
    } finally {
      setPending(false);
    }
  }

  if (!shown) {
    return (
      <Box>
        <Button size="small" onClick={() => setShown(true)} data-testid="waybill-by-hand-open">
          {translate(t('by_hand'))}
        </Button>
      </Box>
    );
  }
  return (
    <Stack spacing={1} data-testid="waybill-by-hand">
      <Typography variant="subtitle2" component="h3">
        {translate(t('by_hand'))}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(t('by_hand_hint'))}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          label={translate(t('number'))}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(undefined);
          }}
          error={Boolean(problem)}
          helperText={problem ?? ' '}
          sx={{ width: { sm: 320 }, flex: 'none' }}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20, 'data-testid': 'waybill-by-hand-number' } }}
        />
        <Button
          variant="outlined"
          onClick={save}
          disabled={pending}
          sx={{ mt: { sm: '4px' }, whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {translate(t('by_hand_save'))}
        </Button>
      </Stack>
      {general.length > 0 ? <Alert severity="error">{general.join(' ')}</Alert> : null}
    </Stack>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <TableRow data-testid={testId}>
      <TableCell
        component="th"
        scope="row"
        sx={{ width: { sm: 220 }, color: 'text.secondary', verticalAlign: 'top', fontWeight: 400 }}
      >
        {label}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{children}</TableCell>
    </TableRow>
  );
}

/** The order's waybill: where the parcel is, what it costs and collects, its history, and what may be done. */
function ShipmentDetails({
  shipment,
  onEdit,
  onChanged,
}: {
  shipment: ShipmentView;
  onEdit: () => void;
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const problemNotice = useProblemNotice();
  const [locale] = useLocaleState();
  const language = locale as Language;
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState<'delete' | 'track' | 'ask' | LabelFormat>();
  const ending = storageEnding(shipment);

  async function remove() {
    setPending('delete');
    try {
      await api.call(orderShippingDelete, { params: { id: shipment.order_id } });
      notify(t('deleted'), { type: 'info' });
      setAsking(false);
      onChanged();
    } catch (error) {
      problemNotice(error);
    } finally {
      setPending(undefined);
    }
  }

  /**
   * Asks for a waybill whose answer was lost, as it was asked: the server looks for the one the carrier
   * made under the shipment's own reference before it makes any.
   */
  async function askAgain() {
    const result = draftOf(formFromShipment(shipment));
    if ('problems' in result) return;
    setPending('ask');
    try {
      const made = await api.call(orderShippingCreate, { params: { id: shipment.order_id }, body: result.draft });
      notify(t('created'), { type: 'info', messageArgs: { number: made.number ?? '' } });
      onChanged();
    } catch (error) {
      problemNotice(error);
    } finally {
      setPending(undefined);
    }
  }

  async function track() {
    setPending('track');
    try {
      const run = await api.call(shippingTrack, { body: {} });
      notify(run.running ? t('tracking_running') : t('tracked'), {
        type: 'info',
        messageArgs: { asked: run.asked, changed: run.changed },
      });
      onChanged();
    } catch (error) {
      problemNotice(error);
    } finally {
      setPending(undefined);
    }
  }

  async function labels(format: LabelFormat) {
    setPending(format);
    try {
      await openLabels([shipment.order_id], format);
    } catch (error) {
      problemNotice(error);
    } finally {
      setPending(undefined);
    }
  }

  const collected = shipment.cash_on_delivery;
  const printable = shipment.number !== null && !shipment.by_hand;
  const lost = shipment.number === null && !shipment.by_hand;
  return (
    <Stack spacing={2} data-testid="shipment">
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {shipment.number && shipment.tracking_url ? (
            <Link href={shipment.tracking_url} target="_blank" rel="noopener noreferrer" data-testid="shipment-number">
              {shipment.number}
              <OpenInNewIcon sx={{ fontSize: 16, ml: 0.5, verticalAlign: 'middle' }} />
            </Link>
          ) : (
            translate(t('number_pending'))
          )}
        </Typography>
        <Chip
          size="small"
          label={shipmentStatusLabels[language][shipment.status]}
          color={shipment.status === 'refused' || shipment.status === 'returning' ? 'warning' : 'default'}
          data-testid="shipment-status"
        />
        {shipment.by_hand ? <Chip size="small" variant="outlined" label={translate(t('typed_by_hand'))} /> : null}
      </Stack>
      {lost ? (
        <Alert severity="warning" data-testid="shipment-pending">
          {translate('errors.shipping.pending')}
        </Alert>
      ) : null}
      <Table size="small" sx={{ '& th, & td': { px: { xs: 0.5, sm: 2 } } }}>
        <TableBody>
          {shipment.carrier_text ? <Row label={translate(t('carrier_text'))}>{shipment.carrier_text}</Row> : null}
          <Row label={translate(t('destination'))}>
            {translate(`resources.shipping.services.${shipment.service}`)}: {destinationOf(shipment)}
          </Row>
          <Row label={translate(t('recipient'))}>
            {recipientName(shipment)}, {shipment.recipient_phone}
          </Row>
          <Row label={translate(t('parcel'))}>
            {translate(t('parcel_value'), {
              weight: String(shipment.weight_kg).replace('.', ','),
              seats: translate(t('seats_count'), { smart_count: shipment.seats.length }),
              value: formatHryvnias(shipment.declared_value),
            })}
          </Row>
          {shipment.cost ? (
            <Row label={translate(t('cost'))}>
              {formatHryvnias(shipment.cost)} · {translate(`resources.shipping.payers_short.${shipment.payer}`)}
            </Row>
          ) : null}
          {shipment.send_day ? <Row label={translate(t('send_day'))}>{formatDay(shipment.send_day)}</Row> : null}
          {shipment.delivery_day ? (
            <Row label={translate(t('delivery_day'))}>{formatDay(shipment.delivery_day)}</Row>
          ) : null}
          {shipment.arrived_at ? (
            <Row label={translate(t('arrived_at'))}>{formatDateTime(shipment.arrived_at)}</Row>
          ) : null}
          {shipment.storage_until ? (
            <Row label={translate(t('storage_until'))} testId="shipment-storage">
              {ending ? (
                <Chip
                  size="small"
                  color="error"
                  label={translate(t('storage_ending'), { day: formatDay(shipment.storage_until) })}
                />
              ) : (
                formatDay(shipment.storage_until)
              )}
            </Row>
          ) : null}
          {shipment.received_at ? (
            <Row label={translate(t('received_at'))}>{formatDateTime(shipment.received_at)}</Row>
          ) : null}
          {collected ? (
            <Row label={translate(t('cash_on_delivery'))}>
              {[
                formatHryvnias(collected),
                shipment.cod_kind === 'payment_control'
                  ? translate('resources.shipping.cod_kinds.payment_control')
                  : '',
                shipment.money_transferred_at
                  ? translate(t('money_transferred'), { at: formatDateTime(shipment.money_transferred_at) })
                  : translate(t('money_not_transferred')),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Row>
          ) : null}
          {shipment.return_number ? <Row label={translate(t('return_number'))}>{shipment.return_number}</Row> : null}
          {shipment.register_number ? (
            <Row label={translate(t('register_number'))}>{shipment.register_number}</Row>
          ) : null}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {shipment.editable ? (
          <Button size="small" variant="outlined" startIcon={<EditIcon />} onClick={onEdit} data-testid="shipment-edit">
            {translate(t('edit'))}
          </Button>
        ) : null}
        {shipment.deletable ? (
          <Button
            size="small"
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            onClick={() => setAsking(true)}
            data-testid="shipment-delete"
          >
            {translate(t('delete'))}
          </Button>
        ) : null}
        {lost ? (
          <Button
            size="small"
            variant="contained"
            onClick={askAgain}
            disabled={pending !== undefined}
            data-testid="shipment-ask-again"
          >
            {translate('resources.shipping.form.retry')}
          </Button>
        ) : null}
        {printable ? (
          <>
            <Button
              size="small"
              variant="outlined"
              startIcon={<ReceiptLongIcon />}
              onClick={() => labels('marking')}
              disabled={pending !== undefined}
              data-testid="shipment-label-marking"
            >
              {translate(t('label_marking'))}
            </Button>
            <Button
              size="small"
              variant="outlined"
              startIcon={<ReceiptLongIcon />}
              onClick={() => labels('a4')}
              disabled={pending !== undefined}
              data-testid="shipment-label-a4"
            >
              {translate(t('label_a4'))}
            </Button>
          </>
        ) : null}
        <Button
          size="small"
          startIcon={<SyncIcon />}
          onClick={track}
          disabled={pending !== undefined}
          data-testid="shipment-track"
        >
          {translate(t('track'))}
        </Button>
      </Stack>
      {shipment.history.length > 0 ? (
        <Box>
          <Typography variant="subtitle2" component="h3">
            {translate(t('history'))}
          </Typography>
          <List dense disablePadding data-testid="shipment-history">
            {[...shipment.history].reverse().map((event) => (
              <ListItem key={`${event.at}-${event.status}`} disableGutters divider>
                <ListItemText
                  primary={shipmentStatusLabels[language][event.status]}
                  secondary={[formatDateTime(event.at), event.carrier_text].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      ) : null}
      <Confirm
        isOpen={asking}
        loading={pending === 'delete'}
        title={t('delete_title')}
        translateOptions={{ number: shipment.number ?? '' }}
        content={shipment.by_hand ? t('delete_content_by_hand') : t('delete_content')}
        confirm={t('delete')}
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}

function PanelBody({ order, data, onChanged }: { order: AdminOrder; data: OrderShipping; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const { shipment, draft, blocked } = data;

  if (shipment && editing) {
    return (
      <WaybillFormPanel
        orderId={order.id}
        mode="edit"
        initial={formFromShipment(shipment)}
        onDone={() => {
          notify(t('updated'), { type: 'info' });
          setEditing(false);
          onChanged();
        }}
        onCancel={() => setEditing(false)}
      />
    );
  }
  if (shipment) {
    return <ShipmentDetails shipment={shipment} onEdit={() => setEditing(true)} onChanged={onChanged} />;
  }
  if (!draft) {
    return (
      <Alert severity="info" data-testid="shipping-blocked">
        {shippingText(blocked ?? '', translate)}
      </Alert>
    );
  }
  const entered = () => {
    notify(t('entered'), { type: 'info' });
    onChanged();
  };
  if (!data.carrier_connected) {
    return (
      <Stack spacing={2}>
        <Alert severity="info">{translate('errors.shipping.no_carrier')}</Alert>
        <ByHandForm orderId={order.id} onDone={entered} open />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <WaybillFormPanel
        orderId={order.id}
        mode="create"
        initial={formFromDraft(draft)}
        onDone={(made) => {
          notify(t('created'), { type: 'info', messageArgs: { number: made.number ?? '' } });
          onChanged();
        }}
      />
      <ByHandForm orderId={order.id} onDone={entered} open={false} />
    </Stack>
  );
}

/**
 * The order's parcel with Nova Poshta: its waybill (where it is, what it costs and collects, labels),
 * or the form of a new one, or why the order cannot have one yet.
 */
export function ShippingPanel({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const client = useQueryClient();
  const { data, isPending, isError } = useQuery({
    queryKey: orderShippingKey(order.id),
    queryFn: ({ signal }) => api.call(orderShipping, { params: { id: order.id }, signal }),
  });
  // A waybill moves the order (shipped, by hand) and writes its history: the whole page reloads.
  const changed = () => {
    void client.invalidateQueries({ queryKey: orderShippingKey(order.id) });
    refresh();
  };
  if (isPending) return <Skeleton variant="rounded" height={120} />;
  if (isError || !data) return <Alert severity="error">{translate(t('load_failed'))}</Alert>;
  // A new waybill starts from the order as it is now: its form is made again when the order changes.
  return (
    <PanelBody
      key={`${order.updated_at}-${data.shipment?.id ?? 'new'}`}
      order={order}
      data={data}
      onChanged={changed}
    />
  );
}
