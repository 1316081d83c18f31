import { orderBody } from '@kram/contract/orders';
import { describe, expect, it } from 'vitest';
import { phonePlaceholder, typedPersonal, typedPhone } from './phone-input';

describe('the checkout phone field', () => {
  it('shows the mask as its placeholder', () => {
    expect(phonePlaceholder).toBe('+38 (0__) ___-__-__');
  });

  it('strips whitespace, brackets and dashes as typed, into +380XXXXXXXXX', () => {
    expect(typedPhone('+38 (067) 123-45-67')).toBe('+380671234567');
    expect(typedPhone('+380 67 123 45 67')).toBe('+380671234567');
    expect(typedPhone(' +380\t671234567 ')).toBe('+380671234567');
  });

  it('puts +38 before a number typed from its leading 0, and + before 380', () => {
    expect(typedPhone('0')).toBe('0');
    expect(typedPhone('06')).toBe('+3806');
    expect(typedPhone('067 123 45 67')).toBe('+380671234567');
    expect(typedPhone('380671234567')).toBe('+380671234567');
  });

  it('holds at most 13 characters', () => {
    expect(typedPhone('+3806712345678999')).toBe('+380671234567');
    expect(typedPhone('+38 (067) 123-45-67-89')).toHaveLength(13);
  });

  it('leaves what is not a Ukrainian number for the validator to name', () => {
    expect(typedPhone('+4915112345678')).toBe('+491511234567');
    const parsed = orderBody.safeParse({ phone_number: typedPhone('+4915112345678') });
    const phoneIssue = parsed.error?.issues.find((issue) => issue.path[0] === 'phone_number');
    expect(phoneIssue?.message).toBe('validation.invalid_telephone');
  });

  it('strips all whitespace from personal fields as typed', () => {
    expect(typedPersonal(' Олена ')).toBe('Олена');
    expect(typedPersonal('olena @ mail.com')).toBe('olena@mail.com');
  });
});
