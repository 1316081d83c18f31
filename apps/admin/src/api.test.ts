import * as admin from '@kram/contract/endpoints/admin';
import * as shop from '@kram/contract/endpoints/shop';
import { errorCodesHeader, writeErrorCodes } from '@kram/contract/error-codes';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { api } from './api.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function signIn(access = 'old-access', refresh = 'old-refresh') {
  localStorage.setItem('access', access);
  localStorage.setItem('refresh', refresh);
  localStorage.setItem('is_staff', 'true');
  localStorage.setItem('is_superuser', 'false');
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function serve(handler: Handler) {
  const calls: { url: string; auth?: string; body?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ url, auth: headers.Authorization, body: init.body as string | undefined });
      return handler(url, init);
    }),
  );
  return calls;
}

const olena = { first_name: 'Олена', last_name: 'Коваль', email: 'a@b.c', telephone: null };

/** The API: the profile answers 401 to any token but `good`. */
const profileFor = (good: string) => (url: string, init: RequestInit) => {
  const auth = (init.headers as Record<string, string>).Authorization;
  if (url === '/api/user-profile/')
    return auth === `Bearer ${good}` ? json(olena) : json({ detail: 'Token expired.' }, 401);
  throw new Error(`unexpected ${url}`);
};

describe('the HTTP client', () => {
  it('refreshes once on a 401, keeps the new pair and repeats the call', async () => {
    signIn();
    const profile = profileFor('new-access');
    const calls = serve((url, init) =>
      url === '/api/token/refresh/' ? json({ access: 'new-access', refresh: 'new-refresh' }) : profile(url, init),
    );
    expect(await api.call(shop.profile)).toEqual(olena);
    expect(calls.map((c) => [c.url, c.auth])).toEqual([
      ['/api/user-profile/', 'Bearer old-access'],
      ['/api/token/refresh/', undefined],
      ['/api/user-profile/', 'Bearer new-access'],
    ]);
    expect(JSON.parse(calls[1]?.body ?? '')).toEqual({ refresh: 'old-refresh' });
    expect(localStorage.getItem('access')).toBe('new-access');
    expect(localStorage.getItem('refresh')).toBe('new-refresh');
  });

  it('shares one refresh between calls that meet a 401 together', async () => {
    signIn();
    const profile = profileFor('new-access');
    const calls = serve((url, init) =>
      url === '/api/token/refresh/' ? json({ access: 'new-access', refresh: 'new-refresh' }) : profile(url, init),
    );
    await Promise.all([api.call(shop.profile), api.call(shop.profile), api.call(shop.profile)]);
    expect(calls.filter((c) => c.url === '/api/token/refresh/')).toHaveLength(1);
  });

  it('takes the pair another tab stored instead of presenting a used refresh token', async () => {
    signIn();
    const profile = profileFor('tab-access');
    serve((url, init) => {
      if (url === '/api/token/refresh/') throw new Error('the used refresh token was presented');
      // Another tab rotates the pair while this call is under way.
      localStorage.setItem('access', 'tab-access');
      localStorage.setItem('refresh', 'tab-refresh');
      return profile(url, init);
    });
    expect(await api.call(shop.profile)).toEqual(olena);
    expect(localStorage.getItem('refresh')).toBe('tab-refresh');
  });

  it('refreshes under the Web Lock the tabs share', async () => {
    signIn();
    const request = vi.fn((_name: string, work: () => Promise<unknown>) => work());
    vi.stubGlobal('navigator', { locks: { request } });
    const profile = profileFor('new-access');
    serve((url, init) =>
      url === '/api/token/refresh/' ? json({ access: 'new-access', refresh: 'new-refresh' }) : profile(url, init),
    );
    await api.call(shop.profile);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[0]).toBe('kram-token-refresh');
  });

  it('signs out when the refresh is refused, and answers the 401', async () => {
    signIn();
    const profile = profileFor('never');
    serve((url, init) =>
      url === '/api/token/refresh/'
        ? json({ detail: 'Token is invalid or expired.', code: 'token_not_valid' }, 401)
        : profile(url, init),
    );
    await expect(api.call(shop.profile)).rejects.toMatchObject({ status: 401, message: 'Token expired.' });
    for (const key of ['access', 'refresh', 'is_staff', 'is_superuser']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('keeps the session when the server cannot be reached for the refresh', async () => {
    signIn();
    const profile = profileFor('never');
    serve((url, init) => {
      if (url === '/api/token/refresh/') throw new TypeError('Failed to fetch');
      return profile(url, init);
    });
    await expect(api.call(shop.profile)).rejects.toThrow('Failed to fetch');
    expect(localStorage.getItem('refresh')).toBe('old-refresh');
  });

  it('sends no token and tries no refresh when signed out', async () => {
    const calls = serve(() => json({ detail: 'Authentication credentials were not provided.' }, 401));
    await expect(api.call(shop.profile)).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual([{ url: '/api/user-profile/', auth: undefined, body: undefined }]);
  });

  it('fails with react-admin’s HttpError carrying the codes of the answer’s messages', async () => {
    signIn();
    const codes = [{ field: 'slug', code: 'catalog.slug_taken' }];
    serve(
      () =>
        new Response(JSON.stringify({ slug: ['A category with this slug already exists.'] }), {
          status: 400,
          headers: { 'Content-Type': 'application/json', [errorCodesHeader]: writeErrorCodes(codes) },
        }),
    );
    const error = await api
      .call(admin.categoryCreate, { body: { name: 'Сукні', name_ru: 'Платья' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      codes,
      body: { errors: { slug: 'A category with this slug already exists.' } },
    });
  });
});
