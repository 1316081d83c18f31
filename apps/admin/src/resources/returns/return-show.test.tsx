import type { AdminReturn } from '@kram/contract/admin-returns';
import { returnMessages } from '@kram/contract/returns';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Admin, Resource, TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../data-provider.ts';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { aReceipt } from '../fiscal/fiscal-test-kit.ts';
import { ReturnShow } from './return-show.tsx';
import { aCashReturn, aReturn, receiptId, returnId } from './returns-test-kit.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** 1935.00 as the shop writes money: a narrow space between thousands, a no-break space before ₴. */
const amount = '1\u202F935,00\u00A0₴';
const recordUrl = `/api/admin/returns/${returnId}/`;

/**
 * The API as the page meets it: the return as it stands (`current`), and each step answered by `step`
 * (the record after it, or a refusal); a step taken changes what the return reads as.
 */
function stubApi(first: AdminReturn, step: (name: string, body: unknown) => Response | AdminReturn = () => first) {
  let current = first;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === recordUrl && (init?.method ?? 'GET') === 'GET') return json(200, current);
    const taken = /^\/api\/admin\/returns\/[^/]+\/(accept|refuse|receive|refund)\/$/.exec(url);
    if (taken && init?.method === 'POST') {
      const answer = step(taken[1] as string, JSON.parse(String(init.body)));
      if (answer instanceof Response) return answer;
      current = answer;
      return json(200, answer);
    }
    if (url === `/api/admin/fiscal/receipts/${receiptId}/`) {
      return json(200, aReceipt({ id: receiptId, kind: 'return', source: 'refund', return_id: returnId }));
    }
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const posts = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [url.replace(`/api/admin/returns/${returnId}/`, ''), JSON.parse(String(init?.body))]);

function renderPage(language: 'uk' | 'ru' = 'uk') {
  render(
    <TestMemoryRouter initialEntries={[`/returns/${returnId}/show`]}>
      <Admin dataProvider={dataProvider} i18nProvider={createI18nProvider(language)} disableTelemetry>
        <Resource name="returns" show={ReturnShow} />
        <Resource name="orders" />
      </Admin>
    </TestMemoryRouter>,
  );
}

const stepButtons = () =>
  screen.queryAllByTestId(/^return-step-/).map((button) => button.getAttribute('data-testid')?.slice(12));

