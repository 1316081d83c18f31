import { type AdminPromoCode, adminPromoCodeCreate, adminPromotionMessages } from '@kram/contract/admin-promotions';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Resource } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { PromoCodeCreate, PromoCodeEdit, PromoCodeList } from './promo-code-screens.tsx';
import { allowAdminNoise, json, pick, renderAdminAt, sent, stubApi } from './promotions-test-kit.tsx';

const aPromoCode = (id: number, changes: Partial<AdminPromoCode> = {}): AdminPromoCode => ({
  id,
  code: `CODE${id}`,
  kind: 'percent',
  value: '10.00',
  min_total: null,
  starts_at: null,
  ends_at: null,
  max_uses: null,
  max_uses_per_customer: null,
  category_ids: [],
  product_ids: [],
  exclude_promo: false,
  active: true,
  uses: 0,
  revenue: '0.00',
  discounts: '0.00',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...changes,
});

/** The back office at `path` with this file's screens. */
const renderAt = (path: string) =>
  renderAdminAt(
    path,
    <Resource name="promo-codes" list={PromoCodeList} create={PromoCodeCreate} edit={PromoCodeEdit} />,
  );

allowAdminNoise();

/** The text shown under an input: its hint, or the problem found with it. */
const helperOf = (input: HTMLElement) =>
  input.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent;

/** The list's row of a code, cell by column. */
async function rowOf(code: string) {
  const row = (await screen.findByText(code)).closest('tr') as HTMLElement;
  const cell = (column: string) => row.querySelector(`.column-${column}`)?.textContent?.replace(/\s/gu, ' ');
  return { row, cell };
}

