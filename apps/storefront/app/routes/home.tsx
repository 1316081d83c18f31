import type { Sort } from '@kram/contract/catalog-rules';
import { languageOfPath } from '@kram/contract/language-paths';
import type { Language } from '@kram/contract/languages';
import { useRouteLoaderData } from 'react-router';
import { defaultListing, type Fetcher, loadProducts } from '../features/catalog/catalog-api';
import { loadHomeContent } from '../features/home/home-content';
import { api, serverApi } from '../lib/api';
import { translate } from '../lib/i18n';
import { apiContext } from '../lib/request-context';
import { absoluteUrl, pageMeta, rootMetaData } from '../lib/seo';
import { jsonLdMeta, shopLd } from '../lib/structured-data';
import type { loader as rootLoader } from '../root';
import { HomeView } from '../widgets/home/home-view';
import type { Route } from './+types/home';

/**
 * The banner, tiles and promo staff edit, in the page's language only; the sliders: sort popular and
 * sort new, page 1, 12 each (spec section 7). A slider that fails is left out; the content is the page.
 */
async function load(fetcher: Fetcher, lng: Language) {
  const slider = (sort: Extract<Sort, 'popular' | 'new'>) =>
    loadProducts(fetcher, { ...defaultListing, sort, page: 1, limit: 12 })
      .then((list) => list.results.products)
      .catch(() => []);
  const [content, popular, fresh] = await Promise.all([
    loadHomeContent(fetcher, lng),
    slider('popular'),
    slider('new'),
  ]);
  return { content, popular, fresh };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  return load(serverApi(context.get(apiContext)), languageOfPath(url.pathname));
}

/** Navigations in the browser call the API directly, with the shopper's token when there is one. */
export async function clientLoader({ url }: Route.ClientLoaderArgs) {
  return load(api, languageOfPath(url.pathname));
}

export function meta({ matches }: Route.MetaArgs) {
  const { lng, messages, origin } = rootMetaData(matches);
  const home = absoluteUrl(origin, '/');
  // The page's picture is the shop's own (the default), drawn for link previews: the banner is no fit.
  return [
    ...pageMeta({
      title: translate(messages, 'meta.homeTitle'),
      description: translate(messages, 'meta.homeDescription'),
      canonical: home,
      lng,
    }),
    ...jsonLdMeta(shopLd({ origin, lng })),
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <HomeView
      categories={root?.categories ?? []}
      content={loaderData.content}
      popular={loaderData.popular}
      fresh={loaderData.fresh}
    />
  );
}
