import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginBody, passwordResetBody, passwordResetForm, profileUpdateBody, registerBody } from './accounts.ts';
import { feedbackBody } from './feedback.ts';

/** Field → messages, as the server answers them and the forms show them. */
function problems(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || 'non_field_errors';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

const registration = {
  first_name: 'Іван',
  last_name: 'Петренко',
  email: 'ivan@example.com',
  telephone: '+380501234567',
  password: 'secret1',
  password2: 'secret1',
};

describe('registration', () => {
  it('accepts a complete form and strips whitespace from every field but the passwords', () => {
    const parsed = registerBody.parse({
      first_name: ' Іван ',
      last_name: 'Петренко\t',
      email: ' ivan @example.com ',
      telephone: '+380 50 123 45 67',
      password: ' pass 1 ',
      password2: ' pass 1 ',
    });
    expect(parsed).toEqual({
      first_name: 'Іван',
      last_name: 'Петренко',
      email: 'ivan@example.com',
      telephone: '+380501234567',
      password: ' pass 1 ',
      password2: ' pass 1 ',
    });
  });

  it('names every missing field with its key', () => {
    expect(problems(registerBody, {})).toEqual({
      first_name: ['validation.firstname_required'],
      last_name: ['validation.lastname_required'],
      email: ['validation.email_required'],
      telephone: ['validation.telephone_required'],
      password: ['validation.password_required'],
      password2: ['validation.password_required'],
    });
  });

  it('treats blank values as missing, and reports one problem per field', () => {
    expect(
      problems(registerBody, { ...registration, first_name: '   ', email: ' ', telephone: '', password: '' }),
    ).toEqual({
      first_name: ['validation.firstname_required'],
      email: ['validation.email_required'],
      telephone: ['validation.telephone_required'],
      password: ['validation.password_required'],
    });
  });

  it.each([['0501234567'], ['+38050123456'], ['+3805012345678'], ['+381501234567'], ['+380 50 123 45 6x']])(
    'refuses the telephone %s',
    (value) => {
      expect(problems(registerBody, { ...registration, telephone: value })).toEqual({
        telephone: ['validation.invalid_telephone'],
      });
    },
  );

  it.each([['ivan'], ['ivan@'], ['@example.com'], ['ivan@example'], [`${'a'.repeat(250)}@example.com`]])(
    'refuses the e-mail %s',
    (value) => {
      expect(problems(registerBody, { ...registration, email: value })).toEqual({
        email: ['validation.invalid_email'],
      });
    },
  );

  it('wants a password of 6 to 20 characters and an equal repeat', () => {
    expect(problems(registerBody, { ...registration, password: '12345', password2: '12345' })).toEqual({
      password: ['validation.password_length'],
    });
    expect(problems(registerBody, { ...registration, password: 'x'.repeat(21), password2: 'x'.repeat(21) })).toEqual({
      password: ['validation.password_length'],
    });
    expect(problems(registerBody, { ...registration, password: '123456', password2: '123456' })).toEqual({});
    expect(problems(registerBody, { ...registration, password: 'x'.repeat(20), password2: 'x'.repeat(20) })).toEqual(
      {},
    );
    expect(problems(registerBody, { ...registration, password2: 'secret2' })).toEqual({
      password2: ['validation.passwords_mismatch'],
    });
  });

  it('reports a mismatch together with the other fields’ problems', () => {
    expect(problems(registerBody, { ...registration, email: 'x', password2: 'other1' })).toEqual({
      email: ['validation.invalid_email'],
      password2: ['validation.passwords_mismatch'],
    });
  });

  it('refuses fields it does not know', () => {
    expect(problems(registerBody, { ...registration, is_staff: true })).toEqual({
      non_field_errors: [expect.stringContaining('is_staff')],
    });
  });
});

describe('sign-in', () => {
  it('takes an e-mail-looking value as an e-mail and anything else as a telephone', () => {
    expect(loginBody.parse({ email_or_phone: ' Ivan@Example.com ', password: ' x ' })).toEqual({
      email_or_phone: 'Ivan@Example.com',
      password: ' x ',
    });
    expect(loginBody.parse({ email_or_phone: '+380 50 123 45 67', password: 'x' }).email_or_phone).toBe(
      '+380501234567',
    );
    expect(problems(loginBody, { email_or_phone: '0501234567', password: 'x' })).toEqual({
      email_or_phone: ['validation.invalid_telephone'],
    });
  });

  it('requires both fields but never checks the password rules', () => {
    expect(problems(loginBody, { email_or_phone: ' ', password: '' })).toEqual({
      email_or_phone: ['validation.email_or_phone_required'],
      password: ['validation.password_required'],
    });
    expect(problems(loginBody, { email_or_phone: 'a@b.ua', password: '1' })).toEqual({});
  });
});

describe('password reset', () => {
  it('checks the new password with the registration rules', () => {
    expect(problems(passwordResetBody, { token: 't', uid: 'u', new_password: '123' })).toEqual({
      new_password: ['validation.password_length'],
    });
    expect(problems(passwordResetBody, {})).toEqual({
      token: ['This field is required.'],
      uid: ['This field is required.'],
      new_password: ['validation.password_required'],
    });
  });

  it('has a form whose repeat must match', () => {
    expect(problems(passwordResetForm, { new_password: 'secret1', new_password2: 'secret2' })).toEqual({
      new_password2: ['validation.passwords_mismatch'],
    });
    expect(problems(passwordResetForm, { new_password: 'secret1', new_password2: 'secret1' })).toEqual({});
  });
});

describe('feedback', () => {
  const valid = { name: 'Ivan', email: 'i@example.com', message: 'Hello', captcha: 'token' };

  it('requires name, e-mail, message and captcha with their keys', () => {
    expect(problems(feedbackBody, {})).toEqual({
      name: ['validation.firstname_required'],
      email: ['validation.email_required'],
      message: ['validation.feedback_message_required'],
      captcha: ['validation.captcha_required'],
    });
    expect(problems(feedbackBody, { ...valid, message: '  \n ' })).toEqual({
      message: ['validation.feedback_message_required'],
    });
  });

  it('strips spaces from name, e-mail and phone, and checks a phone only when given', () => {
    expect(feedbackBody.parse({ ...valid, name: ' Iv an ', phone_number: '+380 50 123 45 67' })).toMatchObject({
      name: 'Ivan',
      phone_number: '+380501234567',
    });
    expect(feedbackBody.parse(valid).phone_number).toBe('');
    expect(problems(feedbackBody, { ...valid, phone_number: '12345' })).toEqual({
      phone_number: ['validation.invalid_telephone'],
    });
  });
});

describe('profile update', () => {
  it('accepts an absent or empty body as "no change"', () => {
    expect(profileUpdateBody.parse(undefined)).toEqual({});
    expect(profileUpdateBody.parse({})).toEqual({});
  });

  it('keeps names as typed but checks e-mail and telephone', () => {
    expect(profileUpdateBody.parse({ first_name: ' Анна Марія ', last_name: '' })).toEqual({
      first_name: 'Анна Марія',
      last_name: '',
    });
    expect(problems(profileUpdateBody, { email: 'nope', telephone: '123' })).toEqual({
      email: ['validation.invalid_email'],
      telephone: ['validation.invalid_telephone'],
    });
  });
});
