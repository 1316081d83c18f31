import type { ProductStock } from '@kram/contract/admin-stock';
import { productStockSave } from '@kram/contract/endpoints/admin';
import { Alert, Box, Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { api } from '../../api.ts';
import { errorMessage, fieldErrors } from '../../error-messages.ts';
import { lowStockQueryKey } from './low-stock-card.tsx';
import {
  changesSomething,
  draftsAll,
  draftsOf,
  parseWhole,
  type StockForm,
  type StockMode,
  stockChange,
} from './stock-format.ts';
import { StockGrid } from './stock-grid.tsx';
import { movementsKey } from './stock-movements.tsx';
import { inWords } from './stock-words.ts';

const t = (key: string) => `resources.stock.${key}`;

/** The editor sits inside the product's form: Enter in its fields must not save the product. */
const keepEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

function SaleState({ stock }: { stock: ProductStock }) {
  const translate = useTranslate();
  const [severity, key] = !stock.offered
    ? (['info', 'off'] as const)
    : stock.is_on_sale
      ? (['success', 'on'] as const)
      : (['warning', 'sold_out'] as const);
  return (
    <Alert severity={severity} sx={{ mb: 2 }} data-testid="stock-sale-state">
      {translate(t(`sale.${key}`))}
    </Alert>
  );
}

/** The grid, its bulk actions, the note and the threshold, saved together as one PATCH. */
export function StockEditor({ stock, onSaved }: { stock: ProductStock; onSaved: (answer: ProductStock) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [form, setForm] = useState<StockForm>(() => ({
    mode: 'set',
    drafts: draftsOf(stock, 'set'),
    note: '',
    threshold: stock.low_stock_threshold === null ? '' : String(stock.low_stock_threshold),
  }));
  const [bulk, setBulk] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const edit = (change: Partial<StockForm>, touched: string[]) => {
    setForm((previous) => ({ ...previous, ...change }));
    setProblems((previous) => {
      const left = { ...previous };
      for (const key of touched) delete left[key];
      return left;
    });
    setRefusal(null);
  };
  const setMode = (mode: StockMode) => {
    setProblems({});
    edit({ mode, drafts: draftsOf(stock, mode) }, []);
  };
  const fillAll = (mode: StockMode) => {
    const value = parseWhole(bulk);
    if (value === undefined || (mode === 'set' && value < 0)) {
      setProblems((previous) => ({ ...previous, bulk: translate(t('invalid.bulk')) }));
      return;
    }
    setProblems({});
    edit({ mode, drafts: draftsAll(stock, value) }, []);
  };

  const change = stockChange(stock, form);
  const pending = 'body' in change && changesSomething(change.body) ? change.body.variants.length : 0;

  async function save() {
    if ('problems' in change) {
      setProblems(Object.fromEntries(Object.entries(change.problems).map(([key, text]) => [key, translate(text)])));
      setRefusal(translate(t('fix_cells')));
      return;
    }
    if (!changesSomething(change.body)) {
      notify(t('unchanged'), { type: 'info' });
      return;
    }
    setSaving(true);
    try {
      const answer = await api.call(productStockSave, { params: { id: stock.product_id }, body: change.body });
      onSaved(answer);
      await Promise.all([
        client.invalidateQueries({ queryKey: movementsKey(stock.product_id) }),
        client.invalidateQueries({ queryKey: lowStockQueryKey }),
      ]);
      notify(t('saved'), { type: 'info' });
    } catch (error) {
      const fields = fieldErrors(error, 'stock_admin');
      const shown: Record<string, string> = {};
      let rest: string | null = null;
      for (const [field, problem] of Object.entries(fields)) {
        const words = inWords(problem, translate);
        const cell = /^variants\.(\d+)(\.|$)/.exec(field);
        const key = cell
          ? change.keys[Number(cell[1])]
          : ['low_stock_threshold', 'note'].includes(field)
            ? field
            : null;
        if (key) shown[key] = words;
        else rest ??= words;
      }
      setProblems(shown);
      if (rest) setRefusal(rest);
      else if (Object.keys(shown).length === 0) {
        setRefusal(inWords(errorMessage(error, 'stock_admin'), translate));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box data-testid="stock-editor">
      <SaleState stock={stock} />
      <Stack spacing={1} sx={{ mb: 2 }}>
        <Typography id="stock-mode-label" variant="subtitle2">
          {translate(t('mode.label'))}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={form.mode}
          onChange={(_, mode: StockMode | null) => (mode ? setMode(mode) : undefined)}
          aria-labelledby="stock-mode-label"
          sx={{ flexWrap: 'wrap' }}
        >
          <ToggleButton value="set" data-testid="stock-mode-set">
            {translate(t('mode.set'))}
          </ToggleButton>
          <ToggleButton value="add" data-testid="stock-mode-add">
            {translate(t('mode.add'))}
          </ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary">
          {translate(t(`mode_hint.${form.mode}`))}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          label={translate(t('bulk.amount'))}
          value={bulk}
          onChange={(event) => {
            setBulk(event.target.value);
            setProblems(({ bulk: _, ...left }) => left);
          }}
          onKeyDown={keepEnter}
          error={Boolean(problems.bulk)}
          helperText={problems.bulk}
          sx={{ width: 180 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'stock-bulk-amount' } }}
        />
        <Button variant="outlined" onClick={() => fillAll('set')} data-testid="stock-set-all" sx={{ height: 40 }}>
          {translate(t('bulk.set_all'))}
        </Button>
        <Button variant="outlined" onClick={() => fillAll('add')} data-testid="stock-add-all" sx={{ height: 40 }}>
          {translate(t('bulk.add_all'))}
        </Button>
      </Stack>
      <StockGrid
        stock={stock}
        mode={form.mode}
        drafts={form.drafts}
        problems={problems}
        disabled={saving}
        onChange={(key, value) => edit({ drafts: { ...form.drafts, [key]: value } }, [key])}
      />
      {refusal ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="stock-refusal" role="alert">
          {refusal}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mt: 2,
          gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
          maxWidth: 960,
        }}
      >
        <TextField
          size="small"
          label={translate(t('note'))}
          value={form.note}
          onChange={(event) => edit({ note: event.target.value }, ['note'])}
          onKeyDown={keepEnter}
          error={Boolean(problems.note)}
          helperText={problems.note ?? translate(t('note_hint'))}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'stock-note' } }}
        />
        <TextField
          size="small"
          label={translate(t('threshold'))}
          value={form.threshold}
          placeholder={String(stock.default_threshold)}
          onChange={(event) => edit({ threshold: event.target.value }, ['low_stock_threshold'])}
          onKeyDown={keepEnter}
          error={Boolean(problems.low_stock_threshold)}
          helperText={
            problems.low_stock_threshold ?? translate(t('threshold_hint'), { default: stock.default_threshold })
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'stock-threshold' } }}
        />
      </Box>
      <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" onClick={save} disabled={saving} data-testid="stock-save">
          {translate(t('save'))}
        </Button>
        <Button onClick={() => setMode(form.mode)} disabled={saving} data-testid="stock-reset">
          {translate(t('reset'))}
        </Button>
        {pending > 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="stock-pending">
            {translate(t('changes'), { smart_count: pending })}
          </Typography>
        ) : null}
      </Stack>
    </Box>
  );
}
