import { type ErrorCode, readErrorCodes, writeErrorCodes } from '@kram/contract/error-codes';
import { describe, expect, it } from 'vitest';
import { profileUpdateErrorKeys } from './profile-api';

/** A refusal as the client reads it: the body, and the codes the server's header names. */
const refused = (body: unknown, codes: ErrorCode[]) => ({ body, codes: readErrorCodes(writeErrorCodes(codes)) });

describe('profileUpdateErrorKeys', () => {
  it('names a taken e-mail and telephone by their keys', () => {
    expect(
      profileUpdateErrorKeys(
        refused({ email: ['This field must be unique.'], telephone: ['This field must be unique.'] }, [
          { field: 'email', code: 'account.not_unique' },
          { field: 'telephone', code: 'account.not_unique' },
        ]),
      ),
    ).toEqual(['validation.email_taken', 'validation.telephone_taken']);
  });

  it("passes the fields' own rule keys through", () => {
    expect(
      profileUpdateErrorKeys(
        refused({ telephone: ['validation.invalid_telephone'] }, [
          { field: 'telephone', code: 'validation.invalid_telephone' },
        ]),
      ),
    ).toEqual(['validation.invalid_telephone']);
  });

  it('reads anything else as the general update error', () => {
    expect(
      profileUpdateErrorKeys(
        refused({ detail: 'Authentication credentials were not provided.' }, [{ code: 'not_authenticated' }]),
      ),
    ).toEqual(['profile.updateError']);
    expect(
      profileUpdateErrorKeys(
        refused({ first_name: ['Too big: expected string to have <=150 characters'] }, [
          { field: 'first_name', code: 'zod.too_big', params: { maximum: 150 } },
        ]),
      ),
    ).toEqual(['profile.updateError']);
    // Words alone, without their codes, are not read.
    expect(profileUpdateErrorKeys(refused({ email: ['This field must be unique.'] }, []))).toEqual([
      'profile.updateError',
    ]);
    expect(profileUpdateErrorKeys(null)).toEqual(['profile.updateError']);
  });
});
