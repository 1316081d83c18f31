import type { CaptchaChallenge } from '@kram/contract/captcha';

/** SHA-256 of a string; Web Crypto in the browser. */
export type Digest = (data: Uint8Array<ArrayBuffer>) => Promise<ArrayBuffer>;

const webDigest: Digest = (data) => crypto.subtle.digest('SHA-256', data);

/** Whether this browser can solve the challenge: Web Crypto lives only in secure contexts (https, localhost). */
export function canSolve(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.digest === 'function';
}

function hexToBytes(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function sameBytes(a: Uint8Array, b: ArrayBuffer): boolean {
  const view = new Uint8Array(b);
  if (view.length !== a.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== view[i]) return false;
  return true;
}

export interface SolveOptions {
  signal?: AbortSignal;
  /** Called after each batch with the share of the range tried so far, 0 to 1. */
  onProgress?: (share: number) => void;
  /** Digests started together; they run off the main thread, and the page stays responsive between batches. */
  batchSize?: number;
  digest?: Digest;
}

/**
 * The ALTCHA proof of work: finds the number from 0 to `maxnumber` whose SHA-256 with the salt in
 * front is the challenge. Null when there is none (a challenge we could not have been given).
 * Rejects with the signal's reason when aborted.
 */
export async function solveChallenge(
  challenge: Pick<CaptchaChallenge, 'challenge' | 'salt' | 'maxnumber'>,
  { signal, onProgress, batchSize = 500, digest = webDigest }: SolveOptions = {},
): Promise<number | null> {
  const target = hexToBytes(challenge.challenge);
  if (!target) return null;
  const encoder = new TextEncoder();
  for (let start = 0; start <= challenge.maxnumber; start += batchSize) {
    signal?.throwIfAborted();
    const end = Math.min(start + batchSize - 1, challenge.maxnumber);
    const hashes = await Promise.all(
      Array.from({ length: end - start + 1 }, (_, i) => digest(encoder.encode(challenge.salt + (start + i)))),
    );
    signal?.throwIfAborted();
    const found = hashes.findIndex((hash) => sameBytes(target, hash));
    if (found >= 0) {
      onProgress?.(1);
      return start + found;
    }
    onProgress?.((end + 1) / (challenge.maxnumber + 1));
  }
  return null;
}

/** What the form's `captcha` field carries: base64 of the JSON the server checks (contract `captchaSolution`). */
export function encodeSolution(challenge: CaptchaChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  // Every character is ASCII (hex, digits, `?expires=…&`), so btoa takes it as it is.
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}

/** When the server stops accepting the challenge: the `expires` parameter (unix seconds) inside the salt. */
export function challengeExpiry(salt: string): Date | null {
  const query = salt.split('?')[1];
  if (!query) return null;
  const expires = Number(new URLSearchParams(query).get('expires'));
  return Number.isSafeInteger(expires) && expires > 0 ? new Date(expires * 1000) : null;
}
