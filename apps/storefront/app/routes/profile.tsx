import { useRef } from 'react';
import { useAccount } from '../features/account/account-context';
import { ProfileDetails } from '../features/account/profile-details';
import { translate, useT } from '../lib/i18n';
import { absoluteUrl, privatePageMeta, rootMetaData } from '../lib/seo';
import { useScrollToTitle } from '../lib/use-scroll-to-title';
import type { Route } from './+types/profile';
import '../features/account/account.css';

export function meta({ matches }: Route.MetaArgs) {
  const { messages, origin, lng } = rootMetaData(matches);
  return privatePageMeta({
    title: translate(messages, 'profile.metaTitle'),
    description: translate(messages, 'meta.accountDescription'),
    url: absoluteUrl(origin, '/profile'),
    lng,
    robots: 'noindex, nofollow',
  });
}

/** Profile: full name, e-mail and phone with an Edit/Save toggle (spec "Account area"). */
export default function ProfilePage() {
  const t = useT();
  const { profile, setProfile } = useAccount();
  const title = useRef<HTMLHeadingElement>(null);
  useScrollToTitle(title);
  return (
    <>
      <h1 ref={title} className="page-title" tabIndex={-1}>
        {t('profile.title')}
      </h1>
      {profile.status === 'loading' ? (
        <div className="account__loading" aria-busy="true" />
      ) : profile.status === 'error' ? (
        <p role="alert" data-testid="profile-error">
          {t('error_profile')}
        </p>
      ) : (
        <ProfileDetails profile={profile.profile} onSaved={setProfile} />
      )}
    </>
  );
}
