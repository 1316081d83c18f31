import type { FiscalSettings } from '@kram/contract/admin-fiscal';
import { adminFiscalMessages } from '@kram/contract/admin-fiscal';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { aProduct } from '../../test-fixtures.ts';
import { FiscalSettingsScreen } from './fiscal-settings-screen.tsx';
import { fiscalSettings, json } from './fiscal-test-kit.ts';

const products = [aProduct(9, { name: 'Черевики Шлях', sku: 'SHL-9' }), aProduct(12, { name: 'Кепка', sku: 'CAP-12' })];

/** The settings as saved (`first`), each save answered by `save`; the catalogue's products to pick. */
function stubApi(first: FiscalSettings, save: (body: Record<string, unknown>) => Response) {
  const fetch = vi.fn(async (address: string, init?: RequestInit) => {
    const url = new URL(address, 'http://kram.test');
    if (url.pathname === '/api/admin/products/') {
      const ids = url.searchParams.getAll('id').map(Number);
      const q = url.searchParams.get('q') ?? '';
      const results = ids.length
        ? products.filter((p) => ids.includes(p.id))
        : products.filter((p) => p.name.toLowerCase().includes(q.toLowerCase()) || p.sku.includes(q));
      return json(200, { count: results.length, results });
    }
    if (init?.method === 'PUT') return save(JSON.parse(String(init.body)));
    return json(200, first);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const puts = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));

function renderScreen(language: 'uk' | 'ru' = 'uk') {
  render(
    <AdminContext i18nProvider={createI18nProvider(language)}>
      <FiscalSettingsScreen />
    </AdminContext>,
  );
}

const save = () => fireEvent.click(screen.getByTestId('fiscal-settings-save'));
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the fiscal settings', () => {
  afterEach(() => cleanup());

  it('shows the register and cashier as configured, and the saved settings', async () => {
    stubApi(fiscalSettings(), () => json(500, {}));
    renderScreen();
    expect((await screen.findByTestId('fiscal-register')).textContent).toBe(
      'Тестова каса магазину (ключ Checkbox не задано)',
    );
    expect(screen.getByTestId('fiscal-cashier').textContent).toBe('Тестовий касир');
    expect((screen.getByRole('switch', { name: 'Видавати фіскальні чеки' }) as HTMLInputElement).checked).toBe(true);
    // Empty: the shop is not a VAT payer.
    const defaultCode = screen.getByTestId('fiscal-default_tax_code') as HTMLInputElement;
    expect(defaultCode.value).toBe('');
    expect(defaultCode.placeholder).toBe('не платник ПДВ');
    expect((screen.getByTestId('fiscal-shift_close_time') as HTMLInputElement).value).toBe('23:30');
    const rows = screen.getAllByTestId('fiscal-tax-row');
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual(['Куртка ВартовийVRT-1 · №7']);
    expect(screen.queryByTestId('fiscal-no-register')).toBeNull();
  });

  it('tells how to connect a register when none is configured', async () => {
    stubApi(fiscalSettings({ register: null, cashier_name: null }), () => json(500, {}));
    renderScreen('ru');
    expect((await screen.findByTestId('fiscal-register')).textContent).toBe('Нет');
    expect(screen.getByTestId('fiscal-cashier').textContent).toBe('Станет известен после первого входа в кассу');
    expect(screen.getByTestId('fiscal-no-register').textContent).toContain('CHECKBOX_LICENSE_KEY');
  });

  it('refuses tax codes and a close time that are not ones, and sends nothing', async () => {
    const fetch = stubApi(fiscalSettings(), () => json(500, {}));
    renderScreen();
    await screen.findByTestId('fiscal-settings-save');
    type('fiscal-default_tax_code', '100');
    type('fiscal-shift_close_time', '24:10');
    type('fiscal-tax-row-code', '0');
    save();
    expect(await screen.findByText('Ціле число від 1 до 99 або порожньо.')).toBeTruthy();
    expect(screen.getByText('Час у форматі ГГ:ХХ, наприклад 23:30, або порожньо.')).toBeTruthy();
    const row = screen.getByTestId('fiscal-tax-row');
    expect(within(row).getByText('Ціле число від 1 до 99.')).toBeTruthy();
    expect(puts(fetch)).toEqual([]);
    // A field typed again loses its problem.
    type('fiscal-default_tax_code', '');
    expect(screen.queryByText('Ціле число від 1 до 99 або порожньо.')).toBeNull();
  });

  it('saves the whole settings: a product added by search, one removed, the shift not closed by schedule', async () => {
    const fetch = stubApi(fiscalSettings(), (body) =>
      json(
        200,
        fiscalSettings({
          enabled: body.enabled as boolean,
          default_tax_code: body.default_tax_code as number | null,
          product_taxes: [{ product_id: 9, name: 'Черевики Шлях', sku: 'SHL-9', tax_code: 2 }],
          shift_close_time: body.shift_close_time as string | null,
        }),
      ),
    );
    renderScreen();
    await screen.findByTestId('fiscal-settings-save');
    // Nothing changed: nothing is sent.
    save();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts(fetch)).toEqual([]);

    // A product needs a code, and is added once.
    const picker = screen.getByTestId('fiscal-product-picker');
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'Шлях' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Черевики Шлях (SHL-9) · №9' }));
    fireEvent.click(screen.getByTestId('fiscal-tax-add'));
    expect(await screen.findByText('Ціле число від 1 до 99.')).toBeTruthy();
    type('fiscal-tax-code-new', '2');
    fireEvent.click(screen.getByTestId('fiscal-tax-add'));
    await waitFor(() => expect(screen.getAllByTestId('fiscal-tax-row')).toHaveLength(2));
    fireEvent.click(
      within(screen.getAllByTestId('fiscal-tax-row')[0] as HTMLElement).getByTestId('fiscal-tax-row-remove'),
    );

    type('fiscal-default_tax_code', ' 1 ');
    type('fiscal-shift_close_time', '');
    fireEvent.click(screen.getByRole('switch', { name: 'Видавати фіскальні чеки' }));
    save();
    await waitFor(() => expect(puts(fetch)).toHaveLength(1));
    expect(puts(fetch)[0]).toEqual({
      enabled: false,
      default_tax_code: 1,
      product_taxes: [{ product_id: 9, tax_code: 2 }],
      shift_close_time: null,
    });
    // The saved answer makes the form again.
    await waitFor(() => expect((screen.getByTestId('fiscal-shift_close_time') as HTMLInputElement).value).toBe(''));
    expect((screen.getByTestId('fiscal-default_tax_code') as HTMLInputElement).value).toBe('1');
  });

  it('writes a nine-thirty close time as 09:30, and shows the server’s field problems on their fields', async () => {
    const fetch = stubApi(fiscalSettings(), () =>
      json(400, {
        shift_close_time: [adminFiscalMessages.closeTime],
        'product_taxes.0.tax_code': [adminFiscalMessages.taxCode],
      }),
    );
    renderScreen();
    await screen.findByTestId('fiscal-settings-save');
    type('fiscal-shift_close_time', '9:30');
    save();
    await waitFor(() => expect(puts(fetch)).toHaveLength(1));
    expect(puts(fetch)[0]?.shift_close_time).toBe('09:30');
    expect(await screen.findByText('Час у форматі ГГ:ХХ, від 00:00 до 23:59.')).toBeTruthy();
    expect(
      within(screen.getByTestId('fiscal-tax-row')).getByText('Код податку — ціле число від 1 до 99.'),
    ).toBeTruthy();
  });
});
