import { Icon } from '../../components/icon';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/localized-links';
import { useSession } from '../../lib/session';
import { openAuth } from './auth-modal-state';

/** Sign in for guests, a link to the profile once signed in (spec "Header"). */
export function SignInButton() {
  const t = useT();
  const { signedIn } = useSession();
  if (signedIn) {
    return (
      <Link to="/profile" className="header-action" aria-label={t('header.profile')} data-testid="profile-link">
        <Icon name="user" />
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="header-action"
      onClick={() => openAuth()}
      aria-label={t('header.signIn')}
      data-testid="sign-in"
    >
      <Icon name="user" />
    </button>
  );
}
