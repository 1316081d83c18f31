import type { Sort } from '@kram/contract/catalog-rules';
import { useRouteLoaderData } from 'react-router';
import { defaultListing, type Fetcher, loadProducts } from '../features/catalog/catalog-api';
import { apiFetch } from '../lib/api';
import { translate } from '../lib/i18n';
import { apiContext } from '../lib/request-context';
import { absoluteUrl, pageMeta, rootMetaData } from '../lib/seo';
import type { loader as rootLoader } from '../root';
import { HomeView } from '../widgets/home/home-view';
import type { Route } from './+types/home';

/** The sliders: sort popular and sort new, page 1, 12 each (spec section 7). */
async function load(fetcher: Fetcher) {
  const slider = (sort: Extract<Sort, 'popular' | 'new'>) =>
    loadProducts(fetcher, { ...defaultListing, sort, page: 1, limit: 12 })
      .then((list) => list.results.products)
      .catch(() => []);
  const [popular, fresh] = await Promise.all([slider('popular'), slider('new')]);
  return { popular, fresh };
}

export async function loader({ context }: Route.LoaderArgs) {
  return load(context.get(apiContext));
}

/** Navigations in the browser call the API directly, with the shopper's token when there is one. */
export async function clientLoader() {
  return load(apiFetch);
}

export function meta({ matches }: Route.MetaArgs) {
  const { lng, messages, origin } = rootMetaData(matches);
  return pageMeta({
    title: translate(messages, 'meta.homeTitle'),
    description: translate(messages, 'meta.homeDescription'),
    canonical: absoluteUrl(origin, '/'),
    image: absoluteUrl(origin, '/images/banner-large.svg'),
    lng,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return <HomeView categories={root?.categories ?? []} popular={loaderData.popular} fresh={loaderData.fresh} />;
}
