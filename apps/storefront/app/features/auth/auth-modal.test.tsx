import { type ErrorCode, errorCodesHeader, writeErrorCodes } from '@kram/contract/error-codes';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../lib/storage';
import { AuthModal } from './auth-modal';
import { closeAuth, openAuth, openAuthAt } from './auth-modal-state';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
/** A refusal as the server answers it: the body's words and the code of each message in the header. */
const refused = (body: unknown, status: number, codes: ErrorCode[]) =>
  new Response(JSON.stringify(body), { status, headers: { [errorCodesHeader]: writeErrorCodes(codes) } });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

afterEach(() => {
  act(() => closeAuth());
  vi.unstubAllGlobals();
});

describe('AuthModal', () => {
  it('signs in: stores the session, closes and reports it', async () => {
    const tokens = { access: 'a', refresh: 'r', is_staff: true, is_superuser: false };
    const fetchMock = vi.fn(async () => json(tokens));
    vi.stubGlobal('fetch', fetchMock);
    const onSignedIn = vi.fn();
    act(() => openAuth());
    render(<AuthModal onSignedIn={onSignedIn} />);
    // Spaces go from the login as typed.
    type('auth.emailOrPhone', ' +380 50 123 45 67 ');
    expect(field('auth.emailOrPhone').value).toBe('+380501234567');
    type('auth.password', 'secret 1');
    await act(async () => press('auth.submit'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/login/',
      expect.objectContaining({ body: '{"email_or_phone":"+380501234567","password":"secret 1"}' }),
    );
    expect(localStorage.getItem(storageKeys.access)).toBe('a');
    expect(localStorage.getItem(storageKeys.isStaff)).toBe('true');
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('auth-modal')).toBeNull();
  });

  it('shows the error-only view after a failed login; trying again starts from an empty form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        refused({ detail: 'Incorrect credentials.' }, 401, [{ code: 'account.incorrect_credentials' }]),
      ),
    );
    act(() => openAuth());
    render(<AuthModal />);
    type('auth.emailOrPhone', 'ivan@example.com');
    type('auth.password', 'wrong');
    await act(async () => press('auth.submit'));
    expect(screen.getByTestId('login-failed').textContent).toContain('login_incorrect_credentials');
    expect(screen.queryByTestId('login-form')).toBeNull();
    press('auth.tryAgain');
    expect(field('auth.emailOrPhone').value).toBe('');
    expect(field('auth.password').value).toBe('');
    expect(localStorage.getItem(storageKeys.access)).toBeNull();
  });

  it('validates before sending anything', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    act(() => openAuth());
    render(<AuthModal />);
    press('auth.submit');
    expect(screen.getAllByTestId('field-error').map((e) => e.textContent)).toEqual([
      'validation.email_or_phone_required',
      'validation.password_required',
    ]);
    type('auth.emailOrPhone', '0501234567');
    type('auth.password', 'x');
    press('auth.submit');
    expect(screen.getAllByTestId('field-error').map((e) => e.textContent)).toEqual(['validation.invalid_telephone']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers, clears the form and shows the success view, then the login form', async () => {
    const fetchMock = vi.fn(async () =>
      json({ first_name: 'Олена', last_name: 'Коваль', email: 'olena@example.com', telephone: '+380671234567' }, 201),
    );
    vi.stubGlobal('fetch', fetchMock);
    act(() => openAuth());
    render(<AuthModal />);
    press('auth.registerLink');
    type('auth.firstName', 'Тарас ');
    type('auth.lastName', 'Шевченко');
    type('auth.email', 'taras@example.com');
    type('auth.telephone', '+380501234567');
    type('auth.password', 'secret 1');
    type('auth.password2', 'secret 1');
    await act(async () => press('auth.registerSubmit'));
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      first_name: 'Тарас',
      last_name: 'Шевченко',
      email: 'taras@example.com',
      telephone: '+380501234567',
      password: 'secret 1',
      password2: 'secret 1',
    });
    expect(screen.getByTestId('registered').textContent).toContain('auth.registeredText');
    press('auth.toLogin');
    expect(screen.getByTestId('login-form')).toBeTruthy();
  });

  it('clears the registration form after a refusal and names what is taken', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        refused({ email: ['This field must be unique.'] }, 400, [{ field: 'email', code: 'account.not_unique' }]),
      ),
    );
    act(() => openAuthAt('register'));
    render(<AuthModal />);
    type('auth.firstName', 'Тарас');
    type('auth.lastName', 'Шевченко');
    type('auth.email', 'taras@example.com');
    type('auth.telephone', '+380501234567');
    type('auth.password', 'secret 1');
    type('auth.password2', 'secret 1');
    await act(async () => press('auth.registerSubmit'));
    expect(screen.getByTestId('register-failure').textContent).toBe('validation.email_taken');
    expect(field('auth.email').value).toBe('');
    expect(field('auth.password').value).toBe('');
  });

  it('sends a reset link and says where; an unknown address keeps the form', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        refused({ message: 'No user with this email was found.' }, 400, [{ code: 'account.user_not_found' }]),
      )
      .mockResolvedValueOnce(json({ message: 'Password reset link sent.' }));
    vi.stubGlobal('fetch', fetchMock);
    act(() => openAuth());
    render(<AuthModal />);
    press('auth.forgotLink');
    type('auth.email', 'taras@example.com');
    await act(async () => press('auth.forgotSubmit'));
    expect(screen.getByTestId('forgot-failure').textContent).toBe('user_not_found_error');
    expect(field('auth.email').value).toBe('taras@example.com');
    await act(async () => press('auth.forgotSubmit'));
    expect(screen.getByTestId('reset-sent')).toBeTruthy();
    expect(JSON.parse(String((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].body))).toEqual({
      email: 'taras@example.com',
      lng: 'uk',
    });
  });

  it('starts again from the login form after closing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refused({ detail: 'User account is disabled.' }, 403, [{ code: 'account.account_disabled' }])),
    );
    act(() => openAuth());
    const { rerender } = render(<AuthModal />);
    type('auth.emailOrPhone', 'ivan@example.com');
    type('auth.password', 'secret');
    await act(async () => press('auth.submit'));
    expect(screen.getByTestId('login-failed').textContent).toContain('login_error_message');
    press('common.close');
    expect(screen.queryByTestId('auth-modal')).toBeNull();
    act(() => openAuth());
    rerender(<AuthModal />);
    expect(screen.getByTestId('login-form')).toBeTruthy();
  });
});
