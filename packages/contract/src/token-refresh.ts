/**
 * The one token-refresh rule of the shop's browser apps, the storefront and the back office.
 *
 * Refresh tokens rotate, and presenting one that was already exchanged revokes the whole sign-in
 * (docs/decisions/005): both apps keep the sign-in under the same browser-storage keys, so a
 * storefront tab and a back-office tab of one browser hold the same refresh token. Every tab of
 * either app therefore refreshes under the same Web Lock, and re-reads storage once it holds it,
 * since the tab before may already have rotated the pair. Calls within one tab that meet a 401
 * together share one refresh.
 */

/** Where both apps keep the sign-in (spec section 3): the same keys, so a sign-in is shared. */
export const sessionStorageKeys = {
  access: 'access',
  refresh: 'refresh',
  isStaff: 'is_staff',
  isSuperuser: 'is_superuser',
} as const;

/** The Web Lock every tab takes to spend the refresh token. */
export const tokenRefreshLockName = 'kram-token-refresh';

/** What the storefront (spec section 8) logs when the sign-in cannot be refreshed. */
export const refreshRefusedWarning = 'Refresh token expired or invalid. Logging out...';

/** The part of the browser's LockManager the rule needs (exclusive locks by name). */
export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The app's view of its stored sign-in. */
export interface RefreshStorage {
  access(): string | null;
  refresh(): string | null;
  saveRefreshed(tokens: { access: string; refresh?: string }): void;
  /** Ends the sign-in in this browser: tokens and flags go. */
  clear(): void;
}

export interface TokenRefresherOptions {
  storage: RefreshStorage;
  /** Default: the global fetch at the time of the call. */
  fetch?: typeof fetch;
  /** Default: `navigator.locks` at the time of the call; null or absent runs without a lock. */
  locks?: () => RefreshLocks | null | undefined;
  /** Told when the server refuses the refresh token. */
  onRefused?: () => void;
}

const browserLocks = (): RefreshLocks | undefined =>
  (globalThis as { navigator?: { locks?: RefreshLocks } }).navigator?.locks;

/**
 * `refresh(rejected)`: a fresh access token after `rejected` met a 401, or null when the sign-in is
 * over (the refresh token was refused, or there is none; storage is cleared then). A failure to
 * reach the server, or a 5xx or 429 answer, ends no sign-in: a network error is thrown, an answer is
 * null with the session kept.
 */
export function tokenRefresher(options: TokenRefresherOptions): (rejected: string | null) => Promise<string | null> {
  const { storage } = options;
  let refreshing: Promise<string | null> | null = null;

  async function exchange(rejected: string | null): Promise<string | null> {
    // The tab before may have rotated the pair while this one waited for the lock.
    const current = storage.access();
    if (current && current !== rejected) return current;
    const refresh = storage.refresh();
    if (!refresh) {
      storage.clear();
      return null;
    }
    const send = options.fetch ?? globalThis.fetch;
    const response = await send('/api/token/refresh/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    if (!response.ok) {
      // Refused (expired, revoked, reused): only a new sign-in brings the session back.
      if (response.status < 500 && response.status !== 429) {
        options.onRefused?.();
        storage.clear();
      }
      return null;
    }
    const tokens = (await response.json()) as { access: string; refresh?: string };
    storage.saveRefreshed(tokens);
    return tokens.access;
  }

  return (rejected) => {
    refreshing ??= (async () => {
      const locks = options.locks ? options.locks() : browserLocks();
      return locks ? locks.request(tokenRefreshLockName, () => exchange(rejected)) : exchange(rejected);
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };
}
