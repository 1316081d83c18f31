import { type ReturnRequestBody, returnMessages } from '@kram/contract/returns';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { refusalOf, returnMessageKey, serverFieldErrors } from './return-errors';

const sent: ReturnRequestBody = {
  lines: [
    { position: 3, quantity: 1 },
    { position: 5, quantity: 4 },
  ],
  reason: 'Не підійшов розмір',
  shipping: 'shop',
};

describe('the returns catalogue’s messages in the shopper’s words', () => {
  it('knows a message by its code, whatever the catalogue’s area is called', () => {
    expect(returnMessageKey('return.no_lines', undefined)).toBe('returns.errors.noLines');
    expect(returnMessageKey('returns.iban_invalid', 'whatever')).toBe('returns.errors.ibanInvalid');
    expect(returnMessageKey('return.deadline_passed', undefined)).toBe('returns.whyNot.deadline_passed');
  });

  it('knows a message by its English words when the answer carries no code', () => {
    expect(returnMessageKey(undefined, returnMessages.tooMany)).toBe('returns.errors.tooMany');
    expect(returnMessageKey('zod.custom', returnMessages.ibanInvalid)).toBe('returns.errors.ibanInvalid');
    expect(returnMessageKey(undefined, 'Something else.')).toBeUndefined();
    expect(returnMessageKey('zod.too_big', undefined)).toBeUndefined();
  });
});

describe('a 400 under the fields it names', () => {
  it('puts a sent line’s message under that line of the order, and the others under their fields', () => {
    const error = new ApiError(
      400,
      {
        'lines.1.quantity': [returnMessages.tooMany],
        reason: [returnMessages.reasonRequired],
        iban: [returnMessages.ibanInvalid],
        account_holder: [returnMessages.holderRequired],
      },
      undefined,
      [{ field: 'lines.1.quantity', code: 'return.too_many' }],
    );
    expect(serverFieldErrors(error, sent)).toEqual({
      quantities: { 5: { key: 'returns.errors.tooMany' } },
      reason: { key: 'returns.errors.reasonRequired' },
      iban: { key: 'returns.errors.ibanInvalid' },
      account_holder: { key: 'returns.errors.holderRequired' },
    });
  });

  it('words a schema’s own check by what the field needs', () => {
    const error = new ApiError(
      400,
      { reason: ['Too big: expected string to have <=2000 characters'], shipping: ['x'] },
      undefined,
      [
        { field: 'reason', code: 'zod.too_big', params: { maximum: 2000 } },
        { field: 'shipping', code: 'zod.invalid_value' },
      ],
    );
    expect(serverFieldErrors(error, sent)).toEqual({
      reason: { key: 'returns.errors.reasonTooLong' },
      shipping: { key: 'returns.errors.shippingRequired' },
    });
  });

  it('puts a rule on the whole request under the field it is about, and anything else above the form', () => {
    expect(serverFieldErrors(new ApiError(400, { detail: returnMessages.lineTwice }), sent)).toEqual({
      lines: { key: 'returns.errors.lineTwice' },
    });
    expect(serverFieldErrors(new ApiError(400, { detail: 'Malformed JSON.' }), sent)).toBeUndefined();
    expect(serverFieldErrors(new ApiError(400, { non_field_errors: ['Nope.'] }), sent)).toEqual({
      form: { key: 'returns.errors.failed' },
    });
  });
});

describe('a refusal of the whole request', () => {
  it('says why the order cannot be returned now (409)', () => {
    expect(refusalOf(new ApiError(409, { detail: returnMessages.notReceived }))).toEqual({
      key: 'returns.whyNot.not_received',
    });
    expect(refusalOf(new ApiError(409, { detail: returnMessages.deadlinePassed }))).toEqual({
      key: 'returns.whyNot.deadline_passed',
    });
    expect(
      refusalOf(
        new ApiError(409, { detail: 'x', code: 'return.nothing_left' }, undefined, [{ code: 'return.nothing_left' }]),
      ),
    ).toEqual({ key: 'returns.whyNot.nothing_left' });
  });

  it('names a missing order, too many tries, and anything else as a failure to retry', () => {
    expect(refusalOf(new ApiError(404, { detail: 'Not found.' }))).toEqual({ key: 'returns.notFound' });
    expect(refusalOf(new ApiError(429, { detail: 'Slow down.' }, 120))).toEqual({
      key: 'throttled.minutes',
      values: { count: 2 },
    });
    expect(refusalOf(new ApiError(503, { detail: 'Service unavailable.' }))).toEqual({ key: 'returns.errors.failed' });
  });
});
