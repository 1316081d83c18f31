import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../public/locales/ru.json';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { StockUnsubscribe } from './stock-unsubscribe';

const token = 'a3f9c2e17b5d4f60a3f9c2e17b5d4f60';

function renderPage(lng: 'uk' | 'ru' = 'uk', value = token) {
  const router = createMemoryRouter([{ path: '*', element: <StockUnsubscribe token={value} /> }], {
    initialEntries: [lng === 'ru' ? '/ru/stock-alerts/x/unsubscribe' : '/stock-alerts/x/unsubscribe'],
  });
  return render(
    <I18nProvider lng={lng} messages={(lng === 'uk' ? uk : ru) as Messages}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const message = () => screen.getByRole('status').textContent;
const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('the unsubscribe page', () => {
  it('cancels the alert and says it is done', async () => {
    let answered: (response: Response) => void = () => {};
    const fetch = vi.fn(
      (_url: string, _init: RequestInit) =>
        new Promise<Response>((resolve) => {
          answered = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderPage();
    expect(message()).toBe('Відписуємо…');
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    await act(async () => answered(json(204, null)));
    await waitFor(() => expect(message()).toBe('Готово: ми більше не надішлемо лист про цей товар.'));
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect([url, init.method]).toEqual([`/api/stock-alerts/${token}/`, 'DELETE']);
    expect(screen.getByRole('link', { name: 'До покупок' }).getAttribute('href')).toBe('/');
  });

  it('says the subscription is already gone (404), in Russian too', async () => {
    vi.stubGlobal('fetch', async () => json(404, { detail: 'No such subscription.' }));
    renderPage('ru');
    await waitFor(() =>
      expect(message()).toBe('Этой подписки уже нет: вы отписались раньше или письмо уже отправлено.'),
    );
    expect(screen.getByRole('link', { name: 'К покупкам' }).getAttribute('href')).toBe('/ru/');
  });

  it('does not ask about a token no mail could carry', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderPage('uk', 'short');
    await waitFor(() => expect(message()).toContain('Цієї підписки вже немає'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers another try when the shop cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderPage();
    await waitFor(() => expect(message()).toBe("Не вдалося відписатися. Перевірте з'єднання та спробуйте ще раз."));
    vi.stubGlobal('fetch', async () => json(204, null));
    fireEvent.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    await waitFor(() => expect(message()).toContain('Готово'));
  });
});
