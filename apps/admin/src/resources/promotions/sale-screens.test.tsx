import { type AdminSale, adminPromotionMessages, adminSaleCreate } from '@kram/contract/admin-promotions';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Resource } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { allowAdminNoise, json, pick, renderAdminAt, sent, stubApi } from './promotions-test-kit.tsx';
import { SaleCreate, SaleEdit, SaleList } from './sale-screens.tsx';

const aSale = (id: number, changes: Partial<AdminSale> = {}): AdminSale => ({
  id,
  name: `Розпродаж ${id}`,
  percent: 20,
  starts_at: '2026-11-23T07:00:00Z',
  ends_at: '2026-11-30T21:59:00Z',
  category_ids: [3],
  product_ids: [],
  state: 'scheduled',
  products_on_sale: 0,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...changes,
});

/** The back office at `path` with this file's screens. */
const renderAt = (path: string) =>
  renderAdminAt(path, <Resource name="sales" list={SaleList} create={SaleCreate} edit={SaleEdit} />);

allowAdminNoise();

/** The list's row of a sale, cell by column. */
async function rowOf(name: string) {
  const row = (await screen.findByText(name)).closest('tr') as HTMLElement;
  const cell = (column: string) => row.querySelector(`.column-${column}`)?.textContent?.replace(/\s/gu, ' ');
  return { row, cell };
}

/** A new sale's form filled in: «Чорна п’ятниця», 30 %, the period given, the shoes' category. */
async function fillSale(start: string, end: string) {
  fireEvent.change(await screen.findByLabelText(/^Назва/), { target: { value: 'Чорна п’ятниця' } });
  fireEvent.change(screen.getByLabelText(/^Знижка, %/), { target: { value: '30' } });
  fireEvent.change(screen.getByLabelText(/^Початок/), { target: { value: start } });
  fireEvent.change(screen.getByLabelText(/^Кінець/), { target: { value: end } });
  await pick('Категорії', 'Взуття');
}

