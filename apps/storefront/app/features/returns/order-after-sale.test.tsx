import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../public/locales/ru.json';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { OrderAfterSale } from './order-after-sale';
import { json, orderId, orderReceiptsAnswer, orderReturnsAnswer, receipt, returnView } from './returns-fixtures';

/** An IntersectionObserver the test moves: nothing is near the screen until `reveal()`. */
function fakeObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  class FakeObserver {
    readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    disconnect() {
      this.entry.targets = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return () =>
    act(() => {
      for (const { callback, targets } of observers) {
        const entries = targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
        if (entries.length > 0) callback(entries, {} as IntersectionObserver);
      }
    });
}

function serve(receipts: Response, returns: Response) {
  const fetch = vi.fn(async (url: string) => {
    if (url === `/api/orders/${orderId}/receipts/`) return receipts.clone();
    if (url === `/api/orders/${orderId}/returns/`) return returns.clone();
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(lng: 'uk' | 'ru' = 'uk') {
  const router = createMemoryRouter([{ path: '*', element: <OrderAfterSale orderId={orderId} /> }], {
    initialEntries: [lng === 'ru' ? '/ru/profile-orders' : '/profile-orders'],
  });
  render(
    <I18nProvider lng={lng} messages={(lng === 'uk' ? uk : ru) as Messages}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

// Every order is on screen unless a test says otherwise (a browser without IntersectionObserver).
beforeEach(() => vi.stubGlobal('IntersectionObserver', undefined));
afterEach(() => vi.unstubAllGlobals());

describe('an order’s receipts and returns in the history', () => {
  it('reads nothing until the order comes near the screen', async () => {
    const reveal = fakeObserver();
    const fetch = serve(json(orderReceiptsAnswer()), json(orderReturnsAnswer()));
    show();
    expect(screen.getByTestId('after-sale').dataset.state).toBe('waiting');
    expect(fetch).not.toHaveBeenCalled();
    reveal();
    await screen.findByTestId('receipts');
    expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual([
      `/api/orders/${orderId}/receipts/`,
      `/api/orders/${orderId}/returns/`,
    ]);
  });

  it('links a fiscalised receipt to the register’s page in a new tab, with its PDF', async () => {
    serve(
      json(
        orderReceiptsAnswer({
          receipts: [
            receipt(),
            receipt({
              id: '7c0e2b5a-0000-4000-8000-000000000002',
              kind: 'return',
              status: 'pending',
              fiscal_code: null,
              page_url: null,
              pdf_url: null,
              issued_at: null,
            }),
          ],
        }),
      ),
      json(orderReturnsAnswer({ can_request: false, why_not: 'not_received', deadline: null })),
    );
    show();
    const link = await screen.findByTestId('receipt-link');
    expect(link.textContent).toBe('Чек №TEST-3kX9Q (відкриється в новій вкладці)');
    expect(link.getAttribute('href')).toBe('https://check.checkbox.ua/7c0e2b5a-0000-4000-8000-000000000001');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const pdf = screen.getByTestId('receipt-pdf');
    expect(pdf.textContent).toBe('PDF');
    expect(pdf.getAttribute('href')).toBe('/api/receipts/7c0e2b5a-0000-4000-8000-000000000001/pdf/');
    expect(screen.getByTestId('receipt-pending').textContent).toBe('Чек повернення формується');
    // Not received yet: neither the button nor a reason.
    await waitFor(() => expect(screen.queryByTestId('return-request-link')).toBeNull());
    expect(screen.queryByTestId('return-why-not')).toBeNull();
  });

  it('says a receipt is being issued, and that the carrier gives a cash-on-delivery one, in Russian too', async () => {
    serve(
      json(
        orderReceiptsAnswer({
          receipts: [receipt({ status: 'issuing', fiscal_code: null, page_url: null, pdf_url: null })],
        }),
      ),
      json(orderReturnsAnswer()),
    );
    show();
    expect((await screen.findByTestId('receipt-pending')).textContent).toBe('Чек формується');
    expect(screen.queryByTestId('receipt-link')).toBeNull();
    cleanup();
    serve(
      json(
        orderReceiptsAnswer({
          by_carrier: true,
          receipts: [receipt({ status: 'by_carrier', fiscal_code: null, page_url: null, pdf_url: null })],
        }),
      ),
      json(orderReturnsAnswer()),
    );
    show('ru');
    expect((await screen.findByTestId('receipt-carrier')).textContent).toBe('Чек выдаёт перевозчик при получении');
    expect(screen.queryByTestId('receipt-pending')).toBeNull();
  });

  it('shows nothing of receipts when the order has none', async () => {
    serve(json(orderReceiptsAnswer({ receipts: [] })), json(orderReturnsAnswer()));
    show();
    await screen.findByTestId('return-request-link');
    expect(screen.queryByTestId('receipts')).toBeNull();
  });

  it('offers "Повернути товар" while a return may be asked for, leading to the return form', async () => {
    serve(json(orderReceiptsAnswer()), json(orderReturnsAnswer()));
    show();
    const link = await screen.findByTestId('return-request-link');
    expect(link.textContent).toBe('Повернути товар');
    expect(link.getAttribute('href')).toBe(`/returns/${orderId}`);
  });

  it('leads to the Russian return form from a Russian page', async () => {
    serve(json(orderReceiptsAnswer()), json(orderReturnsAnswer()));
    show('ru');
    const link = await screen.findByTestId('return-request-link');
    expect(link.textContent).toBe('Вернуть товар');
    expect(link.getAttribute('href')).toBe(`/ru/returns/${orderId}`);
  });

  it.each([
    ['deadline_passed', 'uk', 'Минуло понад 14 днів з дня отримання замовлення, тому повернення вже неможливе.'],
    ['nothing_left', 'ru', 'Все товары этого заказа уже заявлены к возврату.'],
  ] as const)('says why a received order cannot be returned (%s)', async (whyNot, lng, text) => {
    serve(json(orderReceiptsAnswer()), json(orderReturnsAnswer({ can_request: false, why_not: whyNot })));
    show(lng);
    expect((await screen.findByTestId('return-why-not')).textContent).toBe(text);
    expect(screen.queryByTestId('return-request-link')).toBeNull();
  });

  it('shows each return: number, status in words, lines, refund, the steps with dates', async () => {
    const received = returnView({
      status: 'received',
      refund_due_at: '2026-12-03',
      steps: [
        { status: 'requested', at: '2026-11-20T10:00:00Z' },
        { status: 'accepted', at: '2026-11-21T09:00:00Z' },
        // 23:30 in Kyiv on the 25th is the 25th, wherever the browser is.
        { status: 'received', at: '2026-11-25T21:30:00Z' },
      ],
    });
    serve(json(orderReceiptsAnswer()), json(orderReturnsAnswer({ returns: [received] })));
    show();
    const card = await screen.findByTestId('return-card');
    expect(within(card).getByTestId('return-number').textContent).toBe('Повернення П-00c0ffe');
    expect(within(card).getByTestId('return-status').textContent).toBe('Товар отримано магазином');
    expect(within(card).getByTestId('return-line').textContent).toBe(
      'Куртка польова · розмір L · колір Олива1 шт · 1\u202F250,50\u00A0грн',
    );
    expect(within(card).getByTestId('return-refund').textContent).toBe('1\u202F250,50\u00A0грн');
    expect(within(card).getByTestId('return-due').textContent).toBe('Кошти повернемо до 03.12.2026');
    const steps = within(card)
      .getAllByRole('listitem')
      .filter((li) => li.className.includes('return-steps__step'));
    expect(steps.map((li) => li.textContent)).toEqual([
      'Заявку прийнято до розгляду20.11.2026',
      'Повернення погоджено21.11.2026',
      'Товар отримано магазином25.11.2026',
    ]);
    expect(within(card).queryByTestId('return-refusal')).toBeNull();
  });

  it('names a refusal’s reason in words, in either language', async () => {
    const refused = returnView({
      status: 'refused',
      refusal_reason: 'third_party_interference',
      refusal_note: 'Пломбу зірвано',
      steps: [
        { status: 'requested', at: '2026-11-20T10:00:00Z' },
        { status: 'refused', at: '2026-11-22T10:00:00Z' },
      ],
    });
    serve(json(orderReceiptsAnswer()), json(orderReturnsAnswer({ returns: [refused] })));
    show('ru');
    const card = await screen.findByTestId('return-card');
    expect(within(card).getByTestId('return-status').textContent).toBe('Отказано');
    expect(within(card).getByTestId('return-refusal').textContent).toBe(
      'Причина отказа: Следы вмешательства третьих лиц или нарушение гарантии',
    );
    expect(within(card).getByTestId('return-refusal-note').textContent).toBe('Комментарий магазина: Пломбу зірвано');
    expect(within(card).getByTestId('return-line').textContent).toContain('Куртка полевая');
    expect(within(card).queryByTestId('return-due')).toBeNull();
  });

  it.each([
    ['requested', 'Заявку прийнято до розгляду'],
    ['accepted', 'Повернення погоджено'],
    ['refused', 'Відмовлено'],
    ['received', 'Товар отримано магазином'],
    ['refunded', 'Кошти повернено'],
  ] as const)('words the status %s', async (status, words) => {
    serve(json(orderReceiptsAnswer()), json(orderReturnsAnswer({ returns: [returnView({ status })] })));
    show();
    expect((await screen.findByTestId('return-status')).textContent).toBe(words);
  });

  it.each([
    ['signs_of_use', 'Є сліди використання'],
    ['deadline_passed', 'Минуло понад 14 днів'],
    ['third_party_interference', 'Сліди втручання третіх осіб або порушення гарантії'],
    ['no_proof_or_incomplete', 'Немає доказу покупки або неповний комплект'],
  ] as const)('words the refusal reason %s', async (reason, words) => {
    serve(
      json(orderReceiptsAnswer()),
      json(orderReturnsAnswer({ returns: [returnView({ status: 'refused', refusal_reason: reason })] })),
    );
    show();
    expect((await screen.findByTestId('return-refusal')).textContent).toBe(`Причина відмови: ${words}`);
  });

  it('keeps the order on screen and says so when its receipts and returns cannot be read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve(json({ detail: 'Service unavailable.' }, 503), json({ detail: 'Service unavailable.' }, 503));
    show();
    expect((await screen.findByTestId('after-sale-failed')).textContent).toBe(
      'Не вдалося завантажити чеки й повернення цього замовлення.',
    );
  });
});
