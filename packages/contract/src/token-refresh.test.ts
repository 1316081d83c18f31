import { describe, expect, it, vi } from 'vitest';
import { type RefreshStorage, sessionStorageKeys, tokenRefresher, tokenRefreshLockName } from './token-refresh.ts';

/** One browser's localStorage, shared by its tabs. */
function browserStorage(access: string, refresh: string) {
  const items = new Map<string, string>([
    [sessionStorageKeys.access, access],
    [sessionStorageKeys.refresh, refresh],
    [sessionStorageKeys.isStaff, 'true'],
  ]);
  const storage: RefreshStorage = {
    access: () => items.get(sessionStorageKeys.access) ?? null,
    refresh: () => items.get(sessionStorageKeys.refresh) ?? null,
    saveRefreshed(tokens) {
      if (tokens.refresh) items.set(sessionStorageKeys.refresh, tokens.refresh);
      items.set(sessionStorageKeys.access, tokens.access);
    },
    clear() {
      for (const key of Object.values(sessionStorageKeys)) items.delete(key);
    },
  };
  return { items, storage };
}

/**
 * Two tabs in their own processes: each reads its own copy of localStorage, and what one tab writes
 * reaches the other's copy `lagMs` later per key (as Chromium's storage does between renderers).
 */
function laggingTabs(lagMs: { refresh: number; access: number }) {
  const tab = () =>
    new Map<string, string>([
      ['access', 'expired'],
      ['refresh', 'refresh-0'],
    ]);
  const copies = [tab(), tab()] as const;
  const view = (own: Map<string, string>, other: Map<string, string>): RefreshStorage => {
    const write = (key: 'access' | 'refresh', value: string) => {
      own.set(key, value);
      setTimeout(() => other.set(key, value), lagMs[key]);
    };
    return {
      access: () => own.get('access') ?? null,
      refresh: () => own.get('refresh') ?? null,
      saveRefreshed(tokens) {
        if (tokens.refresh) write('refresh', tokens.refresh);
        write('access', tokens.access);
      },
      clear() {
        own.clear();
        setTimeout(() => other.clear(), lagMs.access);
      },
    };
  };
  return {
    storefront: { storage: view(copies[0], copies[1]) },
    backOffice: { storage: view(copies[1], copies[0]) },
  };
}

/**
 * The server's rule: a refresh token buys one new pair; presenting it again revokes the sign-in, so
 * the pair it bought stops working too. Each exchange takes a moment, so concurrent ones overlap.
 */
