import type { ProductStock } from '@kram/contract/admin-stock';
import { adminStockMessages } from '@kram/contract/admin-stock';
import type { StockMovementKind } from '@kram/contract/stock';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { aProduct } from '../../test-fixtures.ts';
import { ProductStockPanel } from './product-stock-panel.tsx';

const stock: ProductStock = {
  product_id: 7,
  low_stock_threshold: null,
  default_threshold: 3,
  offered: true,
  is_on_sale: true,
  sizes: [
    { id: 1, name: 'M' },
    { id: 2, name: 'L' },
  ],
  colors: [
    { id: 5, name: 'Олива', name_ru: 'Олива' },
    { id: 6, name: 'Чорний', name_ru: 'Чёрный' },
  ],
  variants: [
    { size: 1, color: 5, available: 4, reserved: 1, waiting: 0, low: false },
    { size: 1, color: 6, available: 2, reserved: 0, waiting: 0, low: true },
    { size: 2, color: 5, available: null, reserved: 0, waiting: 3, low: false },
    { size: 2, color: 6, available: 0, reserved: 0, waiting: 1, low: true },
  ],
};

/** A movement as the API answers it. */
interface Movement {
  id: number;
  created_at: string;
  kind: StockMovementKind;
  size: string | null;
  color: string | null;
  quantity: number;
  available_after: number | null;
  reserved_after: number;
  order_id: string | null;
  actor: string;
  note: string;
}

