import { describe, expect, it } from 'vitest';
import {
  Conflict,
  Forbidden,
  InvalidInput,
  KeyReused,
  LimitExceeded,
  NotFound,
  Refused,
  RuleViolation,
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
    expect(answerFor(error)).toEqual({ status, body, headers: {} });
  });

  it('tells a throttled client when to come back', () => {
    expect(answerFor(new LimitExceeded(42))).toEqual({
      status: 429,
      body: { detail: 'Request was throttled. Expected available in 42 seconds.' },
      headers: { 'retry-after': '42' },
    });
  });

  it('carries no HTTP in the error itself, so a command line can print it', () => {
    const error = new InvalidInput({ password: ['validation.password_length'] });
    expect(error).not.toHaveProperty('statusCode');
    expect(error.message).toBe('password: validation.password_length');
  });
});
