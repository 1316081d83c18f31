import type { AccessTokenVerifier } from '../../plugins/auth.ts';
import type { AccountStatus } from './accounts.repository.ts';

export interface ActiveAccountOptions {
  /** How long one process may rely on what it last read about an account. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * Wraps the JWT check with a look at the account itself, so a disabled or deleted account's access
 * tokens stop working within `ttlMs` instead of living out their 15 minutes, and staff flags follow
 * the database rather than the token. Lookups are cached briefly: a signed-in page makes several calls.
 */
export function activeAccountVerifier(
  tokens: AccessTokenVerifier,
  lookup: (id: number) => Promise<AccountStatus | undefined>,
  options: ActiveAccountOptions = {},
): AccessTokenVerifier {
  const ttlMs = options.ttlMs ?? 5000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<number, { status: Promise<AccountStatus | undefined>; readAt: number }>();

  function status(id: number): Promise<AccountStatus | undefined> {
    const hit = cache.get(id);
    if (hit && now() - hit.readAt < ttlMs) return hit.status;
    const pending = lookup(id);
    cache.delete(id);
    cache.set(id, { status: pending, readAt: now() });
    // A failed lookup is not remembered.
    pending.catch(() => {
      if (cache.get(id)?.status === pending) cache.delete(id);
    });
    // Map order is insertion order: the first key is the longest unread.
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as number);
    return pending;
  }

  return {
    async verify(token) {
      const viewer = await tokens.verify(token);
      if (!viewer) return null;
      const account = await status(viewer.id);
      if (!account?.isActive) return null;
      return { id: viewer.id, isStaff: account.isStaff, isSuperuser: account.isSuperuser };
    },
  };
}
