import type { ShipmentView } from '@kram/contract/admin-shipping';
import { orderShippingCreate, orderShippingEstimate, orderShippingUpdate } from '@kram/contract/endpoints/admin';
import { deliveryPayers, shipmentServices } from '@kram/contract/shipping';
import {
  Alert,
  Box,
  Button,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  type TextFieldProps,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { AddIcon } from '../../icons/add.tsx';
import { RemoveCircleOutlinedIcon } from '../../icons/remove-circle-outlined.tsx';
import { DirectoryPicker } from './directory-picker.tsx';
import {
  anotherSeat,
  carrierSilent,
  draftOf,
  type Estimate,
  estimateText,
  type SeatForm,
  totalWeight,
  type WaybillForm,
  type WaybillRefusal,
  waybillRefusal,
} from './shipping-format.ts';

const t = (key: string) => `resources.shipping.form.${key}`;

/** The inputs in a grid: one column on a phone, `columns` from a tablet up. */
function Row({ columns = 3, children }: { columns?: number; children: React.ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: `repeat(${Math.min(columns, 2)}, 1fr)`, md: `repeat(${columns}, 1fr)` },
      }}
    >
      {children}
    </Box>
  );
}

type SeatField = keyof SeatForm;
const seatFields: SeatField[] = ['weight_kg', 'length_cm', 'width_cm', 'height_cm'];

/**
 * A waybill to make or to change, filled in from the order: where it goes, to whom, the parcel's seats
 * and value, the amount collected on receipt. "Calculate" asks the carrier's price (and its fee for
 * collecting cash on delivery) and delivery day for it as filled in. A refusal shows beside the fields it names, in the manager's language, and changes
 * nothing typed; the carrier's silence says so and the same waybill is asked for again.
 */
