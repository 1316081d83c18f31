import { readString, storageKeys, useStoredValue, writeString } from './storage';

export interface Session {
  signedIn: boolean;
  isStaff: boolean;
  isSuperuser: boolean;
}

const guest: Session = { signedIn: false, isStaff: false, isSuperuser: false };

export function getAccessToken(): string | null {
  return readString(storageKeys.access);
}

export function getRefreshToken(): string | null {
  return readString(storageKeys.refresh);
}

export function saveSession(tokens: { access: string; refresh: string; is_staff: boolean; is_superuser: boolean }) {
  writeString(storageKeys.refresh, tokens.refresh);
  // Flags are stored as the string 'true' (spec section 3).
  writeString(storageKeys.isStaff, tokens.is_staff ? 'true' : 'false');
  writeString(storageKeys.isSuperuser, tokens.is_superuser ? 'true' : 'false');
  writeString(storageKeys.access, tokens.access);
}

export function saveRefreshedTokens(tokens: { access: string; refresh?: string }) {
  if (tokens.refresh) writeString(storageKeys.refresh, tokens.refresh);
  writeString(storageKeys.access, tokens.access);
}

/**
 * Logout clears the access token and the flags (spec section 4); the refresh token goes too, so a
 * signed-out browser keeps nothing that could sign it back in.
 */
export function clearSession(): void {
  writeString(storageKeys.refresh, null);
  writeString(storageKeys.isStaff, null);
  writeString(storageKeys.isSuperuser, null);
  writeString(storageKeys.access, null);
}

/** The guest view on the server and during hydration; the stored session right after. */
export function useSession(): Session {
  const signedIn = useStoredValue(storageKeys.access, (raw) => Boolean(raw), false);
  const isStaff = useStoredValue(storageKeys.isStaff, (raw) => raw === 'true', false);
  const isSuperuser = useStoredValue(storageKeys.isSuperuser, (raw) => raw === 'true', false);
  if (!signedIn) return guest;
  return { signedIn, isStaff, isSuperuser };
}
