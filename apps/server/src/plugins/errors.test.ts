import { describe, expect, it } from 'vitest';
import { errorCodesFor } from '../lib/domain-error-codes.ts';
import {
  Conflict,
  Forbidden,
  InvalidInput,
  KeyReused,
  LimitExceeded,
  NotFound,
  noMatch,
  Refused,
  RuleViolation,
  said,
  Unauthenticated,
  Unavailable,
  UpstreamFailed,
} from '../lib/domain-errors.ts';
import { answerFor } from './errors.ts';

describe('domain errors as the API answers them', () => {
  it.each([
    [new InvalidInput({ email: ['validation.invalid_email'] }), 400, { email: ['validation.invalid_email'] }],
    [new RuleViolation('Too much.', 'order_amount_limit'), 400, { detail: 'Too much.', code: 'order_amount_limit' }],
    [
      new Refused({ message: 'No user with this email was found.' }),
      400,
      { message: 'No user with this email was found.' },
    ],
    [new Unauthenticated('Incorrect credentials.'), 401, { detail: 'Incorrect credentials.' }],
    [new Forbidden('User account is disabled.'), 403, { detail: 'User account is disabled.' }],
    [new NotFound(), 404, { detail: 'Not found.' }],
    [new Conflict('Cannot.'), 409, { detail: 'Cannot.' }],
    [new KeyReused('Another request.'), 422, { detail: 'Another request.' }],
    [new UpstreamFailed('Card service down.'), 502, { detail: 'Card service down.' }],
    [new Unavailable('Later.'), 503, { detail: 'Later.' }],
  ])('%s', (error, status, body) => {
    const answer = answerFor(error);
    expect({ status: answer.status, body: answer.body }).toEqual({ status, body });
  });

  it('tells a throttled client when to come back', () => {
    expect(answerFor(new LimitExceeded(42))).toEqual({
      status: 429,
      body: { detail: 'Request was throttled. Expected available in 42 seconds.' },
      headers: {
        'retry-after': '42',
        'kram-error-codes': '[{"code":"throttled","params":{"seconds":42}}]',
      },
    });
  });

  it('carries no HTTP in the error itself, so a command line can print it', () => {
    const error = new InvalidInput({ password: ['validation.password_length'] });
    expect(error).not.toHaveProperty('statusCode');
    expect(error.message).toBe('password: validation.password_length');
  });
});

describe('the codes beside an error answer', () => {
  it('name a catalogue message by its catalogue and name, and a storefront key as it is', () => {
    const error = new InvalidInput({
      email: ['This field must be unique.', 'validation.invalid_email'],
      old_price: ['The old price must be higher than the price.'],
    });
    expect(errorCodesFor(error)).toEqual([
      { field: 'email', code: 'account.not_unique' },
      { field: 'email', code: 'validation.invalid_email' },
      { field: 'old_price', code: 'product.old_price_not_above' },
    ]);
  });

  it('carry the values of a message raised with them, while the body keeps the words', () => {
    const error = new InvalidInput({
      sizes: [said('product.no_such_size', 'There is no such size: 12, 13.', { ids: '12, 13' })],
    });
    expect(answerFor(error).body).toEqual({ sizes: ['There is no such size: 12, 13.'] });
    expect(errorCodesFor(error)).toEqual([{ field: 'sizes', code: 'product.no_such_size', params: { ids: '12, 13' } }]);
    const conflict = new Conflict(
      said('customer.orders_in_progress', 'Two orders.', { count: 2 }),
      'orders_in_progress',
    );
    expect(answerFor(conflict).body).toEqual({ detail: 'Two orders.', code: 'orders_in_progress' });
    expect(errorCodesFor(conflict)).toEqual([{ code: 'customer.orders_in_progress', params: { count: 2 } }]);
  });

  it('fall back to the body code, the thing not found, or the kind of refusal', () => {
    expect(errorCodesFor(new Unauthenticated('Given token not valid for any token type', 'token_not_valid'))).toEqual([
      { code: 'token_not_valid' },
    ]);
    expect(errorCodesFor(noMatch('Product'))).toEqual([{ code: 'not_found', params: { thing: 'Product' } }]);
    expect(errorCodesFor(new Conflict('Something no catalogue words.'))).toEqual([{ code: 'conflict' }]);
    expect(errorCodesFor(new Refused({ message: 'No user with this email was found.' }))).toEqual([
      { code: 'account.user_not_found' },
    ]);
  });
});
