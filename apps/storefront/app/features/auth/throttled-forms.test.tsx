import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../public/locales/ru.json';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { storageKeys } from '../../lib/storage';
import { AuthModal } from './auth-modal';
import { closeAuth, openAuth } from './auth-modal-state';

/** The server's 429: its body, and the wait in Retry-After. */
const throttled = (seconds: number) =>
  new Response(JSON.stringify({ detail: `Request was throttled. Expected available in ${seconds} seconds.` }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': String(seconds) },
  });

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

function open(messages: Messages, lng: 'uk' | 'ru' = 'uk') {
  act(() => openAuth());
  render(
    <I18nProvider lng={lng} messages={messages}>
      <AuthModal />
    </I18nProvider>,
  );
}

afterEach(() => {
  act(() => closeAuth());
  vi.unstubAllGlobals();
});

describe('a throttled form', () => {
  it('keeps all six registration fields and says when to try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => throttled(3000)),
    );
    open(uk as Messages);
    press(uk.auth.registerLink);
    const typed: [string, string][] = [
      [uk.auth.firstName, 'Тарас'],
      [uk.auth.lastName, 'Шевченко'],
      [uk.auth.email, 'taras@example.com'],
      [uk.auth.telephone, '+380501234567'],
      [uk.auth.password, 'secret 1'],
      [uk.auth.password2, 'secret 1'],
    ];
    for (const [label, value] of typed) type(label, value);
    await act(async () => press(uk.auth.registerSubmit));
    expect(screen.getByTestId('register-failure').textContent).toBe(
      'Забагато спроб. Спробуйте ще раз через 50 хвилин.',
    );
    expect(screen.getByTestId('register-failure').textContent).not.toContain(uk.validation.invalid_register);
    for (const [label, value] of typed) expect(field(label).value).toBe(value);
  });

  it('keeps the sign-in form as typed, in Russian too, and answers in seconds below a minute', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => throttled(42)),
    );
    open(ru as Messages, 'ru');
    type(ru.auth.emailOrPhone, 'ivan@example.com');
    type(ru.auth.password, 'secret 1');
    await act(async () => press(ru.auth.submit));
    expect(screen.getByTestId('login-throttled').textContent).toBe(
      'Слишком много попыток. Попробуйте снова через 42 секунды.',
    );
    expect(screen.queryByTestId('login-failed')).toBeNull();
    expect(field(ru.auth.emailOrPhone).value).toBe('ivan@example.com');
    expect(field(ru.auth.password).value).toBe('secret 1');
    expect(localStorage.getItem(storageKeys.access)).toBeNull();
  });

  it('keeps the address of a throttled reset request and reads the wait from the body without the header', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ detail: 'Request was throttled. Expected available in 61 seconds.' }), {
            status: 429,
          }),
      ),
    );
    open(uk as Messages);
    press(uk.auth.forgotLink);
    type(uk.auth.email, 'ivan@example.com');
    await act(async () => press(uk.auth.forgotSubmit));
    expect(screen.getByTestId('forgot-failure').textContent).toBe('Забагато спроб. Спробуйте ще раз через 2 хвилини.');
    expect(field(uk.auth.email).value).toBe('ivan@example.com');
  });
});
