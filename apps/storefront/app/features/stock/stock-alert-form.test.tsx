import { type ErrorCode, errorCodesHeader, writeErrorCodes } from '@kram/contract/error-codes';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../public/locales/ru.json';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { saveSession } from '../../lib/session';
import { StockAlertForm } from './stock-alert-form';

const variant = { product: 7, size: 43, color: 1 };

const answer = (status: number, body: unknown, codes: ErrorCode[] = [], headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json',
      ...(codes.length && { [errorCodesHeader]: writeErrorCodes(codes) }),
      ...headers,
    },
  });

function renderForm(lng: 'uk' | 'ru' = 'uk') {
  return render(
    <I18nProvider lng={lng} messages={(lng === 'uk' ? uk : ru) as Messages}>
      <StockAlertForm variant={variant} />
    </I18nProvider>,
  );
}

const emailField = () => screen.getByTestId('stock-alert-email') as HTMLInputElement;
async function send(email: string) {
  fireEvent.change(emailField(), { target: { value: email } });
  fireEvent.click(screen.getByTestId('stock-alert-submit'));
}

afterEach(() => vi.unstubAllGlobals());

describe('the "tell me when it is back" form', () => {
  it('subscribes the variant and says where the mail goes', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer(201, { detail: 'Subscribed.' }));
    vi.stubGlobal('fetch', fetch);
    renderForm();
    expect(screen.getByRole('form', { name: "Повідомити, коли з'явиться" })).toBeTruthy();
    // Spaces typed into an e-mail do not count.
    await send(' olena@example.com ');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        "Готово! Ми напишемо на olena@example.com, щойно товар з'явиться.",
      ),
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/stock-alerts/', 'POST']);
    expect(JSON.parse(init.body as string)).toEqual({ ...variant, email: 'olena@example.com' });
    expect(screen.queryByTestId('stock-alert-email')).toBeNull();
  });

  it('checks the e-mail before sending and puts the focus back on it', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    await send('');
    await waitFor(() => expect(screen.getByTestId('stock-alert-email-error').textContent).toBe('Вкажіть e-mail'));
    await send('olena@');
    await waitFor(() =>
      expect(screen.getByTestId('stock-alert-email-error').textContent).toBe('Невірний формат e-mail'),
    );
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(emailField().getAttribute('aria-describedby')).toBe(screen.getByTestId('stock-alert-email-error').id);
    expect(document.activeElement).toBe(emailField());
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says when the variant can be bought after all (400), the product is gone (404) or it failed', async () => {
    vi.stubGlobal('fetch', async () =>
      answer(400, { detail: 'This variant is in stock: it can be ordered now.' }, [{ code: 'stock.alert_available' }]),
    );
    renderForm();
    await send('olena@example.com');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Цей варіант уже є в наявності: оновіть сторінку, щоб додати його до кошика.',
      ),
    );

    vi.stubGlobal('fetch', async () =>
      answer(404, { detail: 'No such product.' }, [{ code: 'stock.product_missing' }]),
    );
    fireEvent.click(screen.getByTestId('stock-alert-submit'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Цього товару більше немає в магазині.'));

    vi.stubGlobal('fetch', async () =>
      answer(400, { email: ['validation.invalid_email'] }, [{ field: 'email', code: 'validation.invalid_email' }]),
    );
    fireEvent.click(screen.getByTestId('stock-alert-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('stock-alert-email-error').textContent).toBe('Невірний формат e-mail'),
    );

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(screen.getByTestId('stock-alert-submit'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Не вдалося підписатися. Спробуйте ще раз.'),
    );
  });

  it('says when to try again after too many tries (429), in Russian too', async () => {
    vi.stubGlobal('fetch', async () =>
      answer(429, { detail: 'Request was throttled. Expected available in 120 seconds.' }, [], {
        'retry-after': '120',
      }),
    );
    renderForm('ru');
    await send('olena@example.com');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Слишком много попыток. Попробуйте снова через 2 минуты.'),
    );
  });

  it('puts in a signed-in shopper’s e-mail', async () => {
    saveSession({ access: 'access-token', refresh: 'refresh-token', is_staff: false, is_superuser: false });
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/api/user-profile/'
        ? answer(200, { first_name: 'Олена', last_name: 'Коваль', email: 'olena@example.com', telephone: null })
        : answer(201, { detail: 'Subscribed.' }),
    );
    renderForm();
    await waitFor(() => expect(emailField().value).toBe('olena@example.com'));
  });
});
