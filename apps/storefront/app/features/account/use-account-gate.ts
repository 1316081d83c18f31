import { useEffect } from 'react';
import { ignoreInterruption } from '../../lib/interrupted';
import { useLocalizedNavigate } from '../../lib/localized-links';
import { getAccessToken, useSession } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * The account area is for signed-in shoppers only; anyone else is sent home (spec section 2). The
 * session lives in browser storage, so the server renders the area's placeholder and the browser
 * decides right after hydration: nothing of the area is shown before it has. A session that ends
 * later (logout, a refused refresh) leaves the area the same way. True once the area may be shown.
 */
export function useAccountGate(): boolean {
  const hydrated = useHydrated();
  const { signedIn } = useSession();
  const navigate = useLocalizedNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks again whenever the session changes.
  useEffect(() => {
    // Storage is read here, after hydration, rather than trusting a render that may still be the guest view.
    if (hydrated && !getAccessToken()) ignoreInterruption(navigate('/', { replace: true }));
  }, [hydrated, signedIn, navigate]);
  return hydrated && signedIn;
}
