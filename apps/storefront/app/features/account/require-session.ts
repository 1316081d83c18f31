import { redirect } from 'react-router';
import { getAccessToken } from '../../lib/session';

/**
 * The account area is for signed-in shoppers only; anyone else is sent home (spec section 2). The
 * session lives in browser storage, so this runs in the browser's loaders: before anything of the
 * page is shown on a navigation, and right after hydration on a first load.
 */
export function requireSession(): void {
  if (!getAccessToken()) throw redirect('/');
}
