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
  /**
   * How long a tab keeps the lock after storing a new pair, and how long a tab that finds the pair
   * half-rotated waits for the rest of it (default 250 ms). Each tab of a browser may run in its
   * own process, and a write to localStorage reaches the others a moment later: without the wait,
   * the next tab to take the lock can still read the old tokens and spend a used refresh token.
   */
  settleMs?: number;
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
  const settleMs = options.settleMs ?? 250;
  let refreshing: Promise<string | null> | null = null;

  /** The stored access token once it is neither missing nor `rejected`, or null after `settleMs`. */
  async function settledAccess(rejected: string | null): Promise<string | null> {
    const until = Date.now() + settleMs;
    for (;;) {
      const current = storage.access();
      if (current && current !== rejected) return current;
      if (Date.now() >= until) return null;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Answers the access token to use and whether this tab spent the refresh token for it. */
  async function exchange(rejected: string | null, seenRefresh: string | null) {
    // The tab before may have rotated the pair while this one waited for the lock.
    const current = storage.access();
    if (current && current !== rejected) return { access: current, spent: false };
    const refresh = storage.refresh();
    if (refresh && seenRefresh && refresh !== seenRefresh) {
      // Rotated by another tab whose new access token has not reached this tab's storage yet.
      const arrived = await settledAccess(rejected);
      if (arrived) return { access: arrived, spent: false };
    }
    if (!refresh) {
      storage.clear();
      return { access: null, spent: false };
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
      return { access: null, spent: true };
    }
    const tokens = (await response.json()) as { access: string; refresh?: string };
    storage.saveRefreshed(tokens);
    return { access: tokens.access, spent: true };
  }

  function refreshOnce(rejected: string | null): Promise<string | null> {
    const seenRefresh = storage.refresh();
    const locks = options.locks ? options.locks() : browserLocks();
    if (!locks) return exchange(rejected, seenRefresh).then((result) => result.access);
    // This tab goes on with the new token at once; the lock is kept a moment longer, until the
    // stored pair has reached the other tabs.
    return new Promise<string | null>((resolve, reject) => {
      locks
        .request(tokenRefreshLockName, async () => {
          const result = await exchange(rejected, seenRefresh);
          resolve(result.access);
          if (result.spent) await new Promise((settled) => setTimeout(settled, settleMs));
        })
        .catch(reject);
    });
  }

  return (rejected) => {
    refreshing ??= refreshOnce(rejected).finally(() => {
      refreshing = null;
    });
    return refreshing;
  };
}
