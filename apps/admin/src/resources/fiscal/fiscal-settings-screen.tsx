import type { FiscalSettings } from '@kram/contract/admin-fiscal';
import { fiscalSettingsRead, fiscalSettingsSave } from '@kram/contract/endpoints/admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  FormHelperText,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { SettingsScreen } from '../settings-screen.tsx';
import { type SettingsForm, settingsFormOf, settingsUpdate, unchanged } from './fiscal-settings-form.ts';
import { fiscalFieldProblems, fiscalProblem, useWordsNotice } from './fiscal-words.ts';
import { ProductTaxes } from './product-taxes.tsx';

export const fiscalSettingsKey = ['admin', 'fiscal', 'settings'] as const;
const t = (key: string) => `resources.fiscal_settings.${key}`;

function InfoRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ width: { sm: 260 }, color: 'text.secondary', fontWeight: 400 }}>
        {label}
      </TableCell>
      <TableCell data-testid={testId}>{children}</TableCell>
    </TableRow>
  );
}

/** The register as the environment configures it, and the cashier it signs in as: shown, not set here. */
function RegisterCard({ saved }: { saved: FiscalSettings }) {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <Table size="small" sx={{ '& th, & td': { px: { xs: 0.5, sm: 2 } } }}>
          <TableBody>
            <InfoRow label={translate(t('register'))} testId="fiscal-register">
              {translate(t(`registers.${saved.register ?? 'none'}`))}
            </InfoRow>
            <InfoRow label={translate(t('cashier'))} testId="fiscal-cashier">
              {saved.cashier_name ?? translate(t('cashier_unknown'))}
            </InfoRow>
          </TableBody>
        </Table>
        {saved.register === null ? (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="fiscal-no-register">
            {translate(t('no_register_hint'))}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SettingsCard({ saved }: { saved: FiscalSettings }) {
  const translate = useTranslate();
  const notify = useNotify();
  const tell = useWordsNotice();
  const client = useQueryClient();
  const [form, setForm] = useState(() => settingsFormOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const change = (values: Partial<SettingsForm>, clear: string[] = Object.keys(values)) => {
    setForm((previous) => ({ ...previous, ...values }));
    setErrors((previous) => {
      const left = { ...previous };
      for (const key of clear) delete left[key];
      return left;
    });
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const result = settingsUpdate(form);
    if ('problems' in result) {
      setErrors(Object.fromEntries(Object.entries(result.problems).map(([field, key]) => [field, translate(key)])));
      notify(t('fix_fields'), { type: 'error' });
      return;
    }
    if (unchanged(result.update, saved)) {
      notify(t('unchanged'), { type: 'info' });
      return;
    }
    setSaving(true);
    try {
      const answer = await api.call(fiscalSettingsSave, { body: result.update });
      client.setQueryData(fiscalSettingsKey, answer);
      notify(t('saved'), { type: 'info' });
    } catch (error) {
      const fields = fiscalFieldProblems(error, translate);
      setErrors(fields);
      if (Object.keys(fields).length === 0) tell(fiscalProblem(error, translate));
    } finally {
      setSaving(false);
    }
  }

  const field = (name: 'default_tax_code' | 'shift_close_time', label: string, hint: string, extra = {}) => (
    <TextField
      size="small"
      label={translate(t(label))}
      value={form[name]}
      onChange={(event) => change({ [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? translate(t(hint))}
      sx={{ maxWidth: 360 }}
      slotProps={{ htmlInput: { 'data-testid': `fiscal-${name}`, ...extra } }}
    />
  );

  return (
    <Card component="form" onSubmit={save} noValidate>
      <CardContent>
        <Stack spacing={2.5}>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={form.enabled}
                  onChange={(event) => change({ enabled: event.target.checked })}
                  slotProps={{ input: { 'aria-describedby': 'fiscal-enabled-hint' } }}
                  data-testid="fiscal-enabled"
                />
              }
              label={translate(t('enabled'))}
            />
            <FormHelperText id="fiscal-enabled-hint" error={Boolean(errors.enabled)}>
              {errors.enabled ?? translate(t('enabled_hint'))}
            </FormHelperText>
          </Box>
          <Typography variant="h6" component="h2">
            {translate(t('taxes'))}
          </Typography>
          {field('default_tax_code', 'default_tax_code', 'default_tax_code_hint', {
            inputMode: 'numeric',
            maxLength: 2,
            placeholder: translate(t('not_vat_payer')),
          })}
          <ProductTaxes
            rows={form.product_taxes}
            errors={errors}
            onChange={(rows, clear) => change({ product_taxes: rows }, clear)}
          />
          <Typography variant="h6" component="h2">
            {translate(t('shifts'))}
          </Typography>
          {field('shift_close_time', 'shift_close_time', 'shift_close_time_hint', {
            inputMode: 'numeric',
            maxLength: 5,
            placeholder: '23:30',
          })}
          <Box>
            <Button type="submit" variant="contained" disabled={saving} data-testid="fiscal-settings-save">
              {translate('ra.action.save')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Fiscal receipts' settings: whether they are issued, the register and cashier in use (set by the
 * environment), the tax codes (the shop's default, none for a shop that does not pay VAT, and products
 * of their own), and when the shift is closed every day.
 */
export function FiscalSettingsScreen() {
  return (
    <SettingsScreen
      area="fiscal_settings"
      queryKey={fiscalSettingsKey}
      read={(signal) => api.call(fiscalSettingsRead, { signal })}
      loadingHeight={420}
    >
      {(saved) => (
        <Stack spacing={2}>
          <RegisterCard saved={saved} />
          <SettingsCard saved={saved} />
        </Stack>
      )}
    </SettingsScreen>
  );
}
