import crypto from 'node:crypto';
import { type CaptchaChallenge, captchaSolution } from '@kram/contract/captcha';

/**
 * The ALTCHA proof-of-work protocol, our own implementation: the client must find the number
 * whose SHA-256 with the salt is the challenge; the signature proves the challenge is ours, and the
 * expiry travels inside the signed salt, so nothing is stored until a challenge is solved.
 */
export const altchaAlgorithm = 'SHA-256';

const sha256Hex = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const hmacHex = (key: Uint8Array, value: string) => crypto.createHmac('sha256', key).update(value).digest('hex');

/** The captcha's HMAC key, derived from the JWT secret so processes that share one agree on the other. */
export function captchaKey(jwtSecret: Uint8Array): Uint8Array {
  return new Uint8Array(crypto.hkdfSync('sha256', jwtSecret, new Uint8Array(0), 'kram altcha hmac v1', 32));
}

export function createChallenge(
  key: Uint8Array,
  options: { maxNumber: number; expiresAt: Date; number?: number },
): CaptchaChallenge {
  const expires = Math.floor(options.expiresAt.getTime() / 1000);
  // The parameters end with '&' so the appended number can never run into them.
  const salt = `${crypto.randomBytes(12).toString('hex')}?expires=${expires}&`;
  const number = options.number ?? crypto.randomInt(0, options.maxNumber + 1);
  const challenge = sha256Hex(salt + number);
  return {
    algorithm: altchaAlgorithm,
    challenge,
    maxnumber: options.maxNumber,
    salt,
    signature: hmacHex(key, challenge),
  };
}

export type SolutionCheck =
  | { ok: true; challenge: string; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'algorithm' | 'signature' | 'expired' | 'wrong number' };

/** Checks a widget's base64 JSON answer; whether it was used before is the caller's concern. */
export function checkSolution(payload: string, key: Uint8Array, now: Date): SolutionCheck {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = captchaSolution.safeParse(decoded);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const solution = parsed.data;
  if (solution.algorithm !== altchaAlgorithm) return { ok: false, reason: 'algorithm' };
  if (!timingSafeEqualHex(hmacHex(key, solution.challenge), solution.signature)) {
    return { ok: false, reason: 'signature' };
  }
  // The salt, and so the expiry in it, is bound to the signed challenge by the hash check below.
  if (sha256Hex(solution.salt + solution.number) !== solution.challenge) return { ok: false, reason: 'wrong number' };
  const expires = Number(new URLSearchParams(solution.salt.split('?')[1] ?? '').get('expires'));
  if (!Number.isSafeInteger(expires) || expires <= 0) return { ok: false, reason: 'malformed' };
  const expiresAt = new Date(expires * 1000);
  if (expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, challenge: solution.challenge, expiresAt };
}

function timingSafeEqualHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
