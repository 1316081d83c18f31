import { type FeedbackBody, feedbackMessages } from '@kram/contract/feedback';
import type { Language } from '@kram/contract/language';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../infra/mail/mailer.ts';
import { feedbackMail } from '../../infra/mail/templates.ts';
import type { CaptchaService } from '../captcha/index.ts';
import type { FeedbackRepository } from './feedback.repository.ts';

export interface FeedbackDeps {
  repo: FeedbackRepository;
  captcha: CaptchaService;
  mailer: Mailer;
  shopEmail: string;
  log: FastifyBaseLogger;
}

/** The contact form: kept in the database first, then mailed to the shop. */
export function feedbackService({ repo, captcha, mailer, shopEmail, log }: FeedbackDeps) {
  return {
    async send(input: FeedbackBody, language: Language): Promise<{ message: string }> {
      const spendCaptcha = await captcha.check(input.captcha);
      const message = { name: input.name, phoneNumber: input.phone_number, email: input.email, message: input.message };
      // The captcha is spent with the message kept, or not at all: a shopper whose message could not be
      // kept tries again with the same captcha.
      const id = await repo.transaction(async (tx) => {
        await spendCaptcha(tx);
        return repo.create({ ...message, language }, tx);
      });
      try {
        await mailer.send(feedbackMail(language, shopEmail, message));
      } catch (error) {
        // The message is saved, so the shopper is not asked to write it again; the shop reads it there.
        log.error({ err: error, feedbackId: id }, 'feedback saved but not mailed to the shop');
      }
      return { message: feedbackMessages.sent };
    },
  };
}

export type FeedbackService = ReturnType<typeof feedbackService>;
