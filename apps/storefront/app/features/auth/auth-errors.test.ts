import { type ErrorCode, readErrorCodes, writeErrorCodes } from '@kram/contract/error-codes';
import { describe, expect, it } from 'vitest';
import {
  loginErrorMessage,
  passwordResetErrorMessage,
  registerErrorKeys,
  resetRequestErrorMessage,
} from './auth-errors';

/** A refusal as the client reads it: the body, and the codes the server's header names. */
const refused = (body: unknown, codes: ErrorCode[]) => ({ body, codes: readErrorCodes(writeErrorCodes(codes)) });

describe('loginErrorMessage', () => {
  it('maps the two known refusals to their keys', () => {
    expect(
      loginErrorMessage(refused({ detail: 'User account is disabled.' }, [{ code: 'account.account_disabled' }])),
    ).toEqual({ key: 'login_error_message' });
    expect(
      loginErrorMessage(refused({ detail: 'Incorrect credentials.' }, [{ code: 'account.incorrect_credentials' }])),
    ).toEqual({ key: 'login_incorrect_credentials' });
  });

  it('shows any other detail as it is', () => {
    const throttled = refused({ detail: 'Too many attempts. Try again in 5 minutes.' }, [
      { code: 'throttled', params: { seconds: 300 } },
    ]);
    expect(loginErrorMessage(throttled)).toEqual({ text: 'Too many attempts. Try again in 5 minutes.' });
    // Known words without their code are the server's words.
    expect(loginErrorMessage(refused({ detail: 'Incorrect credentials.' }, []))).toEqual({
      text: 'Incorrect credentials.',
    });
  });

  it('falls back to the failed-login message', () => {
    expect(loginErrorMessage(null)).toEqual({ key: 'auth.login_failed' });
    const field = refused({ email_or_phone: ['validation.email_or_phone_required'] }, [
      { field: 'email_or_phone', code: 'validation.email_or_phone_required' },
    ]);
    expect(loginErrorMessage(field)).toEqual({ key: 'auth.login_failed' });
  });
});

describe('registerErrorKeys', () => {
  const taken = (field: string) => ({ field, code: 'account.not_unique' });
  it('names a taken e-mail and a taken telephone', () => {
    expect(registerErrorKeys(refused({ email: ['This field must be unique.'] }, [taken('email')]))).toEqual([
      'validation.email_taken',
    ]);
    expect(registerErrorKeys(refused({ telephone: ['This field must be unique.'] }, [taken('telephone')]))).toEqual([
      'validation.telephone_taken',
    ]);
    const both = refused({ email: ['This field must be unique.'], telephone: ['This field must be unique.'] }, [
      taken('email'),
      taken('telephone'),
    ]);
    expect(registerErrorKeys(both)).toEqual(['validation.email_taken', 'validation.telephone_taken']);
  });

  it('reads anything else as invalid_register', () => {
    const email = refused({ email: ['validation.invalid_email'] }, [
      { field: 'email', code: 'validation.invalid_email' },
    ]);
    expect(registerErrorKeys(email)).toEqual(['validation.invalid_register']);
    const throttled = refused({ detail: 'Request was throttled.' }, [{ code: 'throttled', params: { seconds: 1 } }]);
    expect(registerErrorKeys(throttled)).toEqual(['validation.invalid_register']);
    expect(registerErrorKeys(null)).toEqual(['validation.invalid_register']);
  });
});

describe('resetRequestErrorMessage', () => {
  it('maps an unknown e-mail to user_not_found_error', () => {
    const unknown = refused({ message: 'No user with this email was found.' }, [{ code: 'account.user_not_found' }]);
    expect(resetRequestErrorMessage(unknown)).toEqual({ key: 'user_not_found_error' });
  });

  it("shows the e-mail rule's key, then the detail, then the default message", () => {
    const email = refused({ email: ['validation.invalid_email'] }, [
      { field: 'email', code: 'validation.invalid_email' },
    ]);
    expect(resetRequestErrorMessage(email)).toEqual({ key: 'validation.invalid_email' });
    const unsent = refused({ detail: 'The e-mail could not be sent. Try again later.' }, [{ code: 'unavailable' }]);
    expect(resetRequestErrorMessage(unsent)).toEqual({ text: 'The e-mail could not be sent. Try again later.' });
    expect(resetRequestErrorMessage(refused({ message: 'Something else.' }, [{ code: 'refused' }]))).toEqual({
      key: 'default_error_message',
    });
    expect(resetRequestErrorMessage(null)).toEqual({ key: 'default_error_message' });
  });
});

describe('passwordResetErrorMessage', () => {
  it('tells an invalid or expired link apart', () => {
    const invalid = refused({ token: ['Token is invalid or expired.'] }, [
      { field: 'token', code: 'account.token_invalid' },
    ]);
    expect(passwordResetErrorMessage(invalid)).toEqual({ key: 'auth.reset.linkInvalid' });
  });

  it('gives other token or uid errors as token_uid_error with the server’s words', () => {
    const blank = refused({ token: ['This field may not be blank.'] }, [{ field: 'token', code: 'catalog.blank' }]);
    expect(passwordResetErrorMessage(blank)).toEqual({
      key: 'token_uid_error',
      values: { detail: 'This field may not be blank.' },
    });
    const long = refused({ uid: ['Too big: expected string to have <=64 characters'] }, [
      { field: 'uid', code: 'zod.too_big', params: { maximum: 64 } },
    ]);
    expect(passwordResetErrorMessage(long)).toEqual({
      key: 'token_uid_error',
      values: { detail: 'Too big: expected string to have <=64 characters' },
    });
  });

  it('otherwise shows the password’s rule, the detail or the default message', () => {
    const short = refused({ new_password: ['validation.password_length'] }, [
      { field: 'new_password', code: 'validation.password_length' },
    ]);
    expect(passwordResetErrorMessage(short)).toEqual({ key: 'validation.password_length' });
    const down = refused({ detail: 'Service unavailable.' }, [{ code: 'unavailable' }]);
    expect(passwordResetErrorMessage(down)).toEqual({ text: 'Service unavailable.' });
    expect(passwordResetErrorMessage(null)).toEqual({ key: 'default_error_message' });
  });
});
