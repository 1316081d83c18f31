import { languageOfPath } from '@kram/contract/language-paths';
import { useRouteLoaderData } from 'react-router';
import { returnTerms as ru } from '../features/legal/content/ru/return';
import { returnTerms as uk } from '../features/legal/content/uk/return';
import { translate } from '../lib/i18n';
import { absoluteUrl, pageMeta, rootMetaData } from '../lib/seo';
import type { loader as rootLoader } from '../root';
import { TextPageView } from '../widgets/info-page/text-page-view';
import type { Route } from './+types/return';

/** The text in the visitor's language only: it is read on the server, so the browser loads neither version's module. */
export function loader({ url }: Route.LoaderArgs) {
  return { doc: languageOfPath(url.pathname) === 'ru' ? ru : uk };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { lng, messages, origin } = rootMetaData(matches);
  // No text when the loader failed: the error page keeps the page's name.
  if (!loaderData) return [{ title: translate(messages, 'breadcrumbs.return') }];
  return pageMeta({ ...loaderData.doc.meta, canonical: absoluteUrl(origin, '/return'), lng });
}

/** Return terms (spec "Legal pages"). */
export default function ReturnPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return <TextPageView doc={loaderData.doc} categories={root?.categories ?? []} legal testId="return-page" />;
}
