import type { UserProfile } from '@kram/contract/accounts';
import { useEffect, useState } from 'react';
import { loadProfile } from './profile-api';

export type ProfileState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; profile: UserProfile };

/** The signed-in shopper's profile (GET /api/user-profile/), with a setter for what a save returns. */
export function useProfile(enabled: boolean): [ProfileState, (profile: UserProfile) => void] {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState({ status: 'loading' });
    loadProfile().then(
      (profile) => live && setState({ status: 'loaded', profile }),
      (error) => {
        console.warn('error loading profile', error);
        if (live) setState({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return [state, (profile) => setState({ status: 'loaded', profile })];
}