function refreshServer(first: string) {
  let live: string | null = first;
  const spent = new Set<string>();
  let issued = 0;
  const posts: string[] = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const { refresh } = JSON.parse(String(init?.body)) as { refresh: string };
    posts.push(refresh);
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (spent.has(refresh)) {
      live = null;
      return new Response(JSON.stringify({ detail: 'Token is invalid or expired.' }), { status: 401 });
    }
    if (refresh !== live)
      return new Response(JSON.stringify({ detail: 'Token is invalid or expired.' }), { status: 401 });
    spent.add(refresh);
    issued += 1;
    live = `refresh-${issued}`;
    return new Response(JSON.stringify({ access: `access-${issued}`, refresh: live }), { status: 200 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, posts, live: () => live };
}

describe('the shared token refresh', () => {
  it('takes Node’s LockManager, the same implementation of Web Locks the browsers follow', () => {
    expect(typeof navigator.locks.request).toBe('function');
  });

  it('spends the refresh token once when a storefront tab and a back-office tab refresh at the same moment', async () => {
    const { items, storage } = browserStorage('expired', 'refresh-0');
    const server = refreshServer('refresh-0');
    // Two tabs: each its own module state (its own in-tab sharing), one storage, the browser's locks.
    const storefrontTab = tokenRefresher({ storage, fetch: server.fetch });
    const backOfficeTab = tokenRefresher({ storage, fetch: server.fetch });

    const [storefront, backOffice] = await Promise.all([storefrontTab('expired'), backOfficeTab('expired')]);

    expect(server.posts).toEqual(['refresh-0']);
    expect(storefront).toBe('access-1');
    expect(backOffice).toBe('access-1');
    expect(items.get('refresh')).toBe('refresh-1');
    expect(server.live()).toBe('refresh-1');
    expect(items.get('is_staff')).toBe('true');
  });

  it('without the shared lock, the same moment spends the token twice and the server ends the sign-in', async () => {
    const { items, storage } = browserStorage('expired', 'refresh-0');
    const server = refreshServer('refresh-0');
    const onRefused = vi.fn();
    const noLock = () => null;
    const storefrontTab = tokenRefresher({ storage, fetch: server.fetch, locks: noLock, onRefused });
    const backOfficeTab = tokenRefresher({ storage, fetch: server.fetch, locks: noLock, onRefused });

    await Promise.all([storefrontTab('expired'), backOfficeTab('expired')]);

    expect(server.posts).toEqual(['refresh-0', 'refresh-0']);
    expect(server.live()).toBeNull();
    expect(onRefused).toHaveBeenCalledTimes(1);
    expect(items.size).toBe(0);
  });

  it('waits for the other tab’s new pair to reach this tab’s storage, which lags behind it', async () => {
    const server = refreshServer('refresh-0');
    const { storefront, backOffice } = laggingTabs({ refresh: 5, access: 60 });
    const storefrontTab = tokenRefresher({ storage: storefront.storage, fetch: server.fetch });
    const backOfficeTab = tokenRefresher({ storage: backOffice.storage, fetch: server.fetch });

    const answers = await Promise.all([storefrontTab('expired'), backOfficeTab('expired')]);

    expect(server.posts).toEqual(['refresh-0']);
    expect(answers).toEqual(['access-1', 'access-1']);
    expect(server.live()).toBe('refresh-1');
  });

  it('without that wait, the tab next in line reads the old pair and spends a used token', async () => {
    const server = refreshServer('refresh-0');
    const { storefront, backOffice } = laggingTabs({ refresh: 30, access: 60 });
    const onRefused = vi.fn();
    const storefrontTab = tokenRefresher({ storage: storefront.storage, fetch: server.fetch, settleMs: 0, onRefused });
    const backOfficeTab = tokenRefresher({ storage: backOffice.storage, fetch: server.fetch, settleMs: 0, onRefused });

    await Promise.all([storefrontTab('expired'), backOfficeTab('expired')]);

    expect(server.posts).toEqual(['refresh-0', 'refresh-0']);
    expect(server.live()).toBeNull();
    expect(onRefused).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between calls of one tab, under the lock named for every tab', async () => {
    const { storage } = browserStorage('expired', 'refresh-0');
    const server = refreshServer('refresh-0');
    const names: string[] = [];
    const locks = {
      request: <T>(name: string, work: () => Promise<T>) => {
        names.push(name);
        return navigator.locks.request(name, work);
      },
    };
    const tab = tokenRefresher({ storage, fetch: server.fetch, locks: () => locks });
    expect(await Promise.all([tab('expired'), tab('expired'), tab('expired')])).toEqual([
      'access-1',
      'access-1',
      'access-1',
    ]);
    expect(server.posts).toEqual(['refresh-0']);
    expect(names).toEqual([tokenRefreshLockName]);
    expect(tokenRefreshLockName).toBe('kram-token-refresh');
  });

  it('keeps the sign-in when the server is unreachable, busy or throttling', async () => {
    const { items, storage } = browserStorage('expired', 'refresh-0');
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(tokenRefresher({ storage, fetch: down })('expired')).rejects.toThrow('Failed to fetch');
    for (const status of [429, 502, 503]) {
      const answer = vi.fn(async () => new Response('{}', { status })) as unknown as typeof fetch;
      expect(await tokenRefresher({ storage, fetch: answer })('expired')).toBeNull();
    }
    expect(items.get('refresh')).toBe('refresh-0');
  });

  it('ends the sign-in when there is no refresh token to spend', async () => {
    const { items, storage } = browserStorage('expired', 'refresh-0');
    items.delete('refresh');
    const fetch = vi.fn() as unknown as typeof globalThis.fetch;
    expect(await tokenRefresher({ storage, fetch })('expired')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(items.size).toBe(0);
  });
});
