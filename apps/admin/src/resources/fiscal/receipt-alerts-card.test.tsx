import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { ReceiptAlertsCard } from './receipt-alerts-card.tsx';

function respond(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

function renderCard() {
  render(
    <AdminContext i18nProvider={createI18nProvider('uk')}>
      <ReceiptAlertsCard />
    </AdminContext>,
  );
}

describe('the dashboard’s card of receipts not issued', () => {
  afterEach(() => cleanup());

  it('counts the overdue receipts in red, a link to them', async () => {
    respond({ overdue: 2, oldest_due_at: '2026-11-23T08:00:00Z' });
    renderCard();
    const link = await screen.findByTestId('dashboard-receipts-overdue');
    expect(link.textContent).toBe('2не видано понад годинунайдавніший мав бути виданий 23.11.26, 10:00');
    expect(link.className).toContain('MuiButton-colorError');
    // react-admin's own router in a test keeps the address after a `#`.
    const url = new URL((link.getAttribute('href') ?? '').replace(/^#/, ''), 'http://kram.test');
    expect(url.pathname).toBe('/fiscal/receipts');
    expect(JSON.parse(url.searchParams.get('filter') ?? '{}')).toEqual({ overdue: 'true' });
  });

  it('says all were issued in time when none is overdue', async () => {
    respond({ overdue: 0, oldest_due_at: null });
    renderCard();
    const link = await screen.findByTestId('dashboard-receipts-overdue');
    expect(link.textContent).toBe('0Усі чеки видано вчасно.');
    expect(link.className).not.toContain('MuiButton-colorError');
  });
});
