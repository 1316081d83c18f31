import crypto from 'node:crypto';

/** Where the webhook's public key comes from: Monobank's `/api/merchant/pubkey`, or the sandbox's own. */
export interface PublicKeySource {
  /** The key to check with (cached after the first call). */
  current(): Promise<crypto.KeyObject>;
  /** Reads the key again, e.g. after Monobank rotated it; undefined when that was done too recently. */
  refresh(): Promise<crypto.KeyObject | undefined>;
}

/** Monobank answers the key as base64 of a PEM; so does the sandbox, so both take this path. */
export function decodeMonobankKey(answer: { key?: unknown }): crypto.KeyObject {
  if (typeof answer.key !== 'string' || answer.key === '') throw new Error('the public key answer has no key');
  return crypto.createPublicKey(Buffer.from(answer.key, 'base64').toString('utf8'));
}

/**
 * A key read through `fetchKey` and kept. A failed check reads it once more (the provider may have
 * rotated it), at most once per `minRefreshIntervalMs`, so forged requests cannot make us hammer it.
 */
export function cachedKeySource(
  fetchKey: () => Promise<{ key?: unknown }>,
  options: { minRefreshIntervalMs?: number } = {},
): PublicKeySource {
  const minInterval = options.minRefreshIntervalMs ?? 60_000;
  let cached: Promise<crypto.KeyObject> | undefined;
  let refreshedAt = Number.NEGATIVE_INFINITY;
  const load = () => {
    const pending = fetchKey().then(decodeMonobankKey);
    // A failed read is not cached: the next webhook tries again.
    pending.catch(() => {
      if (cached === pending) cached = undefined;
    });
    cached = pending;
    return pending;
  };
  return {
    current: () => cached ?? load(),
    async refresh() {
      if (performance.now() - refreshedAt < minInterval) return undefined;
      refreshedAt = performance.now();
      return load();
    },
  };
}

/** Checks `X-Sign`: an ECDSA (P-256) SHA-256 signature, DER, base64, over the body exactly as received. */
export function webhookVerifier(keys: PublicKeySource) {
  const check = (key: crypto.KeyObject, body: Buffer, signature: Buffer) => {
    try {
      return crypto.verify('sha256', body, key, signature);
    } catch {
      // A signature that is not even DER.
      return false;
    }
  };
  return {
    async verify(body: Buffer, xSign: string | undefined): Promise<boolean> {
      if (!xSign || !/^[A-Za-z0-9+/]+={0,2}$/.test(xSign.trim())) return false;
      const signature = Buffer.from(xSign.trim(), 'base64');
      if (check(await keys.current(), body, signature)) return true;
      const fresh = await keys.refresh();
      return fresh !== undefined && check(fresh, body, signature);
    },
  };
}

export type WebhookVerifier = ReturnType<typeof webhookVerifier>;

/** With no card provider configured, no webhook is ours: every one is refused as unsigned. */
export const refuseAllWebhooks: WebhookVerifier = { verify: async () => false };
