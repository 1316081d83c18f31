import { accountMessages, type ProfileUpdateBody, type UserProfile } from '@kram/contract/accounts';
import * as shop from '@kram/contract/endpoints/shop';
import { api } from '../../lib/api';

export async function loadProfile(): Promise<UserProfile> {
  return api.call(shop.profile);
}

export async function updateProfile(changes: ProfileUpdateBody): Promise<UserProfile> {
  return api.call(shop.updateProfile, { body: changes });
}

function messagesOf(body: unknown, field: string): string[] {
  if (!body || typeof body !== 'object') return [];
  const value = (body as Record<string, unknown>)[field];
  return Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string') : [];
}

/**
 * What a refused profile update shows: a taken e-mail or telephone and the fields' own rules by their
 * keys, anything else as the general update error (spec section 8).
 */
export function profileUpdateErrorKeys(body: unknown): string[] {
  const keys = new Set<string>();
  for (const field of ['email', 'telephone'] as const) {
    for (const message of messagesOf(body, field)) {
      if (message === accountMessages.notUnique) keys.add(`validation.${field}_taken`);
      else if (message.startsWith('validation.')) keys.add(message);
    }
  }
  if (keys.size === 0 && currentPasswordErrorKey(body)) return [];
  return keys.size ? [...keys] : ['profile.updateError'];
}

/** The refusal of the password a new e-mail needs, shown under the password field. */
export function currentPasswordErrorKey(body: unknown): string | undefined {
  return messagesOf(body, 'current_password').find((message) => message.startsWith('validation.'));
}
