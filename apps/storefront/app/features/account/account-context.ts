import type { UserProfile } from '@kram/contract/accounts';
import { useOutletContext } from 'react-router';
import type { ProfileState } from './use-profile';

/** What the account area's layout gives its pages: the profile's state and a setter for saves. */
export interface AccountContext {
  profile: ProfileState;
  setProfile: (profile: UserProfile) => void;
}

export const useAccount = () => useOutletContext<AccountContext>();
