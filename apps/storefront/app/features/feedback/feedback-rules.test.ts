import { describe, expect, it } from 'vitest';
import { checkFeedback, cleanFeedbackInput, emptyFeedback, serverFieldErrors } from './feedback-rules';

const filled = { name: 'Ірина', phone_number: '+380501234567', email: 'iryna@example.com', message: 'Чи є розмір 44?' };

describe('the feedback form’s rules', () => {
  it('strip spaces from the name, e-mail and phone as typed, and keep the message as written', () => {
    expect(cleanFeedbackInput('name', ' Ірина  Коваль ')).toBe('ІринаКоваль');
    expect(cleanFeedbackInput('email', 'iryna @ example.com ')).toBe('iryna@example.com');
    expect(cleanFeedbackInput('phone_number', '+380 50 123 45 67')).toBe('+380501234567');
    expect(cleanFeedbackInput('message', '  Добрий день,\n  чи є розмір 44?  ')).toBe(
      '  Добрий день,\n  чи є розмір 44?  ',
    );
  });

  it('cut the phone at 13 characters and the message at 5000', () => {
    expect(cleanFeedbackInput('phone_number', '+3805012345678999')).toBe('+380501234567');
    expect(cleanFeedbackInput('message', 'я'.repeat(6000))).toHaveLength(5000);
  });

  it('ask for the name, e-mail, message and captcha, each with its own message', () => {
    expect(checkFeedback(emptyFeedback, '', 'uk')).toEqual({
      ok: false,
      errors: {
        name: 'validation.firstname_required',
        email: 'validation.email_required',
        message: 'validation.feedback_message_required',
        captcha: 'validation.captcha_required',
      },
    });
  });

  it('take the phone as optional, but a given one must be +380 and nine digits', () => {
    expect(checkFeedback({ ...filled, phone_number: '' }, 'solved', 'uk').ok).toBe(true);
    expect(checkFeedback({ ...filled, phone_number: '0501234567' }, 'solved', 'uk')).toEqual({
      ok: false,
      errors: { phone_number: 'validation.invalid_telephone' },
    });
  });

  it('refuse an e-mail that is not one and a message of spaces', () => {
    expect(checkFeedback({ ...filled, email: 'iryna@' }, 'solved', 'uk')).toEqual({
      ok: false,
      errors: { email: 'validation.invalid_email' },
    });
    expect(checkFeedback({ ...filled, message: '  \n ' }, 'solved', 'uk')).toEqual({
      ok: false,
      errors: { message: 'validation.feedback_message_required' },
    });
  });

  it('give the body the server expects, with the language', () => {
    expect(checkFeedback(filled, 'payload', 'ru')).toEqual({
      ok: true,
      body: { ...filled, captcha: 'payload', lng: 'ru' },
    });
  });

  it('show the server’s field messages under the fields, the captcha’s refusal in our words', () => {
    expect(
      serverFieldErrors({
        email: ['validation.invalid_email'],
        captcha: ['Captcha verification failed.'],
        surprise: ['ignored'],
        name: 'not a list',
      }),
    ).toEqual({ email: 'validation.invalid_email', captcha: 'captcha.refused' });
    expect(serverFieldErrors({ detail: 'Too many requests.' })).toEqual({});
    expect(serverFieldErrors(null)).toEqual({});
  });
});
