import { describe, expect, it } from 'vitest';
import { profileUpdateErrorKeys } from './profile-api';

describe('profileUpdateErrorKeys', () => {
  it('names a taken e-mail and telephone by their keys', () => {
    expect(
      profileUpdateErrorKeys({ email: ['This field must be unique.'], telephone: ['This field must be unique.'] }),
    ).toEqual(['validation.email_taken', 'validation.telephone_taken']);
  });

  it("passes the fields' own rule keys through", () => {
    expect(profileUpdateErrorKeys({ telephone: ['validation.invalid_telephone'] })).toEqual([
      'validation.invalid_telephone',
    ]);
  });

  it('reads anything else as the general update error', () => {
    expect(profileUpdateErrorKeys({ detail: 'Authentication credentials were not provided.' })).toEqual([
      'profile.updateError',
    ]);
    expect(profileUpdateErrorKeys({ first_name: ['Ensure this field has no more than 150 characters.'] })).toEqual([
      'profile.updateError',
    ]);
    expect(profileUpdateErrorKeys(null)).toEqual(['profile.updateError']);
  });
});
