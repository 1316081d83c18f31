import type { CaptchaChallenge } from '@kram/contract/captcha';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { InvalidInput, NotFound, Unavailable } from '../../lib/domain-errors.ts';
import { checkSolution, createChallenge } from './altcha.ts';
import type { CaptchaRepository } from './captcha.repository.ts';
import { verifyRecaptcha } from './recaptcha.ts';

export const captchaMessages = {
  invalid: 'Captcha verification failed.',
  notInUse: 'The proof-of-work captcha is not in use: this shop uses reCAPTCHA.',
  unavailable: 'Captcha verification is unavailable. Try again later.',
} as const;

/** How long a challenge may take to solve and send. */
export const challengeTtlMs = 10 * 60_000;

export interface CaptchaOptions {
  /** HMAC key of the proof-of-work challenges. */
  key: Uint8Array;
  maxNumber: number;
  /** Set: tokens are reCAPTCHA v2's, checked with Google; unset: ALTCHA payloads. */
  recaptcha: { secret: string; verifyUrl: string } | undefined;
  now?: () => Date;
}

export function captchaService(repo: CaptchaRepository, options: CaptchaOptions, log: FastifyBaseLogger) {
  const now = options.now ?? (() => new Date());
  const refused = () => new InvalidInput({ captcha: [captchaMessages.invalid] });

  /** Checks a solution; what it returns spends it, in the caller's transaction if given one. */
  async function checkProofOfWork(payload: string): Promise<(executor?: Executor) => Promise<void>> {
    const at = now();
    const check = checkSolution(payload, options.key, at);
    if (!check.ok) {
      log.info({ reason: check.reason }, 'captcha refused');
      throw refused();
    }
    await repo.pruneExpired(at);
    return async (executor) => {
      if (!(await repo.markUsed(check.challenge, check.expiresAt, executor))) {
        log.info({ reason: 'replay' }, 'captcha refused');
        throw refused();
      }
    };
  }

  async function verifyWithGoogle(recaptcha: { secret: string; verifyUrl: string }, token: string) {
    let result: Awaited<ReturnType<typeof verifyRecaptcha>>;
    try {
      result = await verifyRecaptcha(recaptcha, token);
    } catch (error) {
      log.error({ err: error }, 'reCAPTCHA siteverify failed');
      throw new Unavailable(captchaMessages.unavailable);
    }
    if (!result.ok) {
      log.info({ errors: result.errors }, 'captcha refused');
      throw refused();
    }
  }

  /**
   * Checks a solved captcha and answers how to spend it: spent in the transaction that keeps what the
   * form sent, a failure to keep it leaves the captcha unspent, so a retry is not refused for it. A
   * reCAPTCHA token is spent by Google when checked; its spend does nothing more.
   */
  async function check(response: string): Promise<(executor?: Executor) => Promise<void>> {
    if (!options.recaptcha) return checkProofOfWork(response);
    await verifyWithGoogle(options.recaptcha, response);
    return async () => {};
  }

  return {
    challenge(): CaptchaChallenge {
      if (options.recaptcha) throw new NotFound(captchaMessages.notInUse);
      return createChallenge(options.key, {
        maxNumber: options.maxNumber,
        expiresAt: new Date(now().getTime() + challengeTtlMs),
      });
    },

    check,
  };
}

export type CaptchaService = ReturnType<typeof captchaService>;
