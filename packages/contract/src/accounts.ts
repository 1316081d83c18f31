import { z } from 'zod';
import { badRequestError, detailError } from './common.ts';
import { languageField } from './language.ts';
import {
  currentPassword,
  email,
  emailOrPhone,
  firstName,
  lastName,
  messageKeys,
  nameMaxLength,
  newPassword,
  telephone,
  withRepeatedPassword,
} from './validation.ts';

/** Answers the client maps to its own messages (spec section 8); kept here so both sides agree. */
export const accountMessages = {
  notUnique: 'This field must be unique.',
  incorrectCredentials: 'Incorrect credentials.',
  accountDisabled: 'User account is disabled.',
  userNotFound: 'No user with this email was found.',
  resetLinkSent: 'Password reset link sent.',
  passwordReset: 'Password has been reset.',
  tokenInvalid: 'Token is invalid or expired.',
  notAuthenticated: 'Authentication credentials were not provided.',
} as const;

export const registerBody = withRepeatedPassword(
  z.strictObject({
    first_name: firstName,
    last_name: lastName,
    email,
    telephone,
    password: newPassword,
    password2: z.string({ error: 'validation.password_required' }),
  }),
  'password',
  'password2',
).meta({ id: 'RegisterRequest' });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z
  .strictObject({ email_or_phone: emailOrPhone, password: currentPassword })
  .meta({ id: 'LoginRequest' });
export type LoginBody = z.infer<typeof loginBody>;

export const authTokens = z
  .object({
    /** Bearer token for protected calls; lives 15 minutes. */
    access: z.string(),
    /** Exchanged once at /api/token/refresh/ for a new pair; lives 7 days. */
    refresh: z.string(),
    is_superuser: z.boolean(),
    is_staff: z.boolean(),
  })
  .meta({ id: 'AuthTokens' });
export type AuthTokens = z.infer<typeof authTokens>;

export const refreshBody = z
  .strictObject({ refresh: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.') })
  .meta({ id: 'RefreshRequest' });

/** A refresh token is single use: the answer always carries its successor. */
export const refreshedTokens = z.object({ access: z.string(), refresh: z.string() }).meta({ id: 'RefreshedTokens' });

export const passwordResetRequestBody = z
  .strictObject({ email, lng: languageField })
  .meta({ id: 'PasswordResetRequest' });

const requiredToken = (max: number) =>
  z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, { error: 'This field may not be blank.', abort: true })
    .max(max, `Ensure this field has no more than ${max} characters.`);

export const passwordResetBody = z
  .strictObject({ token: requiredToken(200), uid: requiredToken(64), new_password: newPassword })
  .meta({ id: 'PasswordReset' });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** The password reset page's form: the new password and its repeat. */
export const passwordResetForm = withRepeatedPassword(
  z.object({ new_password: newPassword, new_password2: z.string({ error: 'validation.password_required' }) }),
  'new_password',
  'new_password2',
);

export const message = z.object({ message: z.string() }).meta({ id: 'Message' });

export const userProfile = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    /** Null only for staff accounts made with `npm run create-admin`. */
    telephone: z.string().nullable(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfile>;

/** Profile names are kept as typed (trimmed): the form splits a full name on its first space. */
const profileName = z
  .string({ error: 'Not a valid string.' })
  .trim()
  .max(nameMaxLength, `Ensure this field has no more than ${nameMaxLength} characters.`);

/**
 * Every field optional; an absent or empty body changes nothing (the storefront sends one on mount).
 * E-mail and telephone follow the registration rules, uniqueness included. A new e-mail also needs
 * `current_password`: the address is where reset links go, so a stolen access token alone must not
 * be able to move it.
 */
export const profileUpdateBody = z
  .preprocess(
    (body) => body ?? {},
    z.strictObject({
      first_name: profileName.optional(),
      last_name: profileName.optional(),
      email: email.optional(),
      telephone: telephone.optional(),
      current_password: z
        .string({ error: messageKeys.currentPasswordRequired })
        .max(128, messageKeys.currentPasswordInvalid)
        .optional(),
    }),
  )
  .meta({ id: 'UserProfileUpdate' });
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

export const accountErrors = { 400: badRequestError, 401: detailError, 429: detailError };
