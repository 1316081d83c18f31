import type { AdminVitals, VitalSummary } from '@kram/contract/admin-vitals';
import { createTheme, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { theme } from '../../theme.ts';
import { VitalsCard } from './vitals-card.tsx';

const none: VitalSummary = { samples: 0, p75: null, rating: null };
const answer: AdminVitals = {
  from: '2026-10-31',
  to: '2026-11-27',
  pages: [
    {
      page_type: 'home',
      metrics: {
        LCP: { samples: 120, p75: 1834, rating: 'good' },
        INP: { samples: 41, p75: 240, rating: 'needs_improvement' },
        CLS: { samples: 118, p75: 0.31, rating: 'poor' },
      },
    },
    { page_type: 'product', metrics: { LCP: { samples: 1, p75: 4100, rating: 'poor' }, INP: none, CLS: none } },
  ],
};

function respond(status: number, body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A cell's text as read, with the number groups' no-break spaces as plain ones. */
const text = (element: Element) => element.textContent?.replaceAll('\u00a0', ' ');

function renderCard(language: 'uk' | 'ru' = 'uk') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={createTheme(theme)}>
        <I18nContextProvider value={createI18nProvider(language)}>
          <VitalsCard />
        </I18nContextProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

describe('the dashboard’s card of page speed', () => {
  afterEach(() => cleanup());

  it('shows p75 per kind of page for LCP, INP and CLS, with the rating’s colour and name, and the samples', async () => {
    const fetch = respond(200, answer);
    renderCard();
    expect(screen.getByLabelText('Завантаження швидкості сторінок')).toBeTruthy();
    const home = (await screen.findByRole('rowheader', { name: 'Головна' })).closest('tr') as HTMLElement;
    expect(fetch).toHaveBeenCalledWith('/api/admin/vitals/', expect.objectContaining({ method: 'GET' }));
    expect(screen.getByRole('heading', { name: 'Швидкість сторінок у покупців' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map(text)).toEqual(['Сторінки', 'LCP, мс', 'INP, мс', 'CLS']);
    expect(screen.queryByLabelText('Завантаження швидкості сторінок')).toBeNull();
    const cells = within(home).getAllByRole('cell');
    expect(cells.map(text)).toEqual([
      '1 834добре120 вимірів',
      '240потребує покращення41 вимір',
      '0,31погано118 вимірів',
    ]);
    expect(cells.map((cell) => cell.querySelector('[data-rating]')?.getAttribute('data-rating'))).toEqual([
      'good',
      'needs_improvement',
      'poor',
    ]);
    const product = screen.getByRole('rowheader', { name: 'Товар' }).closest('tr') as HTMLElement;
    expect(within(product).getAllByRole('cell').map(text)).toEqual([
      '4 100погано1 вимір',
      'немає вимірів',
      'немає вимірів',
    ]);
    expect(text(screen.getByText(/^Оцінка за порогами Google/))).toBe(
      'Оцінка за порогами Google: LCP 2 500 / 4 000 мс, INP 200 / 500 мс, CLS 0,1 / 0,25.',
    );
  });

  it('colours each rating differently', async () => {
    respond(200, answer);
    renderCard();
    await screen.findByRole('rowheader', { name: 'Головна' });
    const colours = ['good', 'needs_improvement', 'poor'].map(
      (rating) => getComputedStyle(document.querySelector(`td [data-rating="${rating}"]`) as Element).backgroundColor,
    );
    expect(new Set(colours).size).toBe(3);
    expect(colours.every((colour) => colour !== '')).toBe(true);
  });

  it('on a phone, heads each kind of page’s row of metrics with its name', async () => {
    const viewport = (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } })
      .happyDOM;
    viewport.setViewport({ width: 375, height: 812 });
    try {
      respond(200, answer);
      renderCard();
      const home = await screen.findByRole('rowheader', { name: 'Головна' });
      expect(home.getAttribute('scope')).toBe('rowgroup');
      expect(screen.getAllByRole('columnheader').map(text)).toEqual(['LCP, мс', 'INP, мс', 'CLS']);
      const group = home.closest('tbody') as HTMLElement;
      expect(within(group).getAllByRole('cell').map(text)).toEqual([
        '1 834добре120 вимірів',
        '240потребує покращення41 вимір',
        '0,31погано118 вимірів',
      ]);
    } finally {
      viewport.setViewport({ width: 1024, height: 768 });
    }
  });

  it('speaks Russian on the Russian back office', async () => {
    respond(200, answer);
    renderCard('ru');
    expect(await screen.findByRole('rowheader', { name: 'Главная' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Скорость страниц у покупателей' })).toBeTruthy();
    expect(screen.getAllByText('118 замеров')).toHaveLength(1);
    expect(screen.getAllByText('требует улучшения')).not.toHaveLength(0);
  });

  it('says when nothing has been measured yet', async () => {
    respond(200, { from: '2026-10-31', to: '2026-11-27', pages: [] });
    renderCard();
    expect(await screen.findByText(/Ще немає вимірів/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the figures could not be loaded', async () => {
    respond(500, { detail: 'Internal server error.', request_id: 'r1' });
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Не вдалося завантажити швидкість сторінок. Оновіть сторінку.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});
