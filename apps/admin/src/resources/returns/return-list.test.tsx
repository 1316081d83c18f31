import { cleanup, render, screen, within } from '@testing-library/react';
import { Admin, Resource, TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../data-provider.ts';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { allowAdminNoise } from '../promotions/promotions-test-kit.tsx';
import { ReturnList } from './return-list.tsx';
import { aCashReturn, aReturn } from './returns-test-kit.ts';

allowAdminNoise();

describe('the returns list', () => {
  afterEach(() => cleanup());

  it('shows each return’s order as a link, its status, refund and due day, marking an overdue one', async () => {
    const fetch = vi.fn(
      async (_url: string) =>
        new Response(
          JSON.stringify({
            count: 2,
            results: [
              aCashReturn({ status: 'received', refund_due_at: '2026-11-20', overdue: true }),
              aReturn({ id: '6e3d0b21-8c5f-4a2b-9d4e-3f9a7b2c8d01', number: 'П-2c8d01' }),
            ],
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <TestMemoryRouter initialEntries={['/returns?filter={"overdue":"true"}']}>
        <Admin dataProvider={dataProvider} i18nProvider={createI18nProvider('uk')} disableTelemetry>
          <Resource name="returns" list={ReturnList} />
          <Resource name="orders" />
        </Admin>
      </TestMemoryRouter>,
    );
    const overdue = await screen.findByTestId('return-overdue');
    expect(overdue.textContent).toBe('прострочено');
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://kram.test');
    expect(url.pathname).toBe('/api/admin/returns/');
    expect(url.searchParams.get('overdue')).toBe('true');
    expect(url.searchParams.get('sort')).toBe('created_at');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('link', { name: '#e1f2d40' }).getAttribute('href')).toBe(
      `/orders/${aReturn().order_id}/show`,
    );
    expect(first.getByTestId('return-status').textContent).toBe('Товар отримано');
    expect(rows[0]?.textContent).toContain('Банківським переказом');
    expect(rows[0]?.textContent).toContain('20.11.2026');
    expect(rows[1]?.textContent).toContain('П-2c8d01');
    expect(within(rows[1] as HTMLElement).queryByTestId('return-overdue')).toBeNull();
  });
});
