import type { AccessClaims, AccessTokenVerifier } from './access-tokens.ts';
import type { ViewerState } from './sessions.repository.ts';

export interface ActiveAccountOptions {
  /** How long one process may rely on what it last read about an account and sign-in. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * What this process forgets at once when it changes an account or ends a sign-in itself, so its own
 * cache never lets a token outlive the change.
 */
export interface SessionInvalidation {
  /** After a password reset, a block or a deletion: every cached sign-in of the account. */
  forgetAccount(userId: number): void;
  /** After a sign-in (refresh-token family) is revoked. */
  forgetSession(sessionId: string): void;
}

/**
 * Wraps the JWT check with a look at the account and at the sign-in the token belongs to (its `sid`),
 * so a disabled or deleted account, a password reset and a revoked refresh family end the access
 * tokens too, instead of leaving them their 15 minutes; staff flags follow the database, not the
 * token. Reads may trust a lookup for `ttlMs` (a signed-in page makes several calls); a `fresh`
 * verification (every call that changes something) always reads the database. Changes this process
 * makes itself clear the cache at once (SessionInvalidation).
 */
export function activeAccountVerifier(
  tokens: AccessTokenVerifier<AccessClaims>,
  lookup: (userId: number, sessionId: string) => Promise<ViewerState | undefined>,
  options: ActiveAccountOptions = {},
): AccessTokenVerifier & SessionInvalidation {
  const ttlMs = options.ttlMs ?? 5000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<
    string,
    { userId: number; sessionId: string; state: Promise<ViewerState | undefined>; readAt: number }
  >();

  function state(userId: number, sessionId: string, fresh: boolean): Promise<ViewerState | undefined> {
    const key = `${userId}:${sessionId}`;
    const hit = cache.get(key);
    if (!fresh && hit && now() - hit.readAt < ttlMs) return hit.state;
    const pending = lookup(userId, sessionId);
    cache.delete(key);
    cache.set(key, { userId, sessionId, state: pending, readAt: now() });
    // A failed lookup is not remembered.
    pending.catch(() => {
      if (cache.get(key)?.state === pending) cache.delete(key);
    });
    // Map order is insertion order: the first key is the longest unread.
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    return pending;
  }

  // Both walk the cache: resets and revocations are rare next to reads, and the cache is bounded.
  const forget = (matches: (entry: { userId: number; sessionId: string }) => boolean) => {
    for (const [key, entry] of cache) if (matches(entry)) cache.delete(key);
  };

  return {
    async verify(token, verifyOptions) {
      const claims = await tokens.verify(token);
      // Tokens without a sign-in id predate it; the client's refresh gets one that has it.
      if (!claims?.sessionId) return null;
      const current = await state(claims.id, claims.sessionId, verifyOptions?.fresh === true);
      if (!current?.isActive || !current.sessionLive) return null;
      return {
        id: claims.id,
        isStaff: current.isStaff,
        isSuperuser: current.isSuperuser,
        sessionId: claims.sessionId,
      };
    },
    forgetAccount(userId) {
      forget((entry) => entry.userId === userId);
    },
    forgetSession(sessionId) {
      forget((entry) => entry.sessionId === sessionId);
    },
  };
}
