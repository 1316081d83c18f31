/** The contact form: shoppers' messages, kept and mailed to the shop, and the back office's inbox of them. */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import type { RateLimiter } from '../../infra/rate-limit/rate-limiter.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import type { AuditLog } from '../audit/index.ts';
import type { CaptchaService } from '../captcha/index.ts';
import { feedbackRepository } from './feedback.repository.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import { feedbackService } from './feedback.service.ts';
import { feedbackInbox } from './feedback-inbox.service.ts';

export type { FeedbackInbox } from './feedback-inbox.service.ts';

export interface FeedbackModuleDeps {
  database: Database;
  captcha: CaptchaService;
  mailer: Mailer;
  /** Where the messages are mailed. */
  shopEmail: string;
  limits: RateLimiter;
  audit: AuditLog;
  /** The e-mails of the accounts among `ids` (the accounts module's), to name who handled a message. */
  emailsOf(ids: readonly number[]): Promise<Map<number, string>>;
  log: FastifyBaseLogger;
}

export function feedbackModule(deps: FeedbackModuleDeps) {
  const repo = feedbackRepository(deps.database);
  const form = feedbackService({
    repo,
    captcha: deps.captcha,
    mailer: deps.mailer,
    shopEmail: deps.shopEmail,
    log: deps.log,
  });
  const inbox = feedbackInbox({ repo, audit: deps.audit, emailsOf: deps.emailsOf });
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(feedbackRoutes(form, deps.limits), { prefix: '/api' });
  };
  const module = { ...form, inbox, plugin };
  return module satisfies ShopModule;
}

export type FeedbackModule = ReturnType<typeof feedbackModule>;
