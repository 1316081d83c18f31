import { stockSettings, stockSettingsSave } from '@kram/contract/endpoints/admin';
import {
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  FormHelperText,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { errorMessage, fieldErrors } from '../../error-messages.ts';
import { SettingsScreen } from '../settings-screen.tsx';
import { parseThreshold } from './stock-format.ts';
import { inWords } from './stock-words.ts';

export const stockSettingsKey = ['admin', 'stock', 'settings'] as const;
const t = (key: string) => `resources.stock_settings.${key}`;

type Saved = { low_stock_threshold: number; telegram_alerts: boolean };

function SettingsForm({ saved }: { saved: Saved }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [threshold, setThreshold] = useState(String(saved.low_stock_threshold));
  const [telegram, setTelegram] = useState(saved.telegram_alerts);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = parseThreshold(threshold);
    if ('problem' in parsed || parsed.value === null) {
      setErrors({ low_stock_threshold: translate(t('invalid_threshold')) });
      return;
    }
    const body: { low_stock_threshold?: number; telegram_alerts?: boolean } = {};
    if (parsed.value !== saved.low_stock_threshold) body.low_stock_threshold = parsed.value;
    if (telegram !== saved.telegram_alerts) body.telegram_alerts = telegram;
    if (Object.keys(body).length === 0) {
      notify(t('unchanged'), { type: 'info' });
      return;
    }
    setSaving(true);
    try {
      const answer = await api.call(stockSettingsSave, { body });
      client.setQueryData(stockSettingsKey, answer);
      notify(t('saved'), { type: 'info' });
    } catch (error) {
      const fields = Object.entries(fieldErrors(error, 'stock_admin'));
      setErrors(Object.fromEntries(fields.map(([field, problem]) => [field, inWords(problem, translate)])));
      if (fields.length === 0) notify(inWords(errorMessage(error, 'stock_admin'), translate), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card component="form" onSubmit={save} noValidate>
      <CardContent>
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <TextField
            size="small"
            label={translate(t('threshold'))}
            value={threshold}
            onChange={(event) => {
              setThreshold(event.target.value);
              setErrors(({ low_stock_threshold: _, ...left }) => left);
            }}
            error={Boolean(errors.low_stock_threshold)}
            helperText={errors.low_stock_threshold ?? translate(t('threshold_hint'))}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'stock-settings-threshold' } }}
          />
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={telegram}
                  onChange={(event) => setTelegram(event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'stock-settings-telegram-hint' } }}
                  data-testid="stock-settings-telegram"
                />
              }
              label={translate(t('telegram'))}
            />
            <FormHelperText id="stock-settings-telegram-hint" error={Boolean(errors.telegram_alerts)}>
              {errors.telegram_alerts ?? translate(t('telegram_hint'))}
            </FormHelperText>
          </Box>
          <Box>
            <Button type="submit" variant="contained" disabled={saving} data-testid="stock-settings-save">
              {translate('ra.action.save')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The shop's default low-stock threshold and whether staff hear of low stock in Telegram. */
export function StockSettingsScreen() {
  return (
    <SettingsScreen
      area="stock_settings"
      queryKey={stockSettingsKey}
      read={(signal) => api.call(stockSettings, { signal })}
      loadingHeight={200}
    >
      {(saved) => <SettingsForm saved={saved} />}
    </SettingsScreen>
  );
}
