import { sessionStorageKeys } from '@kram/contract/token-refresh';

/**
 * The signed-in account in browser storage, under the storefront's keys (both take them from the
 * contract's token-refresh rule): a member of staff signed in on the shop is signed in here too, and
 * signing out here signs out there.
 */
export const storageKeys = sessionStorageKeys;

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

function read(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled (private mode): the session lasts as long as the page.
  }
}

export const getAccessToken = (): string | null => read(storageKeys.access);
export const getRefreshToken = (): string | null => read(storageKeys.refresh);

export interface Permissions {
  isStaff: boolean;
  isSuperuser: boolean;
}

/** The flags the sign-in answered, stored as the strings 'true' / 'false' (spec section 3). */
export function getPermissions(): Permissions {
  return { isStaff: read(storageKeys.isStaff) === 'true', isSuperuser: read(storageKeys.isSuperuser) === 'true' };
}

export const hasBackOfficeAccess = (permissions: Permissions): boolean =>
  permissions.isStaff || permissions.isSuperuser;

/** Whether a member of staff is signed in here: an access token, and the flags that allow the back office. */
export const hasBackOfficeSession = (): boolean => Boolean(getAccessToken()) && hasBackOfficeAccess(getPermissions());

const sessionListeners = new Set<() => void>();

/**
 * Calls `listener` when this page signs in or out, or another tab of the shop changes the stored
 * session; returns the unsubscribe function (the shape `useSyncExternalStore` takes).
 */
export function subscribeToSession(listener: () => void): () => void {
  sessionListeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    sessionListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function sessionChanged(): void {
  for (const listener of sessionListeners) listener();
}

export function saveSession(tokens: { access: string; refresh: string; is_staff: boolean; is_superuser: boolean }) {
  write(storageKeys.refresh, tokens.refresh);
  write(storageKeys.isStaff, tokens.is_staff ? 'true' : 'false');
  write(storageKeys.isSuperuser, tokens.is_superuser ? 'true' : 'false');
  write(storageKeys.access, tokens.access);
  sessionChanged();
}

export function saveRefreshedTokens(tokens: { access: string; refresh?: string }) {
  if (tokens.refresh) write(storageKeys.refresh, tokens.refresh);
  write(storageKeys.access, tokens.access);
}

/** Signs out: the tokens and both flags go, as on the storefront's logout. */
export function clearSession(): void {
  write(storageKeys.refresh, null);
  write(storageKeys.isStaff, null);
  write(storageKeys.isSuperuser, null);
  write(storageKeys.access, null);
  sessionChanged();
}
