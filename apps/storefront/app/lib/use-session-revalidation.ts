import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { ignoreInterruption } from './interrupted';
import { useSession } from './session';

/**
 * The server renders the guest view. Once the browser knows the shopper is signed in (right after
 * hydration, or after signing in or out), the page's data is loaded again through the browser's
 * loaders, which carry the token: prices, price facets and price sorts appear in place.
 */
export function useSessionRevalidation(): void {
  const { signedIn } = useSession();
  const { revalidate } = useRevalidator();
  const seen = useRef(false);
  useEffect(() => {
    // The first render is the guest view in any case; a guest has nothing to reload.
    if (!seen.current) {
      seen.current = true;
      if (!signedIn) return;
    }
    // A navigation that starts meanwhile (the shopper clicks on at once) aborts the reload.
    ignoreInterruption(revalidate());
  }, [signedIn, revalidate]);
}
