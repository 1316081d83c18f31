import { z } from 'zod';

/**
 * The field rules of spec section 5, shared by the storefront's forms and the server. Messages are
 * the spec's translation keys: the storefront translates them, the server answers them as they are.
 */
export const messageKeys = {
  telephoneRequired: 'validation.telephone_required',
  invalidTelephone: 'validation.invalid_telephone',
  emailRequired: 'validation.email_required',
  invalidEmail: 'validation.invalid_email',
  passwordRequired: 'validation.password_required',
  passwordLength: 'validation.password_length',
  passwordsMismatch: 'validation.passwords_mismatch',
  firstnameRequired: 'validation.firstname_required',
  lastnameRequired: 'validation.lastname_required',
  emailOrPhoneRequired: 'validation.email_or_phone_required',
  feedbackMessageRequired: 'validation.feedback_message_required',
  captchaRequired: 'validation.captcha_required',
  /** The profile's e-mail changes only with the account's password. */
  currentPasswordRequired: 'validation.current_password_required',
  currentPasswordInvalid: 'validation.current_password_invalid',
} as const;

export const telephonePattern = /^\+380\d{9}$/;
export const telephoneMaxLength = 13;
export const passwordLength = { min: 6, max: 20 } as const;
export const nameMaxLength = 150;
export const emailMaxLength = 254;
export const feedbackMessageMaxLength = 5000;
/** Accepted e-mail addresses: zod's pattern, which is deliberately strict (no quoted local parts). */
export const emailPattern = z.regexes.email;

/** Auth fields are typed with stray spaces ("+380 50 123 45 67", "ivan @mail.com"); all of them go. */
export const stripWhitespace = (value: string): string => value.replace(/\s+/g, '');

/** A string field whose missing value reads `required` and any other wrong type reads `invalid`. */
const text = (required: string, invalid = required) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) });

/** Whitespace stripped, then required: a value made only of spaces is as missing as an absent one. */
const stripped = (required: string, invalid = required) =>
  text(required, invalid).overwrite(stripWhitespace).min(1, { error: required, abort: true });

export const telephone = stripped(messageKeys.telephoneRequired, messageKeys.invalidTelephone).regex(
  telephonePattern,
  messageKeys.invalidTelephone,
);

export const email = stripped(messageKeys.emailRequired, messageKeys.invalidEmail)
  .max(emailMaxLength, { error: messageKeys.invalidEmail, abort: true })
  .regex(emailPattern, messageKeys.invalidEmail);

/** A password being chosen: 6 to 20 characters, spaces included (passwords are never stripped). */
export const newPassword = text(messageKeys.passwordRequired)
  .min(1, { error: messageKeys.passwordRequired, abort: true })
  .min(passwordLength.min, messageKeys.passwordLength)
  .max(passwordLength.max, messageKeys.passwordLength);

/** A password being checked: only required, so a sign-in never reveals the rules. */
export const currentPassword = text(messageKeys.passwordRequired)
  .min(1, { error: messageKeys.passwordRequired, abort: true })
  .max(128, messageKeys.passwordLength);

export const firstName = stripped(messageKeys.firstnameRequired).max(nameMaxLength, messageKeys.firstnameRequired);
export const lastName = stripped(messageKeys.lastnameRequired).max(nameMaxLength, messageKeys.lastnameRequired);

/** Sign-in takes anything with an @ as an e-mail; the account look-up decides whether it is one. */
export const isEmailLike = (value: string): boolean => value.includes('@');

/** An e-mail-looking value is accepted as it is; anything else must be a telephone. */
export const emailOrPhone = stripped(messageKeys.emailOrPhoneRequired, messageKeys.invalidTelephone)
  .max(emailMaxLength, messageKeys.invalidTelephone)
  .refine((value) => isEmailLike(value) || telephonePattern.test(value), messageKeys.invalidTelephone);

/** The feedback form's optional phone: spaces stripped as typed; when given, a +380 number. */
export const optionalTelephone = z
  .string({ error: messageKeys.invalidTelephone })
  .overwrite(stripWhitespace)
  .refine((value) => value === '' || telephonePattern.test(value), messageKeys.invalidTelephone)
  .optional()
  .transform((value) => value ?? '');

/** The feedback form's name follows the first-name rule, message key included (spec section 5). */
export const feedbackName = firstName;

export const feedbackMessage = text(messageKeys.feedbackMessageRequired)
  .trim()
  .min(1, { error: messageKeys.feedbackMessageRequired, abort: true })
  .max(feedbackMessageMaxLength, `Ensure this field has no more than ${feedbackMessageMaxLength} characters.`);

export const captchaResponse = stripped(messageKeys.captchaRequired).max(
  10_000,
  'Ensure this field has no more than 10000 characters.',
);

/**
 * Adds "the repeat must equal the password" to a form, reported on the repeat field. It runs even
 * when other fields are wrong, so the form shows every problem at once.
 */
export function withRepeatedPassword<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  password: keyof Shape & string,
  repeat: keyof Shape & string,
) {
  return schema.refine(
    (value) => (value as Record<string, unknown>)[password] === (value as Record<string, unknown>)[repeat],
    {
      path: [repeat],
      message: messageKeys.passwordsMismatch,
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !payload.issues.some((issue) => issue.path?.[0] === password || issue.path?.[0] === repeat),
    },
  );
}
