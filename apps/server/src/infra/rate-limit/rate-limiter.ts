import { normalizeEmail } from '@kram/contract/email-identity';
import type { FastifyBaseLogger } from 'fastify';
import { LimitExceeded } from '../../lib/domain-errors.ts';
import type { RateLimitStore } from './rate-limit-store.ts';

export interface RateLimitRule {
  /** Part of the counter's key, e.g. `login:ip`. */
  name: string;
  limit: number;
  windowMs: number;
}

const minute = 60_000;

/**
 * Routes count their calls against these rules in preHandlers, so services never see a client
 * address. Each guarded call is limited per client address and per account (the e-mail or telephone it
 * names), so neither one address trying many accounts nor many addresses trying one get far.
 */
export const rateLimits = {
  loginPerIp: { name: 'login:ip', limit: 20, windowMs: minute },
  // Counts attempts since the last successful sign-in: the sixth try in 15 minutes is refused. The
  // subject is the account the identifier names (sessions.lockoutSubject), so its e-mail and its
  // telephone share the count; an identifier that names no account is counted as itself.
  loginPerAccount: { name: 'login:account', limit: 5, windowMs: 15 * minute },
  // Ukrainian mobile carriers put their subscribers behind carrier-grade NAT, and an office or a
  // campus shares one address too: 100 an hour lets a busy shared address through (a launch, an ad
  // campaign), while a script still makes at most 100 empty accounts an hour from one address. Each
  // e-mail can be registered once, so 5 an hour per e-mail is room for typing mistakes and retries
  // while it keeps "is this address registered?" probes slow (docs/decisions/040).
  registerPerIp: { name: 'register:ip', limit: 100, windowMs: 60 * minute },
  registerPerAccount: { name: 'register:account', limit: 5, windowMs: 60 * minute },
  resetRequestPerIp: { name: 'reset:ip', limit: 10, windowMs: 60 * minute },
  // Also stops anyone from flooding a mailbox with reset links.
  resetRequestPerAccount: { name: 'reset:account', limit: 3, windowMs: 60 * minute },
  feedbackPerIp: { name: 'feedback:ip', limit: 5, windowMs: 10 * minute },
  feedbackPerAccount: { name: 'feedback:account', limit: 3, windowMs: 10 * minute },
  // Generous for a shopper, tight for a script filling the shop with fake orders.
  ordersPerIp: { name: 'orders:ip', limit: 30, windowMs: 10 * minute },
  // A shopper tries a code or two and re-checks as the cart changes; a script guessing codes gets 60
  // guesses in ten minutes from one address.
  promoChecksPerIp: { name: 'promo-check:ip', limit: 60, windowMs: 10 * minute },
  // A shopper subscribes to a few sizes; a script cannot fill strangers' mailboxes from one address.
  stockAlertsPerIp: { name: 'stock-alerts:ip', limit: 20, windowMs: 10 * minute },
  // Three reports per page a browser loads: room for a shopper opening pages in quick succession, and
  // for several behind one address, while one script cannot fill the histograms alone.
  vitalsPerIp: { name: 'vitals:ip', limit: 120, windowMs: minute },
} as const satisfies Record<string, RateLimitRule>;

export interface RateLimiter {
  /** Counts a hit for `subject`; past the rule's limit, throws a 429 with Retry-After. */
  consume(rule: RateLimitRule, subject: string): Promise<void>;
  /** Forgets `subject`'s hits, e.g. after a successful sign-in. */
  reset(rule: RateLimitRule, subject: string): Promise<void>;
  close(): Promise<void>;
}

export function rateLimiter(store: RateLimitStore, log: FastifyBaseLogger): RateLimiter {
  // A subject is a client address, a telephone or an e-mail. E-mails are counted under the form the
  // account look-up compares (normalizeEmail), so no spelling that reaches an account gets a fresh
  // set of tries; addresses and telephones come out of it as they went in (or lower-cased hex).
  const key = (rule: RateLimitRule, subject: string) => `rl:${rule.name}:${normalizeEmail(subject)}`;
  return {
    async consume(rule, subject) {
      let result: { count: number; resetInMs: number };
      try {
        result = await store.hit(key(rule, subject), rule.windowMs);
      } catch (error) {
        // A broken store must not take sign-in down with it: fail open, loudly.
        log.error({ err: error, rule: rule.name }, 'rate-limit store failed; request allowed');
        return;
      }
      if (result.count > rule.limit) throw new LimitExceeded(Math.max(1, Math.ceil(result.resetInMs / 1000)));
    },
    async reset(rule, subject) {
      try {
        await store.reset(key(rule, subject));
      } catch (error) {
        log.error({ err: error, rule: rule.name }, 'rate-limit store failed to reset a counter');
      }
    },
    close: () => store.close(),
  };
}
