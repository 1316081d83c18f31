import { type FeedbackBody, feedbackBody } from '@kram/contract/feedback';
import type { Language } from '@kram/contract/language';
import {
  emailMaxLength,
  feedbackMessageMaxLength,
  nameMaxLength,
  stripWhitespace,
  telephoneMaxLength,
} from '@kram/contract/validation';

export const feedbackFields = ['name', 'phone_number', 'email', 'message', 'captcha'] as const;
export type FeedbackField = (typeof feedbackFields)[number];
export type FeedbackValues = Record<Exclude<FeedbackField, 'captcha'>, string>;
/** Translation keys (or, for a message the shop has no key for, the server's own words), by field. */
export type FeedbackErrors = Partial<Record<FeedbackField, string>>;

export const emptyFeedback: FeedbackValues = { name: '', phone_number: '', email: '', message: '' };

/** The inputs' `maxLength`s: the contract's limits, the phone's 13 characters of +380XXXXXXXXX (spec section 5). */
export const feedbackMaxLength: Record<keyof FeedbackValues, number> = {
  name: nameMaxLength,
  phone_number: telephoneMaxLength,
  email: emailMaxLength,
  message: feedbackMessageMaxLength,
};

/** As typed: spaces go from the name, e-mail and phone (spec section 5); the phone stops at 13 characters. */
export function cleanFeedbackInput(field: keyof FeedbackValues, value: string): string {
  if (field === 'message') return value.slice(0, feedbackMessageMaxLength);
  const stripped = stripWhitespace(value);
  return stripped.slice(0, feedbackMaxLength[field]);
}

export type FeedbackCheck = { ok: true; body: FeedbackBody } | { ok: false; errors: FeedbackErrors };

/** The contract's feedback schema, with the first message of each field. */
export function checkFeedback(values: FeedbackValues, captcha: string, lng: Language): FeedbackCheck {
  const parsed = feedbackBody.safeParse({ ...values, captcha, lng });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FeedbackErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && isFeedbackField(field)) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

function isFeedbackField(value: string): value is FeedbackField {
  return (feedbackFields as readonly string[]).includes(value);
}

/** The server's one word on a captcha it refused (apps/server captchaMessages.invalid). */
const captchaRefused = 'Captcha verification failed.';

/**
 * A 400's field lists (`{ email: ['validation.invalid_email'] }`) as messages under the fields;
 * the captcha's refusal gets a text of ours, since the server answers it in English.
 */
export function serverFieldErrors(body: unknown): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (!body || typeof body !== 'object') return errors;
  for (const [field, messages] of Object.entries(body)) {
    if (!isFeedbackField(field) || !Array.isArray(messages)) continue;
    const first = messages.find((m): m is string => typeof m === 'string');
    if (!first) continue;
    errors[field] = field === 'captcha' && first === captchaRefused ? 'captcha.refused' : first;
  }
  return errors;
}
