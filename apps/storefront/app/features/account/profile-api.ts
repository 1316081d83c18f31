import type { ProfileUpdateBody, UserProfile } from '@kram/contract/accounts';
import * as shop from '@kram/contract/endpoints/shop';
import { api } from '../../lib/api';
import { codesOf, type Failure, validationKeyOf } from '../../lib/failure';

export async function loadProfile(): Promise<UserProfile> {
  return api.call(shop.profile);
}

export async function updateProfile(changes: ProfileUpdateBody): Promise<UserProfile> {
  return api.call(shop.updateProfile, { body: changes });
}

/**
 * What a refused profile update shows: a taken e-mail or telephone and the fields' own rules by their
 * keys, anything else as the general update error (spec section 8).
 */
export function profileUpdateErrorKeys(failure: Failure | null): string[] {
  const keys = new Set<string>();
  for (const field of ['email', 'telephone'] as const) {
    for (const code of codesOf(failure, field)) {
      const key = code === 'account.not_unique' ? `validation.${field}_taken` : validationKeyOf(code);
      if (key) keys.add(key);
    }
  }
  if (keys.size === 0 && currentPasswordErrorKey(failure)) return [];
  return keys.size ? [...keys] : ['profile.updateError'];
}

/** The refusal of the password a new e-mail needs, shown under the password field. */
export function currentPasswordErrorKey(failure: Failure | null): string | undefined {
  return codesOf(failure, 'current_password').map(validationKeyOf).find(Boolean);
}
