import { languageOfPath } from '@kram/contract/language-paths';
import { useRouteLoaderData } from 'react-router';
import type { CaptchaKind } from '../features/feedback/feedback-form';
import { company as ru } from '../features/legal/content/ru/company';
import { company as uk } from '../features/legal/content/uk/company';
import { translate } from '../lib/i18n';
import { siteContext } from '../lib/request-context';
import { absoluteUrl, pageMeta, rootMetaData } from '../lib/seo';
import type { loader as rootLoader } from '../root';
import { ContactsView } from '../widgets/info-page/contacts-view';
import type { Route } from './+types/contacts';

export function loader({ url, context }: Route.LoaderArgs) {
  const { recaptchaSiteKey } = context.get(siteContext);
  // With a reCAPTCHA site key the server checks Google's tokens; without one, our own proof of work.
  const captcha: CaptchaKind = recaptchaSiteKey ? { kind: 'recaptcha', siteKey: recaptchaSiteKey } : { kind: 'altcha' };
  return { company: languageOfPath(url.pathname) === 'ru' ? ru : uk, captcha };
}

export function meta({ matches }: Route.MetaArgs) {
  const { lng, messages, origin } = rootMetaData(matches);
  return pageMeta({
    title: translate(messages, 'contacts.metaTitle'),
    description: translate(messages, 'contacts.metaDescription'),
    canonical: absoluteUrl(origin, '/contacts'),
    lng,
  });
}

/** Contacts and the feedback form (spec "Contacts page"). */
export default function ContactsPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return <ContactsView company={loaderData.company} captcha={loaderData.captcha} categories={root?.categories ?? []} />;
}
