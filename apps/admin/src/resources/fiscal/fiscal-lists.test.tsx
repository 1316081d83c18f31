import { adminFiscalMessages } from '@kram/contract/admin-fiscal';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Admin, Resource, TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../data-provider.ts';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { allowAdminNoise } from '../promotions/promotions-test-kit.tsx';
import { aReceipt, json } from './fiscal-test-kit.ts';
import { ReceiptList } from './receipt-list.tsx';
import { ShiftList } from './shift-list.tsx';

allowAdminNoise();

const waiting = aReceipt({
  id: '7c2e4a1b-3d5f-4e6a-8b9c-1d2e3f4a5b6c',
  status: 'pending',
  fiscal_code: null,
  page_url: null,
  pdf_url: null,
  issued_at: null,
  serial: null,
  attempts: 4,
  last_error: 'Помилка валідації: невірний код податку',
  overdue: true,
});

function renderAt(path: string) {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider} i18nProvider={createI18nProvider('uk')} disableTelemetry>
        <Resource name="fiscal/receipts" list={ReceiptList} />
        <Resource name="fiscal/shifts" list={ShiftList} />
        <Resource name="orders" />
      </Admin>
    </TestMemoryRouter>,
  );
}

describe('the receipts list', () => {
  afterEach(() => cleanup());

  it('marks an overdue receipt, shows the register’s last error, and tries only a receipt not issued again', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json(200, { ...waiting, status: 'issuing' })
        : json(200, { count: 2, results: [waiting, aReceipt()] }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAt('/fiscal/receipts?filter={"overdue":"true","kind":"sell"}');
    expect((await screen.findByTestId('receipt-overdue')).textContent).toBe('не видано понад годину');
    const query = new URL(String(fetch.mock.calls[0]?.[0]), 'http://kram.test').searchParams;
    expect([query.get('overdue'), query.get('kind')]).toEqual(['true', 'sell']);
    const [first, second] = screen.getAllByRole('row').slice(1) as HTMLElement[];
    expect(first?.textContent).toContain('Помилка валідації: невірний код податку');
    expect(second?.textContent).toContain('TEST-Ab12Cd');
    expect(within(second as HTMLElement).queryByTestId('receipt-retry')).toBeNull();
    fireEvent.click(within(first as HTMLElement).getByTestId('receipt-retry'));
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url)).toEqual([
        `/api/admin/fiscal/receipts/${waiting.id}/retry/`,
      ]),
    );
    expect(await screen.findByText('Чек передано касі ще раз')).toBeTruthy();
  });
});

describe('the shifts list', () => {
  afterEach(() => cleanup());

  it('shows a closed shift’s Z-report, and says so when no shift is open to close', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json(409, { detail: adminFiscalMessages.noShift })
        : json(200, {
            count: 1,
            results: [
              {
                id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
                serial: 12,
                status: 'closed',
                opened_at: '2026-11-23T06:00:00Z',
                closed_at: '2026-11-23T21:30:00Z',
                z_report: { sell_receipts: 5, return_receipts: 1, sell_sum: '10750.00', return_sum: '1935.00' },
              },
            ],
          }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAt('/fiscal/shifts');
    const row = (await screen.findAllByRole('row'))[1] as HTMLElement;
    await waitFor(() =>
      expect(row.textContent).toContain('Продажів: 5 на 10\u202F750,00\u00A0₴ · повернень: 1 на 1\u202F935,00\u00A0₴'),
    );
    expect(row.textContent).toContain('Закрита');
    fireEvent.click(screen.getByTestId('shift-close'));
    fireEvent.click(await screen.findByRole('button', { name: 'Закрити зміну', hidden: false }));
    expect(await screen.findByText('Відкритої зміни немає.')).toBeTruthy();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url)).toEqual([
      '/api/admin/fiscal/shifts/close/',
    ]);
  });
});
