import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/** False on the server and during hydration, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

let documentHydrated = false;

/** Called once, by the root, when the server's document has been hydrated. */
export function markDocumentHydrated(): void {
  documentHydrated = true;
}

/**
 * Whether what renders now is the server's document being hydrated (false) or a render of the
 * browser's own afterwards (true); always false on the server. Unlike `useHydrated`, reading it
 * schedules no render of its own: it is for a component's first state.
 */
export function isDocumentHydrated(): boolean {
  return documentHydrated;
}
