import { sessionStorageKeys } from '@kram/contract/token-refresh';
import { useRef, useSyncExternalStore } from 'react';

/**
 * Browser storage under the spec's keys. Writes fire a `storage` event in this tab too (the browser
 * fires it only in the others), so every counter and list that reads a key follows along.
 */
export const storageKeys = {
  cart: 'cart',
  wishlist: 'wishlist',
  // The sign-in's keys are the back office's too: one sign-in, one refresh rule for both.
  ...sessionStorageKeys,
  orderData: 'orderData',
} as const;
export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

const hasWindow = () => typeof window !== 'undefined' && typeof window.localStorage !== 'undefined';

export function readString(key: StorageKey): string | null {
  if (!hasWindow()) return null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function announce(key: StorageKey): void {
  window.dispatchEvent(new StorageEvent('storage', { key, storageArea: window.localStorage }));
}

export function writeString(key: StorageKey, value: string | null): void {
  if (!hasWindow()) return;
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled (private mode): the page keeps working without persistence.
  }
  announce(key);
}

export function readJson<T>(key: StorageKey, fallback: T, isValid: (value: unknown) => value is T): T {
  const raw = readString(key);
  if (raw === null) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

// One window listener for every reader: a page of 100 product cards has some 500 of them (each
// heart reads the session and the wishlist), and hydrating it added as many listeners at once.
const listeners = new Map<StorageKey, Set<() => void>>();
let listening = false;

function dispatchStorage(event: StorageEvent): void {
  for (const [key, set] of listeners) {
    // key null: storage was cleared.
    if (event.key === key || event.key === null) for (const onChange of [...set]) onChange();
  }
}

export function subscribeToKey(key: StorageKey, onChange: () => void): () => void {
  if (!listening) {
    window.addEventListener('storage', dispatchStorage);
    listening = true;
  }
  const set = listeners.get(key) ?? new Set();
  listeners.set(key, set);
  set.add(onChange);
  return () => {
    set.delete(onChange);
  };
}

/**
 * Reads a stored value as a React value. The server and hydration see `guestValue`; the stored
 * value follows right after hydration, so what depends on storage never breaks hydration.
 */
export function useStoredValue<T>(key: StorageKey, parse: (raw: string | null) => T, guestValue: T): T {
  const cache = useCache<T>();
  return useSyncExternalStore(
    (onChange) => subscribeToKey(key, onChange),
    () => {
      const raw = readString(key);
      if (cache.raw !== raw || !cache.filled) {
        cache.raw = raw;
        cache.value = parse(raw);
        cache.filled = true;
      }
      return cache.value as T;
    },
    () => guestValue,
  );
}

// One parsed value per hook instance, so a snapshot is the same object until the raw string changes.

function useCache<T>() {
  return useRef<{ raw: string | null; value: T | undefined; filled: boolean }>({
    raw: null,
    value: undefined,
    filled: false,
  }).current;
}
