import { describe, expect, it, vi } from 'vitest';
import { authProvider, LoginRefused } from './auth-provider.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const tokens = (flags: { is_staff: boolean; is_superuser: boolean }) => ({ access: 'a', refresh: 'r', ...flags });

function answerLogin(answer: Response) {
  const fetch = vi.fn(async () => answer);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const credentials = { email_or_phone: 'staff@kram.example', password: 'secret-password' };

describe('signing in', () => {
  it('posts the credentials and keeps the tokens where the storefront keeps them', async () => {
    const fetch = answerLogin(json(tokens({ is_staff: true, is_superuser: false })));
    await authProvider.login(credentials);
    expect(fetch).toHaveBeenCalledWith('/api/login/', expect.objectContaining({ method: 'POST' }));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual(credentials);
    expect({ ...localStorage }).toEqual({ access: 'a', refresh: 'r', is_staff: 'true', is_superuser: 'false' });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(authProvider.getPermissions?.({})).resolves.toEqual({ isStaff: true, isSuperuser: false });
  });

  it('refuses a shopper’s account and keeps none of its tokens', async () => {
    answerLogin(json(tokens({ is_staff: false, is_superuser: false })));
    await expect(authProvider.login(credentials)).rejects.toEqual(new LoginRefused('kram.auth.no_access'));
    expect(localStorage.length).toBe(0);
  });

  it('names each refusal of the server', async () => {
    const cases: [Response, string, Record<string, unknown>][] = [
      [json({ detail: 'Incorrect credentials.' }, 401), 'kram.auth.incorrect_credentials', {}],
      [json({ detail: 'User account is disabled.' }, 403), 'kram.auth.account_disabled', {}],
      [
        json({ detail: 'Request was throttled. Expected available in 42 seconds.' }, 429),
        'kram.auth.throttled',
        { seconds: '42' },
      ],
      [json({ detail: 'Something else.' }, 400), 'Something else.', { _: 'Something else.' }],
      [json({ password: ['validation.password_required'] }, 400), 'ra.auth.sign_in_error', {}],
    ];
    for (const [answer, key, values] of cases) {
      answerLogin(answer);
      const error = await authProvider.login(credentials).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LoginRefused);
      expect(error).toMatchObject({ message: key, values });
    }
  });
});

describe('the session', () => {
  it('lets in staff and superusers only', async () => {
    await expect(authProvider.checkAuth({})).rejects.toThrow('ra.auth.auth_check_error');
    localStorage.setItem('access', 'a');
    localStorage.setItem('is_staff', 'false');
    localStorage.setItem('is_superuser', 'false');
    await expect(authProvider.checkAuth({})).rejects.toThrow('kram.auth.no_access');
    localStorage.setItem('is_superuser', 'true');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('signs out a member of staff, and leaves a shopper’s storefront session alone', async () => {
    localStorage.setItem('access', 'a');
    localStorage.setItem('is_staff', 'false');
    await authProvider.logout({});
    expect(localStorage.getItem('access')).toBe('a');
    localStorage.setItem('is_staff', 'true');
    await authProvider.logout({});
    expect(localStorage.length).toBe(0);
  });

  it('ends on a 401 and stays through a 403', async () => {
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ status: 401 });
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
  });

  it('knows who is signed in from the profile', async () => {
    localStorage.setItem('access', 'a');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ first_name: 'Олена', last_name: 'Коваль', email: 'olena@kram.example', telephone: null }),
      ),
    );
    await expect(authProvider.getIdentity?.()).resolves.toEqual({
      id: 'olena@kram.example',
      fullName: 'Олена Коваль',
      email: 'olena@kram.example',
    });
  });
});
