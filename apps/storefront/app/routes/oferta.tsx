import { languageOfPath } from '@kram/contract/language-paths';
import { useRouteLoaderData } from 'react-router';
import { oferta as ru } from '../features/legal/content/ru/oferta';
import { oferta as uk } from '../features/legal/content/uk/oferta';
import { translate } from '../lib/i18n';
import { absoluteUrl, pageMeta, rootMetaData } from '../lib/seo';
import type { loader as rootLoader } from '../root';
import { TextPageView } from '../widgets/info-page/text-page-view';
import type { Route } from './+types/oferta';

/** The text in the visitor's language only: it is read on the server, so the browser loads neither version's module. */
export function loader({ url }: Route.LoaderArgs) {
  return { doc: languageOfPath(url.pathname) === 'ru' ? ru : uk };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { lng, messages, origin } = rootMetaData(matches);
  // No text when the loader failed: the error page keeps the page's name.
  if (!loaderData) return [{ title: translate(messages, 'breadcrumbs.oferta') }];
  return pageMeta({ ...loaderData.doc.meta, canonical: absoluteUrl(origin, '/oferta'), lng });
}

/** The public offer (spec "Legal pages"): scrolls smoothly to its heading, ends with the call-centre links. */
export default function OfertaPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <TextPageView doc={loaderData.doc} categories={root?.categories ?? []} legal smoothScroll testId="oferta-page" />
  );
}
