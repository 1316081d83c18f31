import { useSyncExternalStore } from 'react';

/** The spec's screen-size flags (section 3). */
export const mobileQuery = '(max-width: 768px)';

/** Matches a media query in the browser; `serverValue` on the server and during hydration. */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
