import * as shop from '@kram/contract/endpoints/shop';
import { tokenRefreshLockName } from '@kram/contract/token-refresh';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { storageKeys } from './storage';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function mockFetch(handler: Handler) {
  const calls: { url: string; auth: string | undefined; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ url, auth: headers.Authorization, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function signIn(access = 'old-access', refresh = 'old-refresh') {
  localStorage.setItem(storageKeys.access, access);
  localStorage.setItem(storageKeys.refresh, refresh);
  localStorage.setItem(storageKeys.isStaff, 'true');
  localStorage.setItem(storageKeys.isSuperuser, 'false');
}

/** The API: a token is good when it is the latest issued; a refresh token works once. */
function fakeApi() {
  let access = 'old-access';
  let refresh = 'old-refresh';
  let issued = 0;
  return (url: string, init: RequestInit) => {
    if (url === '/api/token/refresh/') {
      const body = JSON.parse(String(init.body)) as { refresh: string };
      if (body.refresh !== refresh) return json(401, { detail: 'Token is invalid or expired' });
      issued += 1;
      access = `access-${issued}`;
      refresh = `refresh-${issued}`;
      return json(200, { access, refresh });
    }
    const auth = (init.headers as Record<string, string>).Authorization;
    if (auth !== `Bearer ${access}`) return json(401, { detail: 'Given token not valid' });
    return json(200, { results: [] });
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the storefront’s API client', () => {
  it('sends the stored access token as a bearer header, and none for a guest', async () => {
    const calls = mockFetch(() => json(200, {}));
    await api.send(shop.products);
    signIn();
    await api.send(shop.wishlist);
    expect(calls.map((c) => c.auth)).toEqual([undefined, 'Bearer old-access']);
  });

  it('on a 401 refreshes once, stores the new pair and repeats the call', async () => {
    signIn();
    const server = fakeApi();
    // The stored access token has expired: the server knows only newer ones.
    const calls = mockFetch((url, init) =>
      url === '/api/wishlist/' && (init.headers as Record<string, string>).Authorization === 'Bearer old-access'
        ? json(401, { detail: 'expired' })
        : server(url, init),
    );
    await expect(api.call(shop.wishlist)).resolves.toEqual({ results: [] });
    expect(calls.map((c) => c.url)).toEqual(['/api/wishlist/', '/api/token/refresh/', '/api/wishlist/']);
    expect(calls[1]?.body).toEqual({ refresh: 'old-refresh' });
    expect(calls[2]?.auth).toBe('Bearer access-1');
    expect(localStorage.getItem(storageKeys.access)).toBe('access-1');
    expect(localStorage.getItem(storageKeys.refresh)).toBe('refresh-1');
  });

  it('shares one refresh between calls that meet a 401 together (a reused refresh token revokes the family)', async () => {
    signIn();
    const server = fakeApi();
    const calls = mockFetch((url, init) =>
      url !== '/api/token/refresh/' && (init.headers as Record<string, string>).Authorization === 'Bearer old-access'
        ? json(401, { detail: 'expired' })
        : server(url, init),
    );
    const answers = await Promise.all([api.send(shop.wishlist), api.send(shop.profile), api.send(shop.orders)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(calls.filter((c) => c.url === '/api/token/refresh/')).toHaveLength(1);
    expect(localStorage.getItem(storageKeys.access)).toBe('access-1');
  });

  it('retries only once: a second 401 is the answer', async () => {
    signIn();
    const calls = mockFetch((url) =>
      url === '/api/token/refresh/' ? json(200, { access: 'a2', refresh: 'r2' }) : json(401, {}),
    );
    const response = await api.send(shop.wishlist);
    expect(response.status).toBe(401);
    expect(calls.map((c) => c.url)).toEqual(['/api/wishlist/', '/api/token/refresh/', '/api/wishlist/']);
  });

  it('logs out when the refresh fails', async () => {
    signIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch((url) =>
      url === '/api/token/refresh/' ? json(401, { detail: 'Token is invalid or expired' }) : json(401, {}),
    );
    const response = await api.send(shop.wishlist);
    expect(response.status).toBe(401);
    expect(warn).toHaveBeenCalledWith('Refresh token expired or invalid. Logging out...');
    for (const key of [storageKeys.access, storageKeys.refresh, storageKeys.isStaff, storageKeys.isSuperuser]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('refreshes under the Web Lock the back office takes, so tabs of both apps take turns', async () => {
    signIn();
    const server = fakeApi();
    const request = vi.fn((_name: string, work: () => Promise<unknown>) => work());
    vi.stubGlobal('navigator', { locks: { request } });
    mockFetch((url, init) =>
      url !== '/api/token/refresh/' && (init.headers as Record<string, string>).Authorization === 'Bearer old-access'
        ? json(401, { detail: 'expired' })
        : server(url, init),
    );
    expect((await api.send(shop.wishlist)).status).toBe(200);
    expect(request.mock.calls.map(([name]) => name)).toEqual([tokenRefreshLockName]);
  });

  it('takes the pair a back-office tab stored while it waited, instead of spending the used token', async () => {
    signIn();
    // The other tab holds the lock and rotates the pair; this tab's turn comes after.
    const request = vi.fn(async (_name: string, work: () => Promise<unknown>) => {
      localStorage.setItem(storageKeys.access, 'access-from-the-other-tab');
      localStorage.setItem(storageKeys.refresh, 'refresh-from-the-other-tab');
      return work();
    });
    vi.stubGlobal('navigator', { locks: { request } });
    const calls = mockFetch((url, init) => {
      if (url === '/api/token/refresh/') throw new Error('the used refresh token was presented');
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer access-from-the-other-tab' ? json(200, { results: [] }) : json(401, {});
    });
    expect((await api.send(shop.wishlist)).status).toBe(200);
    expect(calls.map((c) => c.auth)).toEqual(['Bearer old-access', 'Bearer access-from-the-other-tab']);
  });

  it('keeps the session when the server cannot be reached for the refresh', async () => {
    signIn();
    mockFetch((url) => {
      if (url === '/api/token/refresh/') throw new TypeError('Failed to fetch');
      return json(401, {});
    });
    await expect(api.send(shop.wishlist)).rejects.toThrow('Failed to fetch');
    expect(localStorage.getItem(storageKeys.refresh)).toBe('old-refresh');
  });

  it('does not refresh for a guest', async () => {
    const calls = mockFetch(() => json(401, { detail: 'Authentication credentials were not provided.' }));
    await expect(api.call(shop.wishlist)).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });
});
