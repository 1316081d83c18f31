import { languageOfPath } from '@kram/contract/language-paths';
import { useRouteLoaderData } from 'react-router';
import { about as ru, aboutCategories as ruCategories } from '../features/legal/content/ru/about';
import { about as uk, aboutCategories as ukCategories } from '../features/legal/content/uk/about';
import { translate } from '../lib/i18n';
import { absoluteUrl, pageMeta, rootMetaData } from '../lib/seo';
import type { loader as rootLoader } from '../root';
import { AboutView } from '../widgets/info-page/about-view';
import type { Route } from './+types/about';

/** The text in the visitor's language only: it is read on the server, so the browser loads neither version's module. */
export function loader({ url }: Route.LoaderArgs) {
  const ruLanguage = languageOfPath(url.pathname) === 'ru';
  return { doc: ruLanguage ? ru : uk, categoriesBlock: ruLanguage ? ruCategories : ukCategories };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { lng, messages, origin } = rootMetaData(matches);
  // No text when the loader failed: the error page keeps the page's name.
  if (!loaderData) return [{ title: translate(messages, 'breadcrumbs.about') }];
  return pageMeta({ ...loaderData.doc.meta, canonical: absoluteUrl(origin, '/about'), lng });
}

/** About the shop (spec "About page"); its categories are the catalogue's own, from the root loader. */
export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <AboutView doc={loaderData.doc} categoriesBlock={loaderData.categoriesBlock} categories={root?.categories ?? []} />
  );
}
