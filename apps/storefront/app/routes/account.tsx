import type { UserProfile } from '@kram/contract/accounts';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import type { AccountContext } from '../features/account/account-context';
import { AccountMenu } from '../features/account/account-menu';
import { loadProfile } from '../features/account/profile-api';
import { requireSession } from '../features/account/require-session';
import type { Route } from './+types/account';

/**
 * The account area's layout: only in the browser, where the session is. Guests are sent home before
 * anything is shown; the server sends the placeholder below.
 */
export async function clientLoader() {
  requireSession();
  try {
    return { profile: await loadProfile() };
  } catch (error) {
    // A session refused even after a refresh is cleared, and the revalidation that follows sends the visitor home.
    console.warn('error loading profile', error);
    return { profile: null };
  }
}

export function meta() {
  return [{ name: 'robots', content: 'noindex, nofollow' }];
}

/** The same frame as the page, so the signed-in view takes its place without a jump. */
export function HydrateFallback() {
  return (
    <div className="container page">
      <div className="account account__placeholder" aria-busy="true" />
    </div>
  );
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const [profile, setProfile] = useState<UserProfile | null>(loaderData.profile);
  useEffect(() => setProfile(loaderData.profile), [loaderData.profile]);
  const context: AccountContext = { profile, setProfile };
  return (
    <div className="container page">
      <div className="account">
        <AccountMenu profile={profile} />
        <div className="account__content">
          <Outlet context={context} />
        </div>
      </div>
    </div>
  );
}
