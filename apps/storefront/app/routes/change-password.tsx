import { languageOfPath, localizedPath } from '@kram/contract/language-paths';
import { useRef, useState } from 'react';
import { redirect } from 'react-router';
import { ChangePasswordForm } from '../features/auth/change-password-form';
import { PasswordChangedPopup } from '../features/auth/password-changed-popup';
import { translate, useT } from '../lib/i18n';
import { useLocalizedNavigate } from '../lib/localized-links';
import { absoluteUrl, privatePageMeta, rootMetaData } from '../lib/seo';
import { useScrollToTitle } from '../lib/use-scroll-to-title';
import type { Route } from './+types/change-password';
import '../features/auth/auth.css';

/** The reset mail's link: `/change-password?token=…&uid=…`. Without both, the visitor is sent home. */
export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get('token')?.trim();
  const uid = url.searchParams.get('uid')?.trim();
  if (!token || !uid) throw redirect(localizedPath('/', languageOfPath(url.pathname)));
  return { token, uid };
}

export function headers({ parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  // The token is in the address: no page this one links to may see it, and no cache may keep it.
  headers.set('Referrer-Policy', 'no-referrer');
  headers.set('Cache-Control', 'private, no-store');
  return headers;
}

export function meta({ matches }: Route.MetaArgs) {
  const { messages, origin, lng } = rootMetaData(matches);
  // The address without the mail's token: the page's own address in each language.
  return privatePageMeta({
    title: translate(messages, 'auth.reset.metaTitle'),
    description: translate(messages, 'meta.passwordDescription'),
    url: absoluteUrl(origin, '/change-password'),
    lng,
    robots: 'noindex',
  });
}

/** The password reset page (spec "Password reset page"): on success a popup whose closing goes home. */
export default function ChangePasswordPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigate = useLocalizedNavigate();
  const title = useRef<HTMLHeadingElement>(null);
  const [changed, setChanged] = useState(false);
  useScrollToTitle(title);
  return (
    <div className="container page change-password-page">
      <h1 ref={title} className="page-title" tabIndex={-1}>
        {t('auth.reset.title')}
      </h1>
      <p className="change-password-page__lead">{t('auth.reset.text')}</p>
      <ChangePasswordForm token={loaderData.token} uid={loaderData.uid} onChanged={() => setChanged(true)} />
      {changed && <PasswordChangedPopup onClose={() => navigate('/', { replace: true })} />}
    </div>
  );
}