export function WaybillFormPanel({
  orderId,
  initial,
  mode,
  onDone,
  onCancel,
}: {
  orderId: string;
  initial: WaybillForm;
  mode: 'create' | 'edit';
  onDone: (shipment: ShipmentView) => void;
  onCancel?: () => void;
}) {
  const translate = useTranslate();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [silent, setSilent] = useState(false);
  const [estimate, setEstimate] = useState<Estimate>();
  const [pending, setPending] = useState<'estimate' | 'save'>();

  const change = (values: Partial<WaybillForm>, fields: string[] = Object.keys(values)) => {
    setForm((previous) => ({ ...previous, ...values }));
    setEstimate(undefined);
    setErrors((previous) => {
      const left = { ...previous };
      for (const key of Object.keys(left)) {
        if (fields.some((field) => key === field || key.startsWith(`${field}.`))) delete left[key];
      }
      return left;
    });
  };
  const setSeat = (index: number, field: SeatField, value: string) =>
    change({ seats: form.seats.map((seat, i) => (i === index ? { ...seat, [field]: value } : seat)) }, [
      `seats.${index}.${field}`,
      'seats',
      'weight_kg',
    ]);

  function showRefusal(refusal: WaybillRefusal, isSilent: boolean) {
    setErrors(refusal.fields);
    setGeneral(refusal.general);
    setSilent(isSilent);
  }

  /** The body as typed, or its problems shown beside the fields. */
  function body() {
    const result = draftOf(form);
    if ('problems' in result) {
      showRefusal(
        {
          fields: Object.fromEntries(
            Object.entries(result.problems).map(([field, p]) => [field, translate(p.key, p.values)]),
          ),
          general: [],
        },
        false,
      );
      return undefined;
    }
    return result.draft;
  }

  async function calculate() {
    const draft = body();
    if (!draft) return;
    setPending('estimate');
    showRefusal({ fields: {}, general: [] }, false);
    try {
      setEstimate(await api.call(orderShippingEstimate, { params: { id: orderId }, body: draft }));
    } catch (error) {
      showRefusal(waybillRefusal(error, translate), false);
    } finally {
      setPending(undefined);
    }
  }

  async function save() {
    const draft = body();
    if (!draft) return;
    setPending('save');
    showRefusal({ fields: {}, general: [] }, false);
    try {
      const endpoint = mode === 'create' ? orderShippingCreate : orderShippingUpdate;
      onDone(await api.call(endpoint, { params: { id: orderId }, body: draft }));
    } catch (error) {
      showRefusal(waybillRefusal(error, translate), carrierSilent(error));
    } finally {
      setPending(undefined);
    }
  }

  const input = (field: keyof WaybillForm, { helperText, slotProps, ...props }: TextFieldProps = {}) => (
    <TextField
      size="small"
      fullWidth
      label={translate(t(field))}
      value={form[field]}
      onChange={(event) => change({ [field]: event.target.value })}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? helperText ?? ' '}
      {...props}
      slotProps={{ ...slotProps, htmlInput: { 'data-testid': `waybill-${field}` } }}
    />
  );
  const weight = totalWeight(form.seats);
  const toAddress = form.service === 'address';

  return (
    <Stack
      spacing={1}
      component="form"
      noValidate
      onSubmit={(event) => event.preventDefault()}
      data-testid="waybill-form"
    >
      <Row>
        {input('service', {
          select: true,
          children: shipmentServices.map((service) => (
            <MenuItem key={service} value={service}>
              {translate(`resources.shipping.services.${service}`)}
            </MenuItem>
          )),
        })}
        {input('payer', {
          select: true,
          children: deliveryPayers.map((payer) => (
            <MenuItem key={payer} value={payer}>
              {translate(`resources.shipping.payers.${payer}`)}
            </MenuItem>
          )),
        })}
        {input('send_day', {
          type: 'date',
          helperText: translate(t('send_day_hint')),
          slotProps: { inputLabel: { shrink: true } },
        })}
      </Row>
      <Typography variant="subtitle2" component="h3">
        {translate(t('recipient'))}
      </Typography>
      <Row>
        {input('recipient_last_name', { autoComplete: 'off' })}
        {input('recipient_first_name', { autoComplete: 'off' })}
        {input('recipient_phone', { type: 'tel', autoComplete: 'off' })}
      </Row>
      <Row columns={2}>
        <DirectoryPicker
          kind="city"
          label={translate(t('city'))}
          value={{ ref: form.city_ref, name: form.city_name }}
          onChange={(city) =>
            change({ city_ref: city.ref, city_name: city.name, warehouse_ref: '', warehouse_name: '' }, [
              'city_ref',
              'city_name',
              'warehouse_ref',
              'warehouse_name',
            ])
          }
          error={errors.city_ref ?? errors.city_name}
          testId="waybill-city"
        />
        {toAddress ? (
          input('address')
        ) : (
          <DirectoryPicker
            kind="warehouse"
            cityRef={form.city_ref}
            label={translate(t(form.service === 'locker' ? 'locker' : 'warehouse'))}
            value={{ ref: form.warehouse_ref, name: form.warehouse_name }}
            onChange={(place) =>
              change({ warehouse_ref: place.ref, warehouse_name: place.name }, ['warehouse_ref', 'warehouse_name'])
            }
            error={errors.warehouse_ref ?? errors.warehouse_name}
            disabled={!form.city_ref}
            testId="waybill-warehouse"
          />
        )}
      </Row>
      <Typography variant="subtitle2" component="h3">
        {translate(t('seats'), { smart_count: form.seats.length })}
      </Typography>
      <Stack spacing={1} data-testid="waybill-seats">
        {form.seats.map((seat, index) => (
          // Seats have no identity of their own: the place in the list is the one.
          // biome-ignore lint/suspicious/noArrayIndexKey: seats are only added at the end or removed
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="body2" sx={{ pt: 1, minWidth: 20 }} color="text.secondary">
              {index + 1}.
            </Typography>
            <Box
              sx={{ flex: 1, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}
            >
              {seatFields.map((field) => (
                <TextField
                  key={field}
                  size="small"
                  label={translate(t(`seat.${field}`))}
                  value={seat[field]}
                  onChange={(event) => setSeat(index, field, event.target.value)}
                  error={Boolean(errors[`seats.${index}.${field}`])}
                  helperText={errors[`seats.${index}.${field}`] ?? ' '}
                  slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `waybill-seat-${index}-${field}` } }}
                />
              ))}
            </Box>
            <IconButton
              aria-label={translate(t('remove_seat'))}
              title={translate(t('remove_seat'))}
              disabled={form.seats.length === 1}
              onClick={() => change({ seats: form.seats.filter((_, i) => i !== index) }, ['seats', 'weight_kg'])}
            >
              <RemoveCircleOutlinedIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            size="small"
            startIcon={<AddIcon />}
            disabled={form.seats.length >= 20}
            onClick={() => change({ seats: [...form.seats, { ...anotherSeat(form.seats) }] }, ['seats'])}
          >
            {translate(t('add_seat'))}
          </Button>
          <Typography variant="body2" color={errors.weight_kg ? 'error' : 'text.secondary'}>
            {translate(t('total_weight'), { weight: weight === undefined ? '—' : String(weight).replace('.', ',') })}
          </Typography>
        </Stack>
        {errors.weight_kg || errors.seats ? (
          <Typography variant="caption" color="error" role="alert">
            {[errors.weight_kg, errors.seats].filter(Boolean).join(' ')}
          </Typography>
        ) : null}
      </Stack>
      <Row>
        {input('declared_value', { helperText: translate(t('hryvnias')) })}
        {input('cash_on_delivery', { helperText: translate(t('cash_on_delivery_hint')) })}
        {input('description')}
      </Row>
      {general.length > 0 ? (
        <Alert
          severity="error"
          data-testid="waybill-refusal"
          action={
            silent ? (
              <Button color="inherit" size="small" onClick={save} disabled={pending !== undefined}>
                {translate(t('retry'))}
              </Button>
            ) : undefined
          }
        >
          {general.map((text) => (
            <div key={text}>{text}</div>
          ))}
        </Alert>
      ) : null}
      {estimate ? (
        <Alert severity="info" data-testid="waybill-estimate">
          {estimateText(estimate, translate)}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={calculate}
          disabled={pending !== undefined}
          data-testid="waybill-estimate-button"
        >
          {translate(t(pending === 'estimate' ? 'calculating' : 'calculate'))}
        </Button>
        <Button variant="contained" onClick={save} disabled={pending !== undefined} data-testid="waybill-save">
          {translate(t(pending === 'save' ? 'saving' : mode === 'create' ? 'create' : 'save'))}
        </Button>
        {onCancel ? (
          <Button onClick={onCancel} disabled={pending !== undefined}>
            {translate('ra.action.cancel')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
