import { createHash, createHmac } from 'node:crypto';
import { type CaptchaChallenge, captchaSolution } from '@kram/contract/captcha';
import { describe, expect, it, vi } from 'vitest';
import { canSolve, challengeExpiry, encodeSolution, solveChallenge } from './altcha-solver';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A challenge made the way the server makes it (apps/server/src/modules/captcha/altcha.ts). */
function challengeFor(number: number, maxnumber = 3000): CaptchaChallenge {
  const salt = `0a1b2c3d4e5f60718293a4b5?expires=${Math.floor(Date.now() / 1000) + 600}&`;
  const challenge = sha256(salt + number);
  return {
    algorithm: 'SHA-256',
    challenge,
    maxnumber,
    salt,
    signature: createHmac('sha256', 'key').update(challenge).digest('hex'),
  };
}

describe('the proof-of-work solver', () => {
  it('runs on Web Crypto here', () => {
    expect(canSolve()).toBe(true);
  });

  it.each([0, 1, 499, 500, 1777, 3000])('finds the number %i with Web Crypto’s SHA-256', async (number) => {
    expect(await solveChallenge(challengeFor(number))).toBe(number);
  });

  it('gives null when no number up to maxnumber fits', async () => {
    expect(await solveChallenge(challengeFor(900, 800))).toBeNull();
    expect(await solveChallenge({ ...challengeFor(1), challenge: 'not hex' })).toBeNull();
  });

  it('reports rising progress and ends at 1', async () => {
    const shares: number[] = [];
    await solveChallenge(challengeFor(2100), { batchSize: 500, onProgress: (share) => shares.push(share) });
    expect(shares).toEqual([500 / 3001, 1000 / 3001, 1500 / 3001, 2000 / 3001, 1]);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const digest = vi.fn((data: Uint8Array<ArrayBuffer>) => crypto.subtle.digest('SHA-256', data));
    const solving = solveChallenge(challengeFor(2900), {
      signal: controller.signal,
      batchSize: 100,
      digest,
      onProgress: (share) => {
        if (share > 0.1) controller.abort(new DOMException('gone', 'AbortError'));
      },
    });
    await expect(solving).rejects.toThrow('gone');
    expect(digest.mock.calls.length).toBeLessThan(600);
  });

  it('encodes the answer as the base64 JSON the server decodes', async () => {
    const challenge = challengeFor(1234);
    const number = await solveChallenge(challenge);
    const decoded = JSON.parse(Buffer.from(encodeSolution(challenge, number ?? -1), 'base64').toString('utf8'));
    expect(captchaSolution.parse(decoded)).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 1234,
      salt: challenge.salt,
      signature: challenge.signature,
    });
    expect(sha256(decoded.salt + decoded.number)).toBe(decoded.challenge);
  });

  it('reads the expiry the server put in the salt', () => {
    expect(challengeExpiry('abc?expires=1700000000&')).toEqual(new Date(1_700_000_000_000));
    expect(challengeExpiry('abc')).toBeNull();
    expect(challengeExpiry('abc?expires=soon&')).toBeNull();
  });
});
