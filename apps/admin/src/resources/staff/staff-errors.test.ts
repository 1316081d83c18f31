import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { staffFieldErrors, staffRefusalKey } from './staff-errors.ts';

describe('staff refusals', () => {
  it('translates the rules a superuser meets by their code', () => {
    const own = new HttpError('x', 409, { detail: 'x', code: 'own_account' });
    const last = new HttpError('x', 409, { detail: 'x', code: 'last_superuser' });
    expect(staffRefusalKey(own)).toBe('resources.staff.errors.own_account');
    expect(staffRefusalKey(last)).toBe('resources.staff.errors.last_superuser');
    expect(staffRefusalKey(new HttpError('x', 404, { detail: 'x' }))).toBeUndefined();
  });

  it('puts the server’s field messages under their fields, translated when known', () => {
    const body = {
      email: ['No account has this e-mail address.'],
      is_superuser: ['Must be a valid boolean.'],
      errors: { email: 'No account has this e-mail address.' },
    };
    expect(staffFieldErrors(new HttpError('ra.message.invalid_form', 400, body))).toEqual({
      email: 'resources.staff.errors.no_account',
      is_superuser: 'Must be a valid boolean.',
    });
    expect(staffFieldErrors(new HttpError('x', 409, { detail: 'x', code: 'own_account' }))).toEqual({});
  });
});
