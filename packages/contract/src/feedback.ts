import { z } from 'zod';
import { badRequestError, detailError } from './common.ts';
import { languageField } from './language.ts';
import { captchaResponse, email, feedbackMessage, feedbackName, optionalTelephone } from './validation.ts';

export const feedbackMessages = { sent: 'Thank you! Your message has been sent.' } as const;

export const feedbackBody = z
  .strictObject({
    name: feedbackName,
    phone_number: optionalTelephone,
    email,
    message: feedbackMessage,
    /** The ALTCHA payload, or the reCAPTCHA token when the shop uses reCAPTCHA. */
    captcha: captchaResponse,
    lng: languageField,
  })
  .meta({ id: 'FeedbackRequest' });
export type FeedbackBody = z.infer<typeof feedbackBody>;

export const feedbackErrors = { 400: badRequestError, 429: detailError, 503: detailError };