describe('a return’s page', () => {
  afterEach(() => cleanup());

  it.each([
    ['requested', ['accept', 'refuse']],
    ['accepted', ['receive', 'refuse']],
    ['received', ['refund']],
    ['refused', []],
    ['refunded', []],
  ] as const)('offers the steps a %s return may take', async (status, expected) => {
    stubApi(aReturn({ status, steps: [{ status, at: '2026-11-24T10:00:00Z' }] }));
    renderPage();
    expect((await screen.findByTestId('return-status')).textContent).toBe(
      {
        requested: 'Запит',
        accepted: 'Прийнято',
        refused: 'Відмовлено',
        received: 'Товар отримано',
        refunded: 'Кошти повернено',
      }[status],
    );
    expect(stepButtons()).toEqual(expected);
  });

  it('shows the goods, the request, the steps so far, and labels the buttons in Russian too', async () => {
    stubApi(
      aCashReturn({
        status: 'accepted',
        steps: [
          { status: 'requested', at: '2026-11-23T10:00:00Z' },
          { status: 'accepted', at: '2026-11-24T09:00:00Z' },
        ],
      }),
    );
    renderPage('ru');
    const lines = await screen.findByTestId('return-lines');
    expect(within(lines).getByText('Куртка Часовой')).toBeTruthy();
    expect(screen.getByTestId('return-refund-amount').textContent).toBe(amount);
    expect(screen.getByTestId('return-iban').textContent).toBe('UA21 3223 1300 0002 6007 2335 6600 1');
    expect(screen.getByTestId('return-request').textContent).toContain('Не підійшов розмір');
    expect(screen.getByTestId('return-request').textContent).toContain('Возврат Новой почтой');
    expect(screen.getByTestId('return-steps').textContent).toContain('Запрос');
    expect(screen.getByTestId('return-steps').textContent).toContain('Принят');
    expect(screen.getByTestId('return-step-receive').textContent).toBe('Товар получен');
    expect(screen.getByTestId('return-step-refuse').textContent).toBe('Отказать');
    expect(screen.getByTestId('return-order').getAttribute('href')).toBe(`/orders/${aCashReturn().order_id}/show`);
  });

  it('refuses only with one of the terms’ reasons, then reloads the page', async () => {
    const fetch = stubApi(aReturn(), (_, body) =>
      aReturn({
        status: 'refused',
        refusal_reason: (body as { reason: AdminReturn['refusal_reason'] }).reason,
        refusal_note: 'Бирки відрізано',
        steps: [
          { status: 'requested', at: '2026-11-23T10:00:00Z' },
          { status: 'refused', at: '2026-11-24T10:00:00Z' },
        ],
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByTestId('return-step-refuse'));
    const dialog = screen.getByTestId('return-dialog');
    // The four reasons of the terms, none chosen.
    const reasons = within(dialog).getAllByRole('radio') as HTMLInputElement[];
    expect(reasons.map((r) => r.value)).toEqual([
      'signs_of_use',
      'deadline_passed',
      'third_party_interference',
      'no_proof_or_incomplete',
    ]);
    expect(within(dialog).getByText('Сліди втручання третіх осіб або порушення гарантії')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('return-dialog-confirm'));
    expect((await within(dialog).findByTestId('return-reason-error')).textContent).toBe('Оберіть причину відмови.');
    expect(posts(fetch)).toEqual([]);

    fireEvent.click(within(dialog).getByLabelText('Є сліди використання'));
    expect(within(dialog).queryByTestId('return-reason-error')).toBeNull();
    fireEvent.change(within(dialog).getByTestId('return-note'), { target: { value: '  Бирки відрізано ' } });
    fireEvent.click(within(dialog).getByTestId('return-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId('return-dialog')).toBeNull());
    expect(posts(fetch)).toEqual([['refuse/', { reason: 'signs_of_use', note: 'Бирки відрізано' }]]);
    // The page reads the return again: refused, with its reason, and no step left.
    await waitFor(() => expect(screen.getByTestId('return-status').textContent).toBe('Відмовлено'));
    expect(screen.getByTestId('return-refusal').textContent).toBe('Є сліди використання');
    expect(stepButtons()).toEqual([]);
  });

  it('refunds a card order through Monobank, naming the amount, and shows the bank’s refusal in its words', async () => {
    let answer: Response | AdminReturn = json(409, {
      detail: `${returnMessages.bankRefused} Operation is not allowed for this invoice status`,
    });
    const fetch = stubApi(aReturn({ status: 'received', refund_due_at: '2026-11-30T10:00:00Z' }), () => answer);
    renderPage();
    expect((await screen.findByTestId('return-due')).textContent).toBe('Повернути кошти до 30.11.2026');
    fireEvent.click(screen.getByTestId('return-step-refund'));
    const dialog = screen.getByTestId('return-dialog');
    expect(within(dialog).getByTestId('return-dialog-text').textContent).toBe(
      `Повернути ${amount} на картку через Monobank? Банк поверне кошти на картку, якою платили.`,
    );
    // A card refund asks for nothing: the bank is told.
    expect(within(dialog).queryByTestId('return-reference')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('return-dialog-confirm'));
    expect((await within(dialog).findByTestId('return-dialog-error')).textContent).toBe(
      'Банк відмовив у поверненні коштів: Operation is not allowed for this invoice status',
    );
    expect(posts(fetch)).toEqual([['refund/', {}]]);

    answer = json(502, { detail: returnMessages.bankDown });
    fireEvent.click(within(dialog).getByTestId('return-dialog-confirm'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('return-dialog-error').textContent).toBe(
        'Банк не відповів. Спробуйте ще раз за кілька хвилин.',
      ),
    );

    answer = aReturn({
      status: 'refunded',
      refund: {
        method: 'card',
        bank_status: 'success',
        bank_answer: null,
        reference: null,
        at: '2026-11-25T10:00:00Z',
      },
      receipt_id: receiptId,
      steps: [
        { status: 'requested', at: '2026-11-23T10:00:00Z' },
        { status: 'refunded', at: '2026-11-25T10:00:00Z' },
      ],
    });
    fireEvent.click(within(dialog).getByTestId('return-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId('return-dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('return-status').textContent).toBe('Кошти повернено'));
    expect(screen.getByTestId('return-bank-status').textContent).toBe('успішно');
    // The return receipt, with its links.
    const receipt = await screen.findByTestId('receipt');
    expect(receipt.getAttribute('data-receipt-id')).toBe(receiptId);
    expect(within(receipt).getByTestId('receipt-page').getAttribute('target')).toBe('_blank');
    expect(screen.queryByTestId('return-due')).toBeNull();
  });

  it('refunds a cash order by a bank transfer, whose reference is required', async () => {
    const fetch = stubApi(aCashReturn({ status: 'received', refund_due_at: '2026-11-20', overdue: true }), (_, body) =>
      aCashReturn({
        status: 'refunded',
        refund: {
          method: 'bank_transfer',
          bank_status: null,
          bank_answer: null,
          reference: (body as { reference: string }).reference,
          at: '2026-11-25T10:00:00Z',
        },
      }),
    );
    renderPage();
    expect((await screen.findByTestId('return-overdue-warning')).textContent).toBe(
      'Строк повернення коштів минув 20.11.2026: поверніть їх якнайшвидше.',
    );
    fireEvent.click(screen.getByTestId('return-step-refund'));
    const dialog = screen.getByTestId('return-dialog');
    expect(within(dialog).getByTestId('return-dialog-text').textContent).toContain(`Переказати ${amount} на IBAN`);
    fireEvent.click(within(dialog).getByTestId('return-dialog-confirm'));
    expect(await within(dialog).findByText('Вкажіть референс банківського переказу.')).toBeTruthy();
    expect(posts(fetch)).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('return-reference'), { target: { value: ' PR-2026-1125 ' } });
    fireEvent.click(within(dialog).getByTestId('return-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId('return-dialog')).toBeNull());
    expect(posts(fetch)).toEqual([['refund/', { reference: 'PR-2026-1125' }]]);
    await waitFor(() => expect(screen.getByTestId('return-reference-value').textContent).toBe('PR-2026-1125'));
    expect(screen.getByTestId('return-refund').textContent).toContain(
      'Чек повернення не видається (замовлення фіскалізував перевізник).',
    );
  });

  it('tells a step the return can no longer take, in the manager’s language', async () => {
    stubApi(aReturn({ status: 'accepted' }), () => json(409, { detail: returnMessages.wrongStep }));
    renderPage('ru');
    fireEvent.click(await screen.findByTestId('return-step-receive'));
    fireEvent.click(within(screen.getByTestId('return-dialog')).getByTestId('return-dialog-confirm'));
    expect((await screen.findByTestId('return-dialog-error')).textContent).toBe(
      'Возврат уже в другом состоянии: обновите страницу.',
    );
  });
});