describe('the sales', () => {
  afterEach(() => cleanup());

  it('lists each sale with its share and where it stands: scheduled, running or ended', async () => {
    const fetch = stubApi(() =>
      json(200, {
        count: 3,
        results: [
          aSale(3, { name: 'Чорна п’ятниця', percent: 30, state: 'scheduled' }),
          aSale(2, { name: 'Осінь', percent: 20, state: 'active', products_on_sale: 42 }),
          aSale(1, { name: 'Літо', percent: 15, state: 'ended' }),
        ],
      }),
    );
    renderAt('/sales');
    const scheduled = await rowOf('Чорна п’ятниця');
    expect(scheduled.cell('percent')).toBe('30 %');
    expect(scheduled.cell('state')).toBe('Заплановано');
    expect(scheduled.cell('products_on_sale')).toBe('0');
    const running = await rowOf('Осінь');
    expect(running.cell('state')).toBe('Триває');
    expect(running.cell('products_on_sale')).toBe('42');
    const ended = await rowOf('Літо');
    expect(ended.cell('percent')).toBe('15 %');
    expect(ended.cell('state')).toBe('Завершено');
    // The latest start first.
    const [listed] = fetch.mock.calls.map(([url]) => new URL(url, 'http://kram.test'));
    expect(listed?.pathname).toBe('/api/admin/sales/');
    expect(Object.fromEntries(listed?.searchParams ?? [])).toMatchObject({ sort: 'starts_at', order: 'desc' });
  });

  it('sends a new sale’s name, share as a number, dates as Kyiv’s wall clock and its goods', async () => {
    const fetch = stubApi((_url, init) =>
      init.method === 'POST' ? json(201, aSale(4)) : json(200, { count: 0, results: [] }),
    );
    renderAt('/sales/create');
    await fillSale('2026-11-27T00:00', '2026-11-30T23:59');
    await pick('Товари', 'Куртка Вартовий');
    fireEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(sent(fetch, 'POST')).toHaveLength(1));
    const [url, body] = sent(fetch, 'POST')[0] ?? [];
    expect(url).toBe('/api/admin/sales/');
    expect(body).toEqual({
      name: 'Чорна п’ятниця',
      percent: 30,
      starts_at: '2026-11-27T00:00',
      ends_at: '2026-11-30T23:59',
      category_ids: [4],
      product_ids: [7],
    });
    expect(adminSaleCreate.safeParse(body).success).toBe(true);
  });

  it('sends only the new end of a running sale', async () => {
    const record = aSale(2, { name: 'Осінь', state: 'active', products_on_sale: 42 });
    const fetch = stubApi((url, init) => {
      if (init.method === 'PATCH') return json(200, { ...record, ends_at: '2026-12-07T21:59:00Z' });
      if (url.pathname === '/api/admin/sales/2/') return json(200, record);
      return json(200, { count: 1, results: [record] });
    });
    renderAt('/sales/2');
    const name = (await screen.findByLabelText(/^Назва/)) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Осінь'));
    fireEvent.change(screen.getByLabelText(/^Кінець/), { target: { value: '2026-12-07T23:59' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(sent(fetch, 'PATCH')).toHaveLength(1));
    expect(sent(fetch, 'PATCH')).toEqual([['/api/admin/sales/2/', { ends_at: '2026-12-07T23:59' }]]);
  });

  it('tells in Ukrainian why a running sale’s share cannot change, and stays on the sale', async () => {
    const record = aSale(2, { name: 'Осінь', state: 'active', products_on_sale: 42 });
    const fetch = stubApi((url, init) => {
      if (init.method === 'PATCH') {
        return json(409, { detail: adminPromotionMessages.saleUnderway }, [{ code: 'promotion_admin.sale_underway' }]);
      }
      if (url.pathname === '/api/admin/sales/2/') return json(200, record);
      return json(200, { count: 1, results: [record] });
    });
    renderAt('/sales/2');
    const percent = (await screen.findByLabelText(/^Знижка, %/)) as HTMLInputElement;
    await waitFor(() => expect(percent.value).toBe('20'));
    fireEvent.change(percent, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(
      await screen.findByText('Розпродаж уже почався: змінити можна лише назву й кінець, а завершеного — лише назву.'),
    ).toBeTruthy();
    expect(screen.queryByText(adminPromotionMessages.saleUnderway)).toBeNull();
    expect(sent(fetch, 'PATCH')).toEqual([['/api/admin/sales/2/', { percent: 25 }]]);
    expect((screen.getByLabelText(/^Знижка, %/) as HTMLInputElement).value).toBe('25');
  });

  it('shows in Ukrainian the server’s refusal of a field of a new sale, and keeps what was typed', async () => {
    const fetch = stubApi((_url, init) =>
      init.method === 'POST'
        ? json(400, { ends_at: [adminPromotionMessages.endBeforeStart] }, [
            { field: 'ends_at', code: 'promotion_admin.end_before_start' },
          ])
        : json(200, { count: 0, results: [] }),
    );
    renderAt('/sales/create');
    await fillSale('2026-11-30T00:00', '2026-11-27T23:59');
    fireEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Кінець має бути пізніше за початок.')).toBeTruthy();
    expect(sent(fetch, 'POST')).toHaveLength(1);
    expect((screen.getByLabelText(/^Назва/) as HTMLInputElement).value).toBe('Чорна п’ятниця');
    expect((screen.getByLabelText(/^Кінець/) as HTMLInputElement).value).toBe('2026-11-27T23:59');
  });

  it('tells that a new sale was saved and goes back to the list', async () => {
    stubApi((_url, init) => (init.method === 'POST' ? json(201, aSale(4)) : json(200, { count: 0, results: [] })));
    renderAt('/sales/create');
    await fillSale('2026-11-27T00:00', '2026-11-30T23:59');
    fireEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Запис створено')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText(/^Назва/)).toBeNull());
  });
});
