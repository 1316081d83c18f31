import type { AdminOrderReceipts } from '@kram/contract/admin-fiscal';
import { adminFiscalMessages } from '@kram/contract/admin-fiscal';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { aReceipt, json, orderId } from './fiscal-test-kit.ts';
import { OrderReceiptsPanel } from './order-receipts-panel.tsx';

const receiptsUrl = `/api/admin/orders/${orderId}/receipts/`;

/** The order's receipts as they stand (`current`), a counter receipt answered by `issue`, retries by `retry`. */
function stubApi(
  first: AdminOrderReceipts,
  { issue, retry }: { issue?: (body: unknown) => Response; retry?: () => Response } = {},
) {
  let current = first;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === receiptsUrl && init?.method === 'POST') {
      const answer = issue?.(JSON.parse(String(init.body))) ?? json(500, { detail: 'unexpected' });
      if (answer.status === 201) {
        const receipt = aReceipt({ source: 'counter', payment_type: 'card' });
        current = { ...current, can_issue_counter: false, receipts: [receipt] };
      }
      return answer;
    }
    if (url === receiptsUrl) return json(200, current);
    if (url.endsWith('/retry/') && init?.method === 'POST') return retry?.() ?? json(500, { detail: 'unexpected' });
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const sent = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [url, init?.body === undefined ? undefined : JSON.parse(String(init.body))]);

function renderPanel(language: 'uk' | 'ru' = 'uk') {
  render(
    <AdminContext i18nProvider={createI18nProvider(language)}>
      <OrderReceiptsPanel order={{ id: orderId }} />
    </AdminContext>,
  );
}

describe('an order’s fiscal receipts', () => {
  afterEach(() => cleanup());

  it('shows an issued receipt with its fiscal number, serial and links', async () => {
    stubApi({ order_id: orderId, by_carrier: false, can_issue_counter: false, receipts: [aReceipt()] });
    renderPanel();
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByTestId('receipt-status').textContent).toBe('Видано');
    expect(within(receipt).getByTestId('receipt-facts').textContent).toContain('Фіскальний номер: TEST-Ab12Cd');
    expect(within(receipt).getByTestId('receipt-facts').textContent).toContain('Номер у зміні: 14');
    const page = within(receipt).getByTestId('receipt-page');
    expect(page.getAttribute('href')).toBe(aReceipt().page_url);
    expect(page.getAttribute('target')).toBe('_blank');
    expect(within(receipt).getByTestId('receipt-pdf').getAttribute('href')).toBe(aReceipt().pdf_url);
    expect(screen.queryByTestId('receipt-issue')).toBeNull();
    expect(screen.queryByTestId('receipt-retry')).toBeNull();
    expect(screen.queryByTestId('receipts-by-carrier')).toBeNull();
  });

  it('says a cash-on-delivery parcel is fiscalised by the carrier, and offers nothing to issue', async () => {
    stubApi({
      order_id: orderId,
      by_carrier: true,
      can_issue_counter: false,
      receipts: [aReceipt({ status: 'by_carrier', source: 'carrier_cod', payment_type: 'cash', fiscal_code: null })],
    });
    renderPanel('ru');
    expect((await screen.findByTestId('receipts-by-carrier')).textContent).toBe(
      'Фискализирует перевозчик (Новая Почта): чек выдаёт он, магазин ничего не выдаёт.',
    );
    expect(screen.getByTestId('receipt-status').textContent).toBe('Фискализирует перевозчик');
    expect(screen.queryByTestId('receipt-issue')).toBeNull();
    expect(screen.queryByTestId('receipt-retry')).toBeNull();
  });

  it('shows the register’s last refusal of a receipt not issued yet, and tries it again', async () => {
    const waiting = aReceipt({
      status: 'pending',
      fiscal_code: null,
      page_url: null,
      pdf_url: null,
      issued_at: null,
      serial: null,
      attempts: 3,
      last_error: 'Зміну не відкрито',
      next_attempt_at: '2026-11-23T11:00:00Z',
      overdue: true,
    });
    const fetch = stubApi(
      { order_id: orderId, by_carrier: false, can_issue_counter: false, receipts: [waiting] },
      { retry: () => json(200, { ...waiting, status: 'issuing' }) },
    );
    renderPanel();
    expect((await screen.findByTestId('receipt-error')).textContent).toBe('Остання помилка каси: Зміну не відкрито');
    expect(screen.getByTestId('receipt').textContent).toContain('не видано понад годину');
    expect(screen.getByTestId('receipt').textContent).toContain('Спроб: 3');
    fireEvent.click(screen.getByTestId('receipt-retry'));
    await waitFor(() => expect(sent(fetch)).toEqual([[`/api/admin/fiscal/receipts/${waiting.id}/retry/`, undefined]]));
  });

  it('issues the counter’s receipt of a pickup order, paid as the manager says, then reloads', async () => {
    let answer = json(502, { detail: adminFiscalMessages.registerDown });
    const fetch = stubApi(
      { order_id: orderId, by_carrier: false, can_issue_counter: true, receipts: [] },
      { issue: () => answer },
    );
    renderPanel();
    expect((await screen.findByTestId('order-receipts')).textContent).toContain('Чеків ще немає.');
    fireEvent.click(screen.getByTestId('receipt-issue'));
    const dialog = await screen.findByRole('dialog');
    // Cash is the usual answer at the counter; the manager may say card.
    expect((within(dialog).getByLabelText('Готівка') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Картка'));
    fireEvent.click(within(dialog).getByTestId('receipt-issue-confirm'));
    expect((await within(dialog).findByTestId('receipt-issue-error')).textContent).toBe(
      'Сервіс каси не відповів. Спробуйте ще раз за кілька хвилин.',
    );

    answer = json(201, aReceipt({ source: 'counter', payment_type: 'card' }));
    fireEvent.click(within(dialog).getByTestId('receipt-issue-confirm'));
    await waitFor(() => expect(screen.queryByTestId('receipt-issue')).toBeNull());
    expect(sent(fetch)).toEqual([
      [receiptsUrl, { payment_type: 'card' }],
      [receiptsUrl, { payment_type: 'card' }],
    ]);
    expect((await screen.findByTestId('receipt')).textContent).toContain('Оплата в магазині');
  });
});
