import { shippingCodes, shippingMessages } from '@kram/contract/admin-shipping';
import { type ErrorCode, errorCodesHeader, writeErrorCodes } from '@kram/contract/error-codes';
import { createTheme, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider.ts';
import { aShipment, aWaybillDraft } from '../../test-fixtures.ts';
import { theme } from '../../theme.ts';
import { formFromDraft } from './shipping-format.ts';
import { WaybillFormPanel } from './waybill-form.tsx';

const orderId = '0b6f2a44-91c3-4e2b-8d51-3c9a7e1f2d40';
const draft = aWaybillDraft();

const json = (status: number, body: unknown, codes: ErrorCode[] = []) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json',
      ...(codes.length ? { [errorCodesHeader]: writeErrorCodes(codes) } : {}),
    },
  });

/** The API as the form meets it: the city's branches, and `waybill` for the waybill's own calls. */
function stubApi(waybill: (url: string, init: RequestInit) => Response) {
  const fetch = vi.fn(async (url: string, init: RequestInit) =>
    url.startsWith('/api/novaposhta/warehouses/')
      ? json(200, { warehouses: [{ ref: draft.warehouse_ref, description: 'Відділення №1' }] })
      : waybill(url, init),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderForm(language: 'uk' | 'ru', onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={createTheme(theme)}>
        <I18nContextProvider value={createI18nProvider(language)}>
          <WaybillFormPanel orderId={orderId} mode="create" initial={formFromDraft(draft)} onDone={onDone} />
        </I18nContextProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return onDone;
}

const helperOf = (testId: string) =>
  screen.getByTestId(testId).closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent;

describe('the waybill form', () => {
  afterEach(() => cleanup());

  it('shows the carrier’s refusal beside the field it names, in Russian, and keeps what was typed', async () => {
    const fetch = stubApi(() =>
      json(400, { recipient_phone: ['Невірний телефон'] }, [
        {
          field: 'recipient_phone',
          code: shippingCodes.carrierRefused,
          params: { uk: 'Невірний телефон', ru: 'Неверный телефон', code: '20000200096' },
        },
      ]),
    );
    const onDone = renderForm('ru');
    fireEvent.change(screen.getByTestId('waybill-recipient_phone'), { target: { value: '+380670000000' } });
    fireEvent.click(screen.getByTestId('waybill-save'));
    await waitFor(() => expect(helperOf('waybill-recipient_phone')).toBe('Неверный телефон'));
    const [url, init] = fetch.mock.calls.find(([u]) => u === `/api/admin/orders/${orderId}/shipping/`) ?? [];
    expect(url).toBeTruthy();
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ ...draft, recipient_phone: '+380670000000' });
    expect((screen.getByTestId('waybill-recipient_phone') as HTMLInputElement).value).toBe('+380670000000');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('tells the carrier’s silence and asks again on "try again"', async () => {
    const made = aShipment();
    let calls = 0;
    stubApi(() => {
      calls += 1;
      return calls === 1
        ? json(502, { detail: shippingMessages.carrierUnavailable }, [{ code: shippingCodes.carrierUnavailable }])
        : json(201, made);
    });
    const onDone = renderForm('uk');
    fireEvent.click(screen.getByTestId('waybill-save'));
    const refusal = await screen.findByTestId('waybill-refusal');
    expect(refusal.textContent).toContain('Нова пошта не відповіла.');
    fireEvent.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(made));
    expect(calls).toBe(2);
  });

  it('tells a lost answer in its own words, and asks for the same waybill again', async () => {
    const made = aShipment();
    let calls = 0;
    stubApi(() => {
      calls += 1;
      return calls === 1
        ? json(502, { detail: shippingMessages.pending }, [{ code: 'shipping.pending' }])
        : json(201, made);
    });
    const onDone = renderForm('ru');
    fireEvent.click(screen.getByTestId('waybill-save'));
    const refusal = await screen.findByTestId('waybill-refusal');
    expect(refusal.textContent).toContain(
      'Новая почта не ответила, но накладная могла быть создана. Попробуйте ещё раз: будет найдена та же накладная, а не создана повторно.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Попробовать ещё раз' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(made));
    expect(calls).toBe(2);
  });

  it('shows the carrier’s price, its fee for cash on delivery and the day for the waybill as filled in', async () => {
    const fetch = stubApi(() => json(200, { cost: '73.50', collection_fee: '44.69', delivery_day: '2026-11-25' }));
    renderForm('uk');
    fireEvent.click(screen.getByTestId('waybill-estimate-button'));
    const estimate = await screen.findByTestId('waybill-estimate');
    expect(estimate.textContent?.replaceAll('\u00a0', ' ')).toBe(
      'Доставка ≈ 73,50 ₴ + комісія за післяплату 44,69 ₴, посилка прибуде 25.11.2026.',
    );
    expect(fetch).toHaveBeenCalledWith(
      `/api/admin/orders/${orderId}/shipping/estimate/`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('adds a seat like the last and counts the weight of all', async () => {
    stubApi(() => json(500, {}));
    renderForm('uk');
    fireEvent.click(screen.getByRole('button', { name: 'Додати місце' }));
    expect(screen.getByTestId('waybill-seat-1-weight_kg')).toBeTruthy();
    expect(screen.getByText('Загальна вага: 2,5 кг')).toBeTruthy();
    fireEvent.change(screen.getByTestId('waybill-seat-1-weight_kg'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('waybill-save'));
    expect(helperOf('waybill-seat-1-weight_kg')).toBe('Введіть число, наприклад 1,5.');
  });
});
