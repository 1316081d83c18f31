import { useSyncExternalStore } from 'react';

/** When the shopper pressed "I accept" on the privacy agreement, kept in this browser. */
export const privacyConsentKey = 'privacy_consent';

export function readPrivacyConsent(): Date | null {
  try {
    const raw = window.localStorage.getItem(privacyConsentKey);
    const date = raw ? new Date(raw) : null;
    return date && !Number.isNaN(date.getTime()) ? date : null;
  } catch {
    return null;
  }
}

export function savePrivacyConsent(at: Date): void {
  try {
    window.localStorage.setItem(privacyConsentKey, at.toISOString());
  } catch {
    // Storage disabled (private mode): the acceptance still shows for this visit.
  }
  window.dispatchEvent(new StorageEvent('storage', { key: privacyConsentKey }));
}

function subscribe(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === privacyConsentKey || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** The stored acceptance as an ISO string (a stable snapshot); null on the server and during hydration. */
export function usePrivacyConsent(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readPrivacyConsent()?.toISOString() ?? null,
    () => null,
  );
}
