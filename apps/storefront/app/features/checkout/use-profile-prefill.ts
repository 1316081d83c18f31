import type { UserProfile } from '@kram/contract/accounts';
import { profile } from '@kram/contract/endpoints/shop';
import { useEffect } from 'react';
import { api } from '../../lib/api';

/**
 * A signed-in shopper's name, e-mail and phone come from the profile, into the fields still empty,
 * so the form is typed once. Nothing is lost when the profile cannot be read: the fields stay empty.
 */
export function useProfilePrefill(signedIn: boolean, fill: (profile: UserProfile) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per sign-in; `fill` only writes empty fields.
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    api
      .call(profile, { signal: controller.signal })
      .then(fill)
      .catch(() => {
        // Signed out meanwhile, or the profile is unavailable: the shopper types the fields.
      });
    return () => controller.abort();
  }, [signedIn]);
}
