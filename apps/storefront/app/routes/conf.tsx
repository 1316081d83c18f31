import { languageOfPath } from '@kram/contract/language-paths';
import { useRouteLoaderData } from 'react-router';
import { conf as ru } from '../features/legal/content/ru/conf';
import { conf as uk } from '../features/legal/content/uk/conf';
import { PrivacyConsent } from '../features/legal/privacy-consent';
import { translate } from '../lib/i18n';
import { absoluteUrl, pageMeta, rootMetaData } from '../lib/seo';
import type { loader as rootLoader } from '../root';
import { TextPageView } from '../widgets/info-page/text-page-view';
import type { Route } from './+types/conf';

/** The text in the visitor's language only: it is read on the server, so the browser loads neither version's module. */
export function loader({ url }: Route.LoaderArgs) {
  return { doc: languageOfPath(url.pathname) === 'ru' ? ru : uk };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { lng, messages, origin } = rootMetaData(matches);
  // No text when the loader failed: the error page keeps the page's name.
  if (!loaderData) return [{ title: translate(messages, 'breadcrumbs.conf') }];
  return pageMeta({ ...loaderData.doc.meta, canonical: absoluteUrl(origin, '/conf'), lng });
}

/** The privacy agreement (spec "Legal pages"), accepted with its button. */
export default function ConfPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <TextPageView doc={loaderData.doc} categories={root?.categories ?? []} legal testId="conf-page">
      <PrivacyConsent />
    </TextPageView>
  );
}
