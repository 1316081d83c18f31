import { returnMessages } from '@kram/contract/returns';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../public/locales/ru.json';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { ReturnRequest } from './return-request';
import { json, orderId, orderReturnsAnswer, returnView, validIban } from './returns-fixtures';

type Answer = Response | ((init: RequestInit) => Response);

/** The API as the page meets it: the order's returns, and the answer to the request. */
function serve(read: Answer, post?: Answer) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    expect(url).toBe(`/api/orders/${orderId}/returns/`);
    const answer = init.method === 'POST' ? post : read;
    if (!answer) throw new Error(`unexpected ${init.method} ${url}`);
    return typeof answer === 'function' ? answer(init) : answer.clone();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(lng: 'uk' | 'ru' = 'uk') {
  const router = createMemoryRouter([{ path: '*', element: <ReturnRequest orderId={orderId} /> }], {
    initialEntries: [lng === 'ru' ? `/ru/returns/${orderId}` : `/returns/${orderId}`],
  });
  render(
    <I18nProvider lng={lng} messages={(lng === 'uk' ? uk : ru) as Messages}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const lineBox = (name: RegExp) => screen.getByRole('checkbox', { name });
const submit = () => fireEvent.click(screen.getByTestId('return-submit'));
const sentBody = (fetch: ReturnType<typeof serve>) =>
  JSON.parse(String(fetch.mock.calls.find(([, init]) => init.method === 'POST')?.[1].body));

afterEach(() => vi.unstubAllGlobals());

describe('the return form', () => {
  it('shows the order’s lines, a line with nothing left as not choosable, the deadline and the terms', async () => {
    serve(json(orderReturnsAnswer()));
    show();
    expect(screen.getByTestId('return-loading').getAttribute('aria-busy')).toBe('true');
    await screen.findByTestId('return-form');
    expect(screen.getAllByTestId('return-form-line')).toHaveLength(3);
    expect((lineBox(/Рукавиці/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Уже заявлено до повернення')).toBeTruthy();
    expect(screen.getByTestId('return-deadline').textContent).toBe('До 05.12.2026 — останній день, щоб подати заявку');
    expect(screen.getByRole('link', { name: /Умови повернення/ }).getAttribute('href')).toBe('/return');
    expect(screen.getByRole('radio', { name: 'Привезу або надішлю на адресу магазину' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Поверненням Нової Пошти' })).toBeTruthy();
    // A card order's refund goes back to the card: no IBAN asked for.
    expect(screen.queryByLabelText(/IBAN/)).toBeNull();
  });

  it('sums the refund as lines are chosen and their quantities change', async () => {
    serve(json(orderReturnsAnswer()));
    show();
    await screen.findByTestId('return-form');
    const sum = () => screen.getByTestId('return-sum').textContent;
    expect(sum()).toBe('Оберіть товари — тут з’явиться сума до повернення');
    fireEvent.click(lineBox(/Куртка польова/));
    // All of a line at first.
    expect(sum()).toBe('Повернемо 2\u202F501,00\u00A0грн — вартість товару, без доставки');
    fireEvent.change(screen.getByLabelText('Кількість'), { target: { value: '1' } });
    expect(sum()).toBe('Повернемо 1\u202F250,50\u00A0грн — вартість товару, без доставки');
    fireEvent.click(lineBox(/Шапка/));
    expect(sum()).toBe('Повернемо 1\u202F550,50\u00A0грн — вартість товару, без доставки');
    fireEvent.click(lineBox(/Куртка польова/));
    expect(sum()).toBe('Повернемо 300,00\u00A0грн — вартість товару, без доставки');
  });

  it('says a quantity is out of bounds as it is typed', async () => {
    serve(json(orderReturnsAnswer()));
    show();
    await screen.findByTestId('return-form');
    fireEvent.click(lineBox(/Куртка польова/));
    const quantity = screen.getByLabelText('Кількість');
    expect(quantity.getAttribute('max')).toBe('2');
    fireEvent.change(quantity, { target: { value: '3' } });
    expect(screen.getByTestId('return-line-0-error').textContent).toBe('Вкажіть кількість від 1 до 2');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(quantity, { target: { value: '0' } });
    expect(screen.getByTestId('return-line-0-error')).toBeTruthy();
    fireEvent.change(quantity, { target: { value: '2' } });
    expect(screen.queryByTestId('return-line-0-error')).toBeNull();
  });

  it('sends nothing while nothing is chosen, and puts the focus on the first problem', async () => {
    const fetch = serve(json(orderReturnsAnswer()));
    show();
    await screen.findByTestId('return-form');
    submit();
    expect(screen.getByTestId('return-lines-error').textContent).toBe('Оберіть хоча б один товар для повернення');
    expect(screen.getByTestId('return-reason-error').textContent).toBe('Напишіть, чому повертаєте товар');
    expect(screen.getByTestId('return-shipping-error').textContent).toBe('Оберіть, як надішлете товар');
    await waitFor(() => expect(document.activeElement).toBe(lineBox(/Куртка польова/)));
    expect(fetch.mock.calls.filter(([, init]) => init.method === 'POST')).toHaveLength(0);
    // Choosing a line takes its message away.
    fireEvent.click(lineBox(/Шапка/));
    expect(screen.queryByTestId('return-lines-error')).toBeNull();
  });

  it('asks for the IBAN and its holder for an order not paid by card, checking the IBAN as it is typed', async () => {
    const fetch = serve(json(orderReturnsAnswer({ needs_iban: true })), () =>
      json(returnView({ refund_method: 'bank_transfer', shipping: 'nova_poshta', refund_amount: '300.00' }), 201),
    );
    show();
    await screen.findByTestId('return-form');
    const iban = screen.getByLabelText(/^IBAN/);
    expect(screen.getByText('UA та 27 цифр')).toBeTruthy();
    // A start that may still become an IBAN is not wrong yet; other letters or failing check digits are.
    fireEvent.change(iban, { target: { value: 'UA21 3223' } });
    expect(screen.queryByTestId('return-iban-error')).toBeNull();
    fireEvent.change(iban, { target: { value: 'UA21 3223 X' } });
    expect(screen.getByTestId('return-iban-error').textContent).toBe('Це не схоже на український IBAN: UA та 27 цифр');
    fireEvent.change(iban, { target: { value: 'UA21 3223 1300 0002 6007 2335 6600 2' } });
    expect(screen.getByTestId('return-iban-error')).toBeTruthy();
    // Left unfinished, it is wrong once the form is sent.
    fireEvent.change(iban, { target: { value: 'UA21 3223' } });
    submit();
    expect(screen.getByTestId('return-iban-error').textContent).toBe('Це не схоже на український IBAN: UA та 27 цифр');
    fireEvent.change(iban, { target: { value: 'ua21 3223 1300 0002 6007 2335 6600 1' } });
    expect(screen.queryByTestId('return-iban-error')).toBeNull();

    fireEvent.click(lineBox(/Шапка/));
    fireEvent.change(screen.getByLabelText(/Причина повернення/), { target: { value: 'Не той колір' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Поверненням Нової Пошти' }));
    submit();
    expect(screen.getByTestId('return-holder-error').textContent).toBe('Вкажіть власника рахунку');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Власник рахунку/)));
    fireEvent.change(screen.getByLabelText(/Власник рахунку/), { target: { value: 'Іван Петренко' } });
    submit();
    await screen.findByTestId('return-done');
    expect(screen.getByTestId('return-done-shipping').textContent).toBe(
      'Після погодження ми оформимо повернення через Нову Пошту: передасте товар у будь-якому її відділенні, назвавши номер телефону із замовлення.',
    );
    expect(screen.getByTestId('return-done-refund').textContent).toBe(
      '300,00\u00A0грн повернемо переказом на вказаний IBAN протягом 7 днів після того, як магазин отримає товар.',
    );
    // The order's returns are read again, with the new one.
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect(sentBody(fetch)).toEqual({
      lines: [{ position: 1, quantity: 1 }],
      reason: 'Не той колір',
      shipping: 'nova_poshta',
      iban: validIban,
      account_holder: 'Іван Петренко',
    });
  });

  it('shows the server’s field errors under their fields', async () => {
    serve(json(orderReturnsAnswer()), () =>
      json({ 'lines.0.quantity': [returnMessages.tooMany], reason: [returnMessages.reasonRequired] }, 400, {
        'Kram-Error-Codes': JSON.stringify([{ field: 'lines.0.quantity', code: 'return.too_many' }]),
      }),
    );
    show();
    await screen.findByTestId('return-form');
    fireEvent.click(lineBox(/Куртка польова/));
    fireEvent.change(screen.getByLabelText(/Причина повернення/), { target: { value: 'Не підійшов' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Привезу або надішлю на адресу магазину' }));
    submit();
    expect((await screen.findByTestId('return-line-0-error')).textContent).toBe(
      'Більше, ніж замовлено або ніж лишилося повернути',
    );
    expect(screen.getByTestId('return-reason-error').textContent).toBe('Напишіть, чому повертаєте товар');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Кількість')));
  });

  it('shows a 409 as a banner above the form', async () => {
    serve(json(orderReturnsAnswer()), () => json({ detail: returnMessages.deadlinePassed }, 409));
    show('ru');
    await screen.findByTestId('return-form');
    fireEvent.click(lineBox(/Куртка полевая/));
    fireEvent.change(screen.getByLabelText(/Причина возврата/), { target: { value: 'Не подошёл' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Возвратом Новой Почты' }));
    submit();
    const banner = await screen.findByTestId('return-banner');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toBe('Прошло более 14 дней со дня получения заказа, поэтому возврат уже невозможен.');
    await waitFor(() => expect(document.activeElement).toBe(banner));
  });

  it('confirms the request with its number and what comes next, and lists it with the order’s returns', async () => {
    const created = returnView({
      id: '9b1d7f3e-0000-4000-8000-0000000beef1',
      number: 'П-0beef1a',
      created_at: '2026-11-28T10:00:00Z',
    });
    const earlier = returnView({ status: 'refused', refusal_reason: 'signs_of_use' });
    let posted = false;
    serve(
      () => json(orderReturnsAnswer({ returns: posted ? [earlier, created] : [earlier] })),
      () => {
        posted = true;
        return json(created, 201);
      },
    );
    show();
    await screen.findByTestId('return-form');
    expect(screen.getAllByTestId('return-card')).toHaveLength(1);
    fireEvent.click(lineBox(/Куртка польова/));
    fireEvent.change(screen.getByLabelText(/Причина повернення/), { target: { value: 'Не підійшов розмір' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Привезу або надішлю на адресу магазину' }));
    submit();
    const done = await screen.findByTestId('return-done');
    expect(within(done).getByRole('heading').textContent).toBe('Заявку П-0beef1a прийнято');
    await waitFor(() => expect(document.activeElement).toBe(within(done).getByRole('heading')));
    expect(screen.getByTestId('return-done-shipping').textContent).toBe(
      'Після погодження привезіть або надішліть товар на адресу магазину: Київ, вул. Січових Стрільців, 1.',
    );
    expect(screen.getByTestId('return-done-refund').textContent).toBe(
      '1\u202F250,50\u00A0грн повернемо на картку, якою ви платили, протягом 7 днів після того, як магазин отримає товар.',
    );
    expect(screen.queryByTestId('return-form')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('return-card')).toHaveLength(2));
    // Newest first.
    expect(screen.getAllByTestId('return-number').map((n) => n.textContent)).toEqual([
      'Повернення П-0beef1a',
      'Повернення П-00c0ffe',
    ]);
  });
});

describe('the return page without a form', () => {
  it.each([
    ['not_received', 'uk', 'Повернути товар можна після того, як ви отримаєте замовлення.'],
    ['deadline_passed', 'uk', 'Минуло понад 14 днів з дня отримання замовлення, тому повернення вже неможливе.'],
    ['nothing_left', 'ru', 'Все товары этого заказа уже заявлены к возврату.'],
  ] as const)('says why an order cannot be returned (%s, %s)', async (whyNot, lng, text) => {
    serve(json(orderReturnsAnswer({ can_request: false, why_not: whyNot })));
    show(lng);
    expect((await screen.findByTestId('return-why-not')).textContent).toBe(text);
    expect(screen.queryByTestId('return-form')).toBeNull();
  });

  it('says the order is not found, and offers to retry when the answer failed', async () => {
    serve(json({ detail: 'Not found.' }, 404));
    show();
    expect((await screen.findByTestId('return-missing')).textContent).toBe(
      'Замовлення не знайдено. Перевірте посилання з листа.',
    );
    cleanup();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let failing = true;
    serve(() => (failing ? json({ detail: 'Service unavailable.' }, 503) : json(orderReturnsAnswer())));
    show('ru');
    expect((await screen.findByTestId('return-failed')).textContent).toContain(
      'Не удалось загрузить данные о возврате.',
    );
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Попробовать ещё раз' }));
    await screen.findByTestId('return-form');
  });
});