describe('the promo codes', () => {
  afterEach(() => cleanup());

  it('lists each code with its discount, its uses against the limit, and what its orders brought in', async () => {
    const fetch = stubApi(() =>
      json(200, {
        count: 2,
        results: [
          aPromoCode(1, { code: 'KRAM10', uses: 12, max_uses: 100, revenue: '15400.50', discounts: '1540.05' }),
          aPromoCode(2, { code: 'MINUS150', kind: 'fixed', value: '150.00', uses: 3, revenue: '4200.00' }),
        ],
      }),
    );
    renderAt('/promo-codes');
    const limited = await rowOf('KRAM10');
    expect(limited.cell('value')).toBe('10 %');
    expect(limited.cell('uses')).toBe('12 / 100');
    expect(limited.cell('revenue')).toBe('15 400,50 грн');
    expect(limited.cell('discounts')).toBe('1 540,05 грн');
    const unlimited = await rowOf('MINUS150');
    expect(unlimited.cell('value')).toBe('150,00 грн');
    expect(unlimited.cell('uses')).toBe('3 (без обмеження)');
    expect(unlimited.cell('revenue')).toBe('4 200,00 грн');
    // The newest codes first, fifty to a page.
    const [listed] = fetch.mock.calls.map(([url]) => new URL(url, 'http://kram.test'));
    expect(listed?.pathname).toBe('/api/admin/promo-codes/');
    expect(Object.fromEntries(listed?.searchParams ?? [])).toMatchObject({
      sort: 'created_at',
      order: 'desc',
      page_size: '50',
    });
  });

  it('sends a percentage code with only its code and share, the rest left to the server’s defaults', async () => {
    const fetch = stubApi((_url, init) =>
      init.method === 'POST'
        ? json(201, aPromoCode(5, { code: 'KRAM15', value: '15.00' }))
        : json(200, { count: 0, results: [] }),
    );
    renderAt('/promo-codes/create');
    fireEvent.change(await screen.findByLabelText(/^Код/), { target: { value: 'kram15' } });
    fireEvent.change(screen.getByLabelText(/^Знижка/), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(sent(fetch, 'POST')).toHaveLength(1));
    const [url, body] = sent(fetch, 'POST')[0] ?? [];
    expect(url).toBe('/api/admin/promo-codes/');
    expect(body).toEqual({
      code: 'kram15',
      kind: 'percent',
      value: '15',
      category_ids: [],
      product_ids: [],
      exclude_promo: false,
      active: true,
    });
    expect(adminPromoCodeCreate.safeParse(body).success).toBe(true);
  });

  it('sends a fixed sum with its minimum, dates, limits, goods and no discount on goods already on promotion', async () => {
    const fetch = stubApi((_url, init) =>
      init.method === 'POST' ? json(201, aPromoCode(5, { code: 'KRAM150' })) : json(200, { count: 0, results: [] }),
    );
    renderAt('/promo-codes/create');
    fireEvent.change(await screen.findByLabelText(/^Код/), { target: { value: 'kram150' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Вид знижки/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Фіксована сума, грн' }));
    fireEvent.change(screen.getByLabelText(/^Знижка/), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Мінімальна сума замовлення, грн'), { target: { value: '1500.50' } });
    fireEvent.change(screen.getByLabelText('Діє з'), { target: { value: '2026-11-23T09:00' } });
    fireEvent.change(screen.getByLabelText('Діє до'), { target: { value: '2026-11-30T23:59' } });
    fireEvent.change(screen.getByLabelText('Використань усього'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Використань на покупця'), { target: { value: '1' } });
    await pick('Лише для категорій', 'Куртки');
    await pick('Лише для товарів', 'Черевики Шлях');
    fireEvent.click(screen.getByRole('switch', { name: 'Не діє на акційні товари' }));
    fireEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(sent(fetch, 'POST')).toHaveLength(1));
    const [, body] = sent(fetch, 'POST')[0] ?? [];
    // Amounts go as typed, limits as numbers, times as Kyiv's wall clock (no offset).
    expect(body).toEqual({
      code: 'kram150',
      kind: 'fixed',
      value: '150',
      min_total: '1500.50',
      starts_at: '2026-11-23T09:00',
      ends_at: '2026-11-30T23:59',
      max_uses: 100,
      max_uses_per_customer: 1,
      category_ids: [3],
      product_ids: [8],
      exclude_promo: true,
      active: true,
    });
    expect(adminPromoCodeCreate.safeParse(body).success).toBe(true);
  });

  it('shows the server’s refusal beside the field it names, in Ukrainian, and keeps what was typed', async () => {
    const fetch = stubApi((_url, init) =>
      init.method === 'POST'
        ? json(400, { code: [adminPromotionMessages.codeTaken] }, [
            { field: 'code', code: 'promotion_admin.code_taken' },
          ])
        : json(200, { count: 0, results: [] }),
    );
    renderAt('/promo-codes/create');
    const code = await screen.findByLabelText(/^Код/);
    fireEvent.change(code, { target: { value: 'KRAM10' } });
    fireEvent.change(screen.getByLabelText(/^Знижка/), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(helperOf(code)).toBe('Інший промокод уже має такий код.'));
    expect((screen.getByLabelText(/^Код/) as HTMLInputElement).value).toBe('KRAM10');
    // The value's own hint stays: the refusal is the code's alone.
    expect(helperOf(screen.getByLabelText(/^Знижка/))).toBe('Відсоток (до 100) або сума в гривнях');
    expect(sent(fetch, 'POST')).toHaveLength(1);
    expect(screen.queryByText('Запис створено')).toBeNull();
  });

  it('names unknown goods with the ids the server gives', async () => {
    stubApi((_url, init) =>
      init.method === 'POST'
        ? json(400, { product_ids: ['There is no such product: 8.'] }, [
            { field: 'product_ids', code: 'promotion_admin.product_missing', params: { ids: '8' } },
          ])
        : json(200, { count: 0, results: [] }),
    );
    renderAt('/promo-codes/create');
    fireEvent.change(await screen.findByLabelText(/^Код/), { target: { value: 'KRAM10' } });
    fireEvent.change(screen.getByLabelText(/^Знижка/), { target: { value: '10' } });
    await pick('Лише для товарів', 'Черевики Шлях');
    fireEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Таких товарів немає: 8.')).toBeTruthy();
  });

  it('tells that a new code was saved and goes back to the list', async () => {
    stubApi((_url, init) =>
      init.method === 'POST' ? json(201, aPromoCode(5, { code: 'KRAM15' })) : json(200, { count: 0, results: [] }),
    );
    renderAt('/promo-codes/create');
    fireEvent.change(await screen.findByLabelText(/^Код/), { target: { value: 'kram15' } });
    fireEvent.change(screen.getByLabelText(/^Знижка/), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Запис створено')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText(/^Код/)).toBeNull());
  });

  it('sends only what changed, an emptied minimum as none', async () => {
    const record = aPromoCode(5, { code: 'KRAM10', min_total: '1500.00', max_uses: 100 });
    const fetch = stubApi((url, init) => {
      if (init.method === 'PATCH') return json(200, { ...record, ...JSON.parse(String(init.body)) });
      if (url.pathname === '/api/admin/promo-codes/5/') return json(200, record);
      return json(200, { count: 1, results: [record] });
    });
    renderAt('/promo-codes/5');
    const minimum = (await screen.findByLabelText('Мінімальна сума замовлення, грн')) as HTMLInputElement;
    await waitFor(() => expect(minimum.value).toBe('1500.00'));
    fireEvent.change(minimum, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Використань усього'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(sent(fetch, 'PATCH')).toHaveLength(1));
    expect(sent(fetch, 'PATCH')).toEqual([['/api/admin/promo-codes/5/', { min_total: null, max_uses: null }]]);
  });

  it('keeps the code of one that orders used: read-only, saying why, and not sent', async () => {
    const record = aPromoCode(5, { code: 'KRAM10', uses: 3, revenue: '4500.00', discounts: '450.00' });
    const fetch = stubApi((url, init) => {
      if (init.method === 'PATCH') return json(200, { ...record, ...JSON.parse(String(init.body)) });
      if (url.pathname === '/api/admin/promo-codes/5/') return json(200, record);
      return json(200, { count: 1, results: [record] });
    });
    renderAt('/promo-codes/5');
    const code = (await screen.findByLabelText(/^Код/)) as HTMLInputElement;
    await waitFor(() => expect(code.value).toBe('KRAM10'));
    expect(code.readOnly).toBe(true);
    expect(helperOf(code)).toBe(
      'З цим кодом уже оформлено замовлення, тому його не змінити; для іншого коду створіть новий промокод',
    );
    // The rest of its rules still change.
    expect((screen.getByLabelText('Використань усього') as HTMLInputElement).readOnly).toBe(false);
    fireEvent.change(screen.getByLabelText('Використань усього'), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(sent(fetch, 'PATCH')).toHaveLength(1));
    expect(sent(fetch, 'PATCH')).toEqual([['/api/admin/promo-codes/5/', { max_uses: 200 }]]);
    expect(await screen.findByText('Запис оновлено')).toBeTruthy();
  });

  it('lets the code of an unused one change, with the usual hint', async () => {
    const record = aPromoCode(5, { code: 'KRAM10' });
    stubApi((url) => {
      if (url.pathname === '/api/admin/promo-codes/5/') return json(200, record);
      return json(200, { count: 1, results: [record] });
    });
    renderAt('/promo-codes/5');
    const code = (await screen.findByLabelText(/^Код/)) as HTMLInputElement;
    await waitFor(() => expect(code.value).toBe('KRAM10'));
    expect(code.readOnly).toBe(false);
    expect(helperOf(code)).toBe('Латинські літери, цифри, дефіс; регістр не важливий');
  });

  it('shows in Ukrainian the server’s refusal to rename a code an order used since the page was read', async () => {
    const record = aPromoCode(5, { code: 'KRAM10' });
    const fetch = stubApi((url, init) => {
      if (init.method === 'PATCH') {
        return json(400, { code: [adminPromotionMessages.usedCannotRename] }, [
          { field: 'code', code: 'promotion_admin.used_cannot_rename' },
        ]);
      }
      if (url.pathname === '/api/admin/promo-codes/5/') return json(200, record);
      return json(200, { count: 1, results: [record] });
    });
    renderAt('/promo-codes/5');
    const code = (await screen.findByLabelText(/^Код/)) as HTMLInputElement;
    await waitFor(() => expect(code.value).toBe('KRAM10'));
    fireEvent.change(code, { target: { value: 'KRAM20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() =>
      expect(helperOf(screen.getByLabelText(/^Код/))).toBe(
        'Код, з яким уже оформлено замовлення, змінити не можна: створіть новий промокод.',
      ),
    );
    expect(sent(fetch, 'PATCH')).toEqual([['/api/admin/promo-codes/5/', { code: 'KRAM20' }]]);
    // Still on the code's page, with what was typed.
    expect((screen.getByLabelText(/^Код/) as HTMLInputElement).value).toBe('KRAM20');
  });

  it('tells in Ukrainian why a code that orders used cannot be deleted, and stays on it', async () => {
    const record = aPromoCode(5, { code: 'KRAM10', uses: 3 });
    const fetch = stubApi((url, init) => {
      if (init.method === 'DELETE') {
        return json(409, { detail: adminPromotionMessages.usedCannotDelete }, [
          { code: 'promotion_admin.used_cannot_delete' },
        ]);
      }
      if (url.pathname === '/api/admin/promo-codes/5/') return json(200, record);
      return json(200, { count: 1, results: [record] });
    });
    renderAt('/promo-codes/5');
    await waitFor(async () =>
      expect(((await screen.findByLabelText(/^Код/)) as HTMLInputElement).value).toBe('KRAM10'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Видалити' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Підтвердити' }));
    expect(
      await screen.findByText('Промокод, з яким уже оформлено замовлення, не можна видалити: вимкніть його.'),
    ).toBeTruthy();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
    expect((screen.getByLabelText(/^Код/) as HTMLInputElement).value).toBe('KRAM10');
  });
});
