import { languageOfPath } from '@kram/contract/language-paths';
import { useRouteLoaderData } from 'react-router';
import { delivery as ru } from '../features/legal/content/ru/delivery';
import { delivery as uk } from '../features/legal/content/uk/delivery';
import { translate } from '../lib/i18n';
import { absoluteUrl, pageMeta, rootMetaData } from '../lib/seo';
import type { loader as rootLoader } from '../root';
import { TextPageView } from '../widgets/info-page/text-page-view';
import type { Route } from './+types/delivery';

/** The text in the visitor's language only: it is read on the server, so the browser loads neither version's module. */
export function loader({ url }: Route.LoaderArgs) {
  return { doc: languageOfPath(url.pathname) === 'ru' ? ru : uk };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { lng, messages, origin } = rootMetaData(matches);
  // No text when the loader failed: the error page keeps the page's name.
  if (!loaderData) return [{ title: translate(messages, 'breadcrumbs.delivery') }];
  return pageMeta({ ...loaderData.doc.meta, canonical: absoluteUrl(origin, '/delivery'), lng });
}

/** Delivery and payment (spec "Delivery page"), with drawn banners. */
export default function DeliveryPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return <TextPageView doc={loaderData.doc} categories={root?.categories ?? []} testId="delivery-page" />;
}
