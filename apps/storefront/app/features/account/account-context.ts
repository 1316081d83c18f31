import type { UserProfile } from '@kram/contract/accounts';
import { useOutletContext } from 'react-router';

/** What the account area's layout gives its pages: the profile (null when it failed to load). */
export interface AccountContext {
  profile: UserProfile | null;
  setProfile: (profile: UserProfile) => void;
}

export const useAccount = () => useOutletContext<AccountContext>();
