import type { ShippingSettingsView } from '@kram/contract/admin-shipping';
import { shippingSenders, shippingSettings, shippingSettingsSave } from '@kram/contract/endpoints/admin';
import { cashOnDeliveryKinds } from '@kram/contract/shipping';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  type TextFieldProps,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { errorMessage, formErrors } from '../../error-messages.ts';
import { formatDateTime } from '../orders/order-format.ts';
import { SettingsScreen } from '../settings-screen.tsx';
import { DirectoryPicker } from './directory-picker.tsx';
import { inWords, phoneOf, type SettingsForm, settingsChange, settingsFormOf } from './shipping-format.ts';

const settingsKey = ['admin', 'shipping', 'settings'] as const;
const t = (key: string) => `resources.shipping_settings.${key}`;

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ width: { sm: 260 }, color: 'text.secondary', fontWeight: 400 }}>
        {label}
      </TableCell>
      <TableCell>{children}</TableCell>
    </TableRow>
  );
}

function SettingsCard({ saved }: { saved: ShippingSettingsView }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [form, setForm] = useState(() => settingsFormOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const senders = useQuery({
    queryKey: ['admin', 'shipping', 'senders'],
    queryFn: ({ signal }) => api.call(shippingSenders, { signal }),
    enabled: saved.carrier_connected,
    retry: false,
    staleTime: 5 * 60_000,
  });

  const change = (values: Partial<SettingsForm>) => {
    setForm((previous) => ({ ...previous, ...values }));
    setErrors((previous) => {
      const left = { ...previous };
      for (const key of Object.keys(values)) delete left[key];
      return left;
    });
  };

  async function save() {
    const result = settingsChange(form, saved);
    if ('problems' in result) {
      setErrors(Object.fromEntries(Object.entries(result.problems).map(([k, key]) => [k, translate(key)])));
      return;
    }
    if (Object.keys(result.change).length === 0) {
      notify(t('unchanged'), { type: 'info' });
      return;
    }
    setSaving(true);
    try {
      const answer = await api.call(shippingSettingsSave, { body: result.change });
      client.setQueryData(settingsKey, answer);
      notify(t('saved'), { type: 'info' });
    } catch (error) {
      const fields = formErrors(error, translate, 'shipping');
      setErrors(fields);
      if (Object.keys(fields).length === 0) {
        const problem = errorMessage(error, 'shipping');
        notify(inWords(problem, translate), { type: 'error' });
      }
    } finally {
      setSaving(false);
    }
  }

  const counterparties = senders.data?.senders ?? [];
  const counterparty = counterparties.find((c) => c.counterparty_ref === form.counterparty_ref);
  const counterpartyChoices = [
    ...(form.counterparty_ref && !counterparty ? [{ ref: form.counterparty_ref, name: form.counterparty_name }] : []),
    ...counterparties.map((c) => ({ ref: c.counterparty_ref, name: c.name })),
  ];
  const contacts = counterparty?.contacts ?? [];
  const contactChoices = [
    ...(form.contact_ref && !contacts.some((c) => c.ref === form.contact_ref)
      ? [{ ref: form.contact_ref, name: form.contact_name, phone: form.phone }]
      : []),
    ...contacts,
  ];
  const field = (name: keyof SettingsForm, { helperText, slotProps, ...props }: TextFieldProps = {}) => (
    <TextField
      size="small"
      fullWidth
      label={translate(t(`fields.${name}`))}
      value={form[name]}
      onChange={(event) => change({ [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? helperText ?? ' '}
      {...props}
      slotProps={{ ...slotProps, htmlInput: { 'data-testid': `settings-${name}` } }}
    />
  );
  const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;
  const senderProblem = senders.error ? errorMessage(senders.error, 'shipping') : undefined;

  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate(t('sender'))}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate(t('sender_hint'))}
          </Typography>
          {!saved.carrier_connected ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('errors.shipping.no_carrier')}
            </Alert>
          ) : null}
          {senderProblem ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {inWords(senderProblem, translate)}
            </Alert>
          ) : null}
          <Box sx={grid}>
            {field('counterparty_ref', {
              select: true,
              disabled: counterpartyChoices.length === 0,
              helperText: senders.isFetching ? translate('ra.page.loading') : undefined,
              children: counterpartyChoices.map((c) => (
                <MenuItem key={c.ref} value={c.ref}>
                  {c.name || c.ref}
                </MenuItem>
              )),
              onChange: (event) => {
                const picked = counterparties.find((c) => c.counterparty_ref === event.target.value);
                const only = picked?.contacts.length === 1 ? picked.contacts[0] : undefined;
                change({
                  counterparty_ref: event.target.value,
                  counterparty_name: picked?.name ?? '',
                  contact_ref: only?.ref ?? '',
                  contact_name: only?.name ?? '',
                  ...(only?.phone ? { phone: phoneOf(only.phone) } : {}),
                });
              },
            })}
            {field('contact_ref', {
              select: true,
              disabled: contactChoices.length === 0,
              children: contactChoices.map((c) => (
                <MenuItem key={c.ref} value={c.ref}>
                  {c.name || c.ref}
                  {c.phone ? ` · ${phoneOf(c.phone)}` : ''}
                </MenuItem>
              )),
              onChange: (event) => {
                const picked = contacts.find((c) => c.ref === event.target.value);
                change({
                  contact_ref: event.target.value,
                  contact_name: picked?.name ?? form.contact_name,
                  ...(picked?.phone ? { phone: phoneOf(picked.phone) } : {}),
                });
              },
            })}
            {field('phone', { type: 'tel', helperText: translate(t('phone_hint')) })}
            <Box sx={{ display: { xs: 'none', md: 'block' } }} />
            <DirectoryPicker
              kind="city"
              label={translate(t('fields.city_ref'))}
              value={{ ref: form.city_ref, name: form.city_name }}
              onChange={(city) =>
                change({ city_ref: city.ref, city_name: city.name, warehouse_ref: '', warehouse_name: '' })
              }
              error={errors.city_ref ?? errors.city_name}
              testId="settings-city"
            />
            <DirectoryPicker
              kind="warehouse"
              cityRef={form.city_ref}
              label={translate(t('fields.warehouse_ref'))}
              value={{ ref: form.warehouse_ref, name: form.warehouse_name }}
              onChange={(place) => change({ warehouse_ref: place.ref, warehouse_name: place.name })}
              error={errors.warehouse_ref ?? errors.warehouse_name}
              disabled={!form.city_ref}
              testId="settings-warehouse"
            />
          </Box>
          <Typography variant="h6" component="h2" gutterBottom sx={{ mt: 2 }}>
            {translate(t('cargo'))}
          </Typography>
          <Box sx={grid}>
            {field('cod_kind', {
              select: true,
              helperText: translate(t('cod_kind_hint')),
              children: cashOnDeliveryKinds.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {translate(`resources.shipping.cod_kinds.${kind}`)}
                </MenuItem>
              )),
            })}
            {field('default_weight_kg', {
              helperText: translate(t('default_weight_hint')),
              slotProps: {},
            })}
            {field('description', { helperText: translate(t('description_hint')) })}
            {field('tracking_interval_minutes', { helperText: translate(t('tracking_interval_hint')) })}
          </Box>
          <Button variant="contained" onClick={save} disabled={saving} sx={{ mt: 1 }} data-testid="settings-save">
            {translate('ra.action.save')}
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate(t('state'))}
          </Typography>
          <Table size="small" sx={{ '& th, & td': { px: { xs: 0.5, sm: 2 } } }}>
            <TableBody>
              <InfoRow label={translate(t('carrier_connected'))}>
                {translate(
                  saved.carrier_connected ? (saved.sandbox ? t('sandbox') : t('connected')) : t('not_connected'),
                )}
              </InfoRow>
              <InfoRow label={translate(t('checked_at'))}>
                {saved.checked_at ? formatDateTime(saved.checked_at) : translate(t('not_checked'))}
              </InfoRow>
              <InfoRow label={translate(t('last_tracking_at'))}>
                {saved.last_tracking_at ? formatDateTime(saved.last_tracking_at) : translate(t('never'))}
              </InfoRow>
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </Stack>
  );
}

/** The shop as Nova Poshta's sender (counterparty, contact, branch), the cargo defaults and tracking. */
export function ShippingSettingsScreen() {
  return (
    <SettingsScreen
      area="shipping_settings"
      queryKey={settingsKey}
      read={(signal) => api.call(shippingSettings, { signal })}
      loadingHeight={420}
    >
      {(saved) => <SettingsCard saved={saved} />}
    </SettingsScreen>
  );
}
