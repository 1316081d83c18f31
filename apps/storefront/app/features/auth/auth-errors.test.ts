import { describe, expect, it } from 'vitest';
import {
  loginErrorMessage,
  passwordResetErrorMessage,
  registerErrorKeys,
  resetRequestErrorMessage,
} from './auth-errors';

describe('loginErrorMessage', () => {
  it('maps the two known details to their keys', () => {
    expect(loginErrorMessage({ detail: 'User account is disabled.' })).toEqual({ key: 'login_error_message' });
    expect(loginErrorMessage({ detail: 'Incorrect credentials.' })).toEqual({ key: 'login_incorrect_credentials' });
  });

  it('shows any other detail as it is', () => {
    expect(loginErrorMessage({ detail: 'Too many attempts. Try again in 5 minutes.' })).toEqual({
      text: 'Too many attempts. Try again in 5 minutes.',
    });
  });

  it('falls back to the failed-login message', () => {
    expect(loginErrorMessage(null)).toEqual({ key: 'auth.login_failed' });
    expect(loginErrorMessage({ email_or_phone: ['validation.email_or_phone_required'] })).toEqual({
      key: 'auth.login_failed',
    });
  });
});

describe('registerErrorKeys', () => {
  it('names a taken e-mail and a taken telephone', () => {
    expect(registerErrorKeys({ email: ['This field must be unique.'] })).toEqual(['validation.email_taken']);
    expect(registerErrorKeys({ telephone: ['This field must be unique.'] })).toEqual(['validation.telephone_taken']);
    expect(
      registerErrorKeys({ email: ['This field must be unique.'], telephone: ['This field must be unique.'] }),
    ).toEqual(['validation.email_taken', 'validation.telephone_taken']);
  });

  it('reads anything else as invalid_register', () => {
    expect(registerErrorKeys({ email: ['validation.invalid_email'] })).toEqual(['validation.invalid_register']);
    expect(registerErrorKeys({ detail: 'Request was throttled.' })).toEqual(['validation.invalid_register']);
    expect(registerErrorKeys(null)).toEqual(['validation.invalid_register']);
  });
});

describe('resetRequestErrorMessage', () => {
  it('maps an unknown e-mail to user_not_found_error', () => {
    expect(resetRequestErrorMessage({ message: 'No user with this email was found.' })).toEqual({
      key: 'user_not_found_error',
    });
  });

  it("shows the e-mail rule's key, then the detail, then the default message", () => {
    expect(resetRequestErrorMessage({ email: ['validation.invalid_email'] })).toEqual({
      key: 'validation.invalid_email',
    });
    expect(resetRequestErrorMessage({ detail: 'The e-mail could not be sent. Try again later.' })).toEqual({
      text: 'The e-mail could not be sent. Try again later.',
    });
    expect(resetRequestErrorMessage({ message: 'Something else.' })).toEqual({ key: 'default_error_message' });
    expect(resetRequestErrorMessage(null)).toEqual({ key: 'default_error_message' });
  });
});

describe('passwordResetErrorMessage', () => {
  it('tells an invalid or expired link apart', () => {
    expect(passwordResetErrorMessage({ token: ['Token is invalid or expired.'] })).toEqual({
      key: 'auth.reset.linkInvalid',
    });
  });

  it('gives other token or uid errors as token_uid_error with the detail', () => {
    expect(passwordResetErrorMessage({ token: ['This field may not be blank.'] })).toEqual({
      key: 'token_uid_error',
      values: { detail: 'This field may not be blank.' },
    });
    expect(passwordResetErrorMessage({ uid: ['Ensure this field has no more than 64 characters.'] })).toEqual({
      key: 'token_uid_error',
      values: { detail: 'Ensure this field has no more than 64 characters.' },
    });
  });

  it('otherwise shows the detail or the default message', () => {
    expect(passwordResetErrorMessage({ new_password: ['validation.password_length'] })).toEqual({
      key: 'validation.password_length',
    });
    expect(passwordResetErrorMessage({ detail: 'Service unavailable.' })).toEqual({ text: 'Service unavailable.' });
    expect(passwordResetErrorMessage(null)).toEqual({ key: 'default_error_message' });
  });
});
