import { z } from 'zod';
import { detailError } from './common.ts';

/**
 * A proof-of-work challenge in the ALTCHA format: find `number` (0 to `maxnumber`) such that
 * hex(SHA-256(salt + number)) equals `challenge`, then send base64(JSON {algorithm, challenge,
 * number, salt, signature}) as the form's captcha field.
 */
export const captchaChallenge = z
  .object({
    algorithm: z.literal('SHA-256'),
    challenge: z.string(),
    maxnumber: z.number().int(),
    /** Random hex followed by its parameters, `?expires=<unix seconds>&`. */
    salt: z.string(),
    signature: z.string(),
  })
  .meta({ id: 'CaptchaChallenge' });
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

/** What the widget sends back, decoded. */
export const captchaSolution = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  number: z.number().int().nonnegative(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaSolution = z.infer<typeof captchaSolution>;

export const captchaErrors = { 404: detailError };
