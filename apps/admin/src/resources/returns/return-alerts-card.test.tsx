import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { ReturnAlertsCard } from './return-alerts-card.tsx';

function respond(body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderCard(language: 'uk' | 'ru' = 'uk') {
  render(
    <AdminContext i18nProvider={createI18nProvider(language)}>
      <ReturnAlertsCard />
    </AdminContext>,
  );
}

/** Where a link goes (react-admin's own router in a test keeps the address after a `#`). */
const target = (link: HTMLElement) => new URL((link.getAttribute('href') ?? '').replace(/^#/, ''), 'http://kram.test');
const filterOf = (link: HTMLElement) => JSON.parse(target(link).searchParams.get('filter') ?? '{}');

describe('the dashboard’s card of returns', () => {
  afterEach(() => cleanup());

  it('counts requests and overdue refunds, red with their sum, each a link to those returns', async () => {
    const fetch = respond({ requested: 2, refund_overdue: 1, awaiting_refund: 3, refund_overdue_sum: '1935.00' });
    renderCard();
    const overdue = await screen.findByTestId('dashboard-returns-overdue');
    expect(fetch).toHaveBeenCalledWith('/api/admin/returns/alerts/', expect.objectContaining({ method: 'GET' }));
    expect(overdue.textContent).toBe('1Прострочено повернення коштівна 1\u202F935,00\u00A0₴');
    expect(overdue.className).toContain('MuiButton-colorError');
    expect(filterOf(overdue)).toEqual({ overdue: 'true' });
    const requested = screen.getByTestId('dashboard-returns-requested');
    expect(requested.textContent).toBe('2Чекають відповіді');
    expect(filterOf(requested)).toEqual({ status: 'requested' });
    expect(target(requested).pathname).toBe('/returns');
    expect(filterOf(screen.getByTestId('dashboard-returns-awaiting'))).toEqual({ status: 'received' });
  });

  it('is not red when no refund is overdue', async () => {
    respond({ requested: 0, refund_overdue: 0, awaiting_refund: 0, refund_overdue_sum: '0.00' });
    renderCard('ru');
    const overdue = await screen.findByTestId('dashboard-returns-overdue');
    expect(overdue.textContent).toBe('0Просрочен возврат денег');
    expect(overdue.className).not.toContain('MuiButton-colorError');
  });
});
