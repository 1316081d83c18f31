import { Outlet } from 'react-router';
import type { AccountContext } from '../features/account/account-context';
import { AccountMenu } from '../features/account/account-menu';
import { useAccountGate } from '../features/account/use-account-gate';
import { useProfile } from '../features/account/use-profile';
import '../features/account/account.css';

export function meta() {
  return [{ name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * The account area's layout: the side menu beside the page. The server, which never sees the
 * session, sends a placeholder of the same frame; signed-in shoppers get the area after hydration,
 * anyone else is sent home without seeing it.
 */
export default function AccountLayout() {
  const granted = useAccountGate();
  const [profile, setProfile] = useProfile(granted);
  const context: AccountContext = { profile, setProfile };
  return (
    <div className="container page">
      {granted ? (
        <div className="account">
          <AccountMenu profile={profile.status === 'loaded' ? profile.profile : null} />
          <div className="account__content">
            <Outlet context={context} />
          </div>
        </div>
      ) : (
        <div className="account account__placeholder" aria-busy="true" data-testid="account-placeholder" />
      )}
    </div>
  );
}
