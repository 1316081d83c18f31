import crypto from 'node:crypto';
import type { CaptchaChallenge } from '@kram/contract/captcha';
import type { FastifyInstance } from 'fastify';

export const encodeSolution = (solution: object) => Buffer.from(JSON.stringify(solution)).toString('base64');

/** Does the browser widget's work: tries every number up to maxnumber. */
export function solve(challenge: CaptchaChallenge): { payload: string; number: number } {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    const hash = crypto
      .createHash('sha256')
      .update(challenge.salt + number)
      .digest('hex');
    if (hash === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return {
        payload: encodeSolution({ algorithm, challenge: challenge.challenge, number, salt, signature }),
        number,
      };
    }
  }
  throw new Error('challenge has no solution up to its maxnumber');
}

export async function fetchChallenge(app: FastifyInstance): Promise<CaptchaChallenge> {
  const res = await app.inject('/api/captcha/challenge/');
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A solved captcha, ready for a form's captcha field. */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  return solve(await fetchChallenge(app)).payload;
}