const movement: Movement = {
  id: 1,
  created_at: '2026-11-23T10:00:00Z',
  kind: 'sold',
  size: 'M',
  color: 'Олива',
  quantity: -1,
  available_after: 4,
  reserved_after: 0,
  order_id: '0b6f2a44-91c3-4e2b-8d51-3c9a7e1f2d40',
  actor: 'olena@example.com',
  note: '',
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The stock calls answered: the grid, a save (its answer given), the movements. */
function stubApi({
  save = () => json(200, stock),
  movements = { count: 0, results: [] as Movement[] },
}: {
  save?: () => Response;
  movements?: { count: number; results: Movement[] };
} = {}) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/admin/products/7/stock/movements/')) return json(200, movements);
    if (url === '/api/admin/products/7/stock/' && init?.method === 'PATCH') return save();
    if (url === '/api/admin/products/7/stock/') return json(200, stock);
    if (url === '/api/admin/stock/low/') return json(200, { count: 0, results: [] });
    throw new Error(`unexpected ${init?.method} ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const patches = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)));

function renderPanel(language: 'uk' | 'ru' = 'uk') {
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={createI18nProvider(language)}>
        <RecordContextProvider value={aProduct(7, { size_ids: [1, 2], color_ids: [5, 6] })}>
          <ProductStockPanel />
        </RecordContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

const cell = (key: string) => screen.getByTestId(`stock-input-${key}`) as HTMLInputElement;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('a product’s stock tab', () => {
  afterEach(() => cleanup());

  it('shows sizes down and colours across, each cell with its reserved and waiting counts, low ones marked', async () => {
    stubApi();
    renderPanel();
    const grid = await screen.findByTestId('stock-grid');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Розмір', 'Олива', 'Чорний']);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['M', 'L']);
    expect(screen.getByLabelText('Розмір M, колір Олива')).toBe(cell('1:5'));
    expect(cell('1:5').value).toBe('4');
    // Not counted: empty, with the hint.
    expect(cell('2:5').value).toBe('');
    expect(cell('2:5').placeholder).toBe('не рахується');
    expect(screen.getByTestId('stock-cell-1:5').textContent).toContain('резерв 1');
    expect(screen.getByTestId('stock-cell-2:5').textContent).toContain('чекають 3');
    expect(screen.getByTestId('stock-cell-1:6').getAttribute('data-low')).toBe('true');
    expect(screen.getByTestId('stock-cell-1:5').getAttribute('data-low')).toBeNull();
    expect((screen.getByTestId('stock-threshold') as HTMLInputElement).placeholder).toBe('3');
    expect(screen.getByText('Порожнє поле — типовий поріг магазину: 3.')).toBeTruthy();
  });

  it('saves only the changed cells, the note and a changed threshold, then shows what the shop has', async () => {
    const saved: ProductStock = {
      ...stock,
      low_stock_threshold: 2,
      variants: stock.variants.map((v) => (v.size === 1 && v.color === 5 ? { ...v, available: 10 } : v)),
    };
    const fetch = stubApi({ save: () => json(200, saved) });
    renderPanel();
    await screen.findByTestId('stock-grid');
    type(cell('1:5'), '10');
    type(cell('2:5'), '5');
    type(cell('2:6'), '0');
    type(cell('1:6'), '');
    type(screen.getByTestId('stock-note'), 'Інвентаризація');
    type(screen.getByTestId('stock-threshold'), '2');
    expect(screen.getByTestId('stock-pending').textContent).toBe('3 зміни');
    fireEvent.click(screen.getByTestId('stock-save'));
    await waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)[0]).toEqual({
      mode: 'set',
      variants: [
        { size: 1, color: 5, quantity: 10 },
        { size: 1, color: 6, quantity: null },
        { size: 2, color: 5, quantity: 5 },
      ],
      note: 'Інвентаризація',
      low_stock_threshold: 2,
    });
    // The grid starts again from the answer; the movements are asked for again.
    await waitFor(() => expect(screen.queryByTestId('stock-pending')).toBeNull());
    expect(cell('1:5').value).toBe('10');
    expect(cell('1:6').value).toBe('2');
    expect((screen.getByTestId('stock-note') as HTMLInputElement).value).toBe('');
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([url]) => url.includes('/movements/')).length).toBeGreaterThan(1),
    );
  });

  it('keeps what the manager typed when the window regains focus: the grid is not read again then', async () => {
    const fetch = stubApi();
    renderPanel();
    await screen.findByTestId('stock-grid');
    type(cell('1:5'), '9');
    type(screen.getByTestId('stock-bulk-amount'), '6');
    // Another tab (the storefront, say) and back.
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    act(() => focusManager.setFocused(undefined));
    const reads = fetch.mock.calls.filter(
      ([url, init]) => url === '/api/admin/products/7/stock/' && init?.method !== 'PATCH',
    );
    expect(reads).toHaveLength(1);
    expect(cell('1:5').value).toBe('9');
    expect((screen.getByTestId('stock-bulk-amount') as HTMLInputElement).value).toBe('6');
  });

  it('sets every cell to one number', async () => {
    const fetch = stubApi();
    renderPanel();
    await screen.findByTestId('stock-grid');
    type(screen.getByTestId('stock-bulk-amount'), '6');
    fireEvent.click(screen.getByTestId('stock-set-all'));
    expect(['1:5', '1:6', '2:5', '2:6'].map((key) => cell(key).value)).toEqual(['6', '6', '6', '6']);
    fireEvent.click(screen.getByTestId('stock-save'));
    await waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)[0]).toEqual({
      mode: 'set',
      variants: [
        { size: 1, color: 5, quantity: 6 },
        { size: 1, color: 6, quantity: 6 },
        { size: 2, color: 5, quantity: 6 },
        { size: 2, color: 6, quantity: 6 },
      ],
      note: '',
    });
  });

  it('adds a delivery to every cell, and one cell less', async () => {
    const fetch = stubApi();
    renderPanel();
    await screen.findByTestId('stock-grid');
    type(screen.getByTestId('stock-bulk-amount'), '10');
    fireEvent.click(screen.getByTestId('stock-add-all'));
    expect(screen.getByTestId('stock-mode-add').getAttribute('aria-pressed')).toBe('true');
    // What each cell holds now is shown beside what is added.
    expect(screen.getByTestId('stock-cell-1:5').textContent).toContain('зараз 4');
    type(cell('2:6'), '');
    type(cell('1:6'), '-1');
    type(screen.getByTestId('stock-note'), 'Накладна 42');
    fireEvent.click(screen.getByTestId('stock-save'));
    await waitFor(() => expect(patches(fetch)).toHaveLength(1));
    expect(patches(fetch)[0]).toEqual({
      mode: 'add',
      variants: [
        { size: 1, color: 5, quantity: 10 },
        { size: 1, color: 6, quantity: -1 },
        { size: 2, color: 5, quantity: 10 },
      ],
      note: 'Накладна 42',
    });
  });

  it('shows the server’s refusal (409) beside the grid, in the back office’s words', async () => {
    stubApi({
      save: () =>
        json(
          409,
          { detail: adminStockMessages.belowReserved },
          { 'kram-error-codes': JSON.stringify([{ code: 'stock_admin.below_reserved' }]) },
        ),
    });
    renderPanel();
    await screen.findByTestId('stock-grid');
    type(cell('1:5'), '0');
    fireEvent.click(screen.getByTestId('stock-save'));
    expect((await screen.findByTestId('stock-refusal')).textContent).toBe(
      'Одиниць менше, ніж зарезервовано замовленнями: спершу зніміть резерв або відправте ці замовлення.',
    );
    // What was typed stays, to be corrected.
    expect(cell('1:5').value).toBe('0');
  });

  it('words the refusal to go below zero, named by its bare code', async () => {
    stubApi({
      save: () =>
        json(
          409,
          { detail: adminStockMessages.belowZero, code: 'stock_below_zero' },
          { 'kram-error-codes': JSON.stringify([{ code: 'stock_below_zero' }]) },
        ),
    });
    renderPanel();
    await screen.findByTestId('stock-grid');
    fireEvent.click(screen.getByTestId('stock-mode-add'));
    type(cell('1:5'), '-100');
    fireEvent.click(screen.getByTestId('stock-save'));
    expect((await screen.findByTestId('stock-refusal')).textContent).toBe(
      'Залишок не може бути меншим за нуль: відніміть не більше, ніж є.',
    );
  });

  it('puts a refused cell’s problem under that cell', async () => {
    stubApi({
      save: () =>
        json(
          400,
          { 'variants.0.quantity': [adminStockMessages.tooLarge] },
          {
            'kram-error-codes': JSON.stringify([{ field: 'variants.0.quantity', code: 'stock_admin.too_large' }]),
          },
        ),
    });
    renderPanel();
    await screen.findByTestId('stock-grid');
    type(cell('2:6'), '999');
    fireEvent.click(screen.getByTestId('stock-save'));
    await waitFor(() =>
      expect(screen.getByTestId('stock-cell-2:6').textContent).toContain('Щонайбільше 1 000 000 одиниць.'),
    );
  });

  it('refuses a cell that is not a whole number before asking the server', async () => {
    const fetch = stubApi();
    renderPanel();
    await screen.findByTestId('stock-grid');
    type(cell('1:5'), 'abc');
    fireEvent.click(screen.getByTestId('stock-save'));
    expect(await screen.findByText('Ціле число від 0 до 1 000 000.')).toBeTruthy();
    expect(screen.getByTestId('stock-refusal').textContent).toBe('Виправте позначені клітинки.');
    expect(patches(fetch)).toHaveLength(0);
  });

  it('lists the movements: date in Kyiv time, kind, sizes, quantities, the order as a link, who', async () => {
    stubApi({
      movements: {
        count: 2,
        results: [
          movement,
          {
            ...movement,
            id: 2,
            kind: 'received',
            quantity: 10,
            available_after: 5,
            order_id: null,
            note: 'Накладна 42',
          },
        ],
      },
    });
    renderPanel();
    const table = await screen.findByTestId('stock-movements');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['23.11.26, 12:00', 'Продаж', 'M', 'Олива', '\u22121', '4', '0', '#e1f2d40', 'olena@example.com', '']);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/orders/0b6f2a44-91c3-4e2b-8d51-3c9a7e1f2d40/show');
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '23.11.26, 12:00',
      'Надходження',
      'M',
      'Олива',
      '+10',
      '5',
      '0',
      '—',
      'olena@example.com',
      'Накладна 42',
    ]);
  });

  it('says when nothing has moved yet, and when sale is on but nothing is left', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/movements/') ? json(200, { count: 0, results: [] }) : json(200, { ...stock, is_on_sale: false }),
      ),
    );
    renderPanel('ru');
    expect((await screen.findByTestId('stock-movements-empty')).textContent).toBe(
      'Остатки этого товара ещё не менялись.',
    );
    expect((await screen.findByTestId('stock-sale-state')).textContent).toBe(
      'Продажа включена, но ни одного варианта нет в наличии: на сайте товар показан как отсутствующий.',
    );
  });
});
