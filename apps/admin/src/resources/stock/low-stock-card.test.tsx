import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { LowStockCard } from './low-stock-card.tsx';

function respond(status: number, body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderCard(language: 'uk' | 'ru' = 'uk') {
  render(
    <MemoryRouter>
      <AdminContext
        i18nProvider={createI18nProvider(language)}
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <LowStockCard />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('the dashboard’s card of low stock', () => {
  afterEach(() => cleanup());

  it('lists the low variants: the product as a link, size, colour, what is left of the threshold', async () => {
    const fetch = respond(200, {
      count: 3,
      results: [
        { product_id: 7, sku: 'VRT-1', name: 'Куртка Вартовий', size: 'M', color: 'Олива', available: 1, threshold: 3 },
        { product_id: 9, sku: 'CAP-2', name: 'Кепка', size: null, color: null, available: 0, threshold: 2 },
      ],
    });
    renderCard();
    const card = screen.getByTestId('dashboard-low-stock');
    expect(within(card).getByRole('heading', { name: 'Закінчуються' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Куртка Вартовий' });
    expect(link.getAttribute('href')).toBe('/products/7');
    expect(fetch).toHaveBeenCalledWith('/api/admin/stock/low/', expect.objectContaining({ method: 'GET' }));
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((c) => c.textContent))).toEqual([
      ['Куртка ВартовийVRT-1', 'M', 'Олива', '1 / 3'],
      ['КепкаCAP-2', '—', '—', '0 / 2'],
    ]);
    // The answer holds fewer than it counts: the rest is said.
    expect(within(card).getByText('І ще 1 варіант')).toBeTruthy();
  });

  it('shows the ten with fewest left, and all of them on request', async () => {
    const item = (i: number) => ({
      product_id: i,
      sku: `SKU-${i}`,
      name: `Товар ${i}`,
      size: null,
      color: null,
      available: i % 3,
      threshold: 3,
    });
    respond(200, { count: 12, results: Array.from({ length: 12 }, (_, i) => item(i + 1)) });
    renderCard();
    await screen.findByRole('link', { name: 'Товар 1' });
    expect(screen.getAllByRole('link')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Показати всі (12)' }));
    expect(screen.getAllByRole('link')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Показати всі (12)' })).toBeNull();
  });

  it('says so when nothing runs low', async () => {
    respond(200, { count: 0, results: [] });
    renderCard('ru');
    expect((await screen.findByTestId('low-stock-empty')).textContent).toBe(
      'Ничего не заканчивается: все учитываемые варианты выше порога.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when the stock could not be read', async () => {
    respond(403, { detail: 'No.' });
    renderCard();
    expect(await screen.findByText('Не вдалося завантажити залишки, що закінчуються.')).toBeTruthy();
  });
});
