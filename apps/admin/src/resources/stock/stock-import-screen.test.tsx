import type { StockImportResult } from '@kram/contract/admin-stock';
import { adminStockMessages } from '@kram/contract/admin-stock';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { StockImportScreen } from './stock-import-screen.tsx';

const csv = 'sku,size,color,quantity\nVRT-1,M,Олива,12\nVRT-1,L,Олива,3\nCAP-2,,,0\n';

const row = (changes: Partial<StockImportResult['rows'][number]>): StockImportResult['rows'][number] => ({
  line: 2,
  sku: 'VRT-1',
  size: 'M',
  color: 'Олива',
  product_id: 7,
  before: 4,
  after: 12,
  error: null,
  ...changes,
});

function stubApi(answers: StockImportResult[]) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
    const answer = answers.shift();
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const sent = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([url, init]) => [url, init?.method, JSON.parse(String(init?.body))]);

function renderScreen() {
  render(
    <AdminContext i18nProvider={createI18nProvider('uk')}>
      <StockImportScreen />
    </AdminContext>,
  );
}

async function choose(text: string, name = 'stock.csv') {
  fireEvent.change(screen.getByTestId('stock-import-file'), {
    target: { files: [new File([text], name, { type: 'text/csv' })] },
  });
  await waitFor(() => expect(screen.getByTestId('stock-import-file-name').textContent).toBe(`Файл: ${name}`));
}

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

describe('the stock update from a CSV file', () => {
  afterEach(() => cleanup());

  it('checks the file first, shows what would change, then applies it', async () => {
    const fetch = stubApi([
      {
        dry_run: true,
        changed: 2,
        unchanged: 1,
        errors: 0,
        rows: [row({}), row({ line: 3, size: 'L', before: null, after: 3 })],
      },
      {
        dry_run: false,
        changed: 2,
        unchanged: 1,
        errors: 0,
        rows: [row({}), row({ line: 3, size: 'L', before: null, after: 3 })],
      },
    ]);
    renderScreen();
    expect(button('stock-import-check').disabled).toBe(true);
    expect(button('stock-import-apply').disabled).toBe(true);
    const template = screen.getByTestId('stock-import-template');
    expect(template.getAttribute('download')).toBe('stock-template.csv');
    expect(decodeURIComponent(template.getAttribute('href') ?? '')).toContain('sku,size,color,quantity\n');
    await choose(csv);
    fireEvent.click(button('stock-import-check'));
    const summary = await screen.findByTestId('stock-import-summary');
    expect(summary.textContent).toBe('Перевірка: зміниться 2, без змін 1, з помилками 0.');
    const rows = within(screen.getByTestId('stock-import-rows')).getAllByRole('row');
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Рядок', 'Артикул', 'Розмір', 'Колір', 'Було → стане'],
      ['2', 'VRT-1', 'M', 'Олива', '4 → 12'],
      ['3', 'VRT-1', 'L', 'Олива', 'не рахується → 3'],
    ]);
    expect(button('stock-import-apply').disabled).toBe(false);
    fireEvent.click(button('stock-import-apply'));
    await waitFor(() =>
      expect(screen.getByTestId('stock-import-summary').textContent).toBe('Залишки оновлено: змінено 2, без змін 1.'),
    );
    expect(sent(fetch)).toEqual([
      ['/api/admin/stock/import/', 'POST', { csv, dry_run: true }],
      ['/api/admin/stock/import/', 'POST', { csv, dry_run: false }],
    ]);
    // Applied: nothing more to apply until the next check.
    expect(button('stock-import-apply').disabled).toBe(true);
  });

  it('lists the rows in error in the back office’s words and does not offer to apply', async () => {
    const fetch = stubApi([
      {
        dry_run: true,
        changed: 1,
        unchanged: 0,
        errors: 2,
        rows: [
          row({}),
          row({
            line: 3,
            sku: 'NOPE',
            size: 'L',
            product_id: null,
            before: null,
            after: null,
            error: adminStockMessages.csvSku,
          }),
          row({ line: 4, error: 'Something the catalogue does not word.' }),
        ],
      },
    ]);
    renderScreen();
    await choose(csv);
    fireEvent.click(button('stock-import-check'));
    const summary = await screen.findByTestId('stock-import-summary');
    expect(summary.textContent).toContain('з помилками 2');
    expect(summary.textContent).toContain('поки є помилки, нічого не буде записано');
    const rows = within(screen.getByTestId('stock-import-rows')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-error'))).toEqual([null, 'true', 'true']);
    expect([...(rows[1] as HTMLElement).children].map((c) => c.textContent)).toEqual([
      '3',
      'NOPE',
      'L',
      'Олива',
      '',
      'Немає товару з таким артикулом.',
    ]);
    expect((rows[2] as HTMLElement).lastElementChild?.textContent).toBe('Something the catalogue does not word.');
    expect(button('stock-import-apply').disabled).toBe(true);
    expect(sent(fetch)).toHaveLength(1);
  });

  it('reads a file saved by Excel in Windows-1251 and asks for a new check when another file is chosen', async () => {
    const fetch = stubApi([
      { dry_run: true, changed: 1, unchanged: 0, errors: 0, rows: [row({})] },
      { dry_run: true, changed: 1, unchanged: 0, errors: 0, rows: [row({})] },
    ]);
    renderScreen();
    await choose(csv);
    fireEvent.click(button('stock-import-check'));
    await screen.findByTestId('stock-import-summary');
    expect(button('stock-import-apply').disabled).toBe(false);
    // "A;M;Олива;1" in Windows-1251.
    const bytes = new Uint8Array([0x41, 0x3b, 0x4d, 0x3b, 0xce, 0xeb, 0xe8, 0xe2, 0xe0, 0x3b, 0x31]);
    fireEvent.change(screen.getByTestId('stock-import-file'), {
      target: { files: [new File([bytes], 'excel.csv')] },
    });
    await waitFor(() => expect(screen.queryByTestId('stock-import-summary')).toBeNull());
    expect(button('stock-import-apply').disabled).toBe(true);
    fireEvent.click(button('stock-import-check'));
    await screen.findByTestId('stock-import-summary');
    expect(sent(fetch)[1]).toEqual(['/api/admin/stock/import/', 'POST', { csv: 'A;M;Олива;1', dry_run: true }]);
  });
});
