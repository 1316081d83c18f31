import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { StockSettingsScreen } from './stock-settings-screen.tsx';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function stubApi(save: (body: Record<string, unknown>) => Response) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'PATCH'
      ? save(JSON.parse(String(init.body)))
      : json(200, { low_stock_threshold: 3, telegram_alerts: false }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const patches = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => [url, JSON.parse(String(init?.body))]);

function renderScreen() {
  render(
    <AdminContext i18nProvider={createI18nProvider('uk')}>
      <StockSettingsScreen />
    </AdminContext>,
  );
}

describe('the stock settings', () => {
  afterEach(() => cleanup());

  it('shows the saved settings and sends what changed', async () => {
    const fetch = stubApi((body) => json(200, { low_stock_threshold: 3, telegram_alerts: false, ...body }));
    renderScreen();
    const threshold = (await screen.findByLabelText('Типовий поріг «закінчується»')) as HTMLInputElement;
    expect(threshold.value).toBe('3');
    const telegram = screen.getByRole('switch', { name: 'Сповіщення в Telegram' }) as HTMLInputElement;
    expect(telegram.checked).toBe(false);
    fireEvent.click(telegram);
    const save = screen.getByTestId('stock-settings-save') as HTMLButtonElement;
    fireEvent.click(save);
    expect(save.disabled).toBe(true);
    // The saved answer makes the form again.
    await waitFor(() => expect((screen.getByTestId('stock-settings-save') as HTMLButtonElement).disabled).toBe(false));
    expect(patches(fetch)).toEqual([['/api/admin/stock/settings/', { telegram_alerts: true }]]);
    fireEvent.change(screen.getByTestId('stock-settings-threshold'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('stock-settings-save'));
    await waitFor(() => expect(patches(fetch)).toHaveLength(2));
    expect(patches(fetch)[1]).toEqual(['/api/admin/stock/settings/', { low_stock_threshold: 5 }]);
  });

  it('refuses a threshold that is not a whole number, and shows the server’s field problem', async () => {
    const fetch = stubApi(() =>
      json(
        400,
        { low_stock_threshold: ['At most 1,000,000 units.'] },
        { 'kram-error-codes': JSON.stringify([{ field: 'low_stock_threshold', code: 'stock_admin.too_large' }]) },
      ),
    );
    renderScreen();
    const threshold = await screen.findByTestId('stock-settings-threshold');
    fireEvent.change(threshold, { target: { value: 'п’ять' } });
    fireEvent.click(screen.getByTestId('stock-settings-save'));
    expect(await screen.findByText('Ціле число від 0 до 1 000 000.')).toBeTruthy();
    expect(patches(fetch)).toHaveLength(0);
    fireEvent.change(threshold, { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('stock-settings-save'));
    expect(await screen.findByText('Щонайбільше 1 000 000 одиниць.')).toBeTruthy();
  });
});
