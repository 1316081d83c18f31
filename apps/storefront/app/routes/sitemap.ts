import { sitemap } from '@kram/contract/endpoints/shop';
import { loadCategories } from '../features/catalog/catalog-api';
import { walkCategories } from '../features/catalog/category-tree';
import { serverApi } from '../lib/api';
import { apiContext, siteContext } from '../lib/request-context';
import { categoryFileNames, pagesPerFile, sitemapIndex, xmlResponse } from '../lib/sitemap.server';
import type { Route } from './+types/sitemap';

/**
 * The sitemap index (decision 029): the information pages, the categories, and the products in files
 * of at most 50,000 addresses, each product file with its latest change.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context.get(apiContext));
  const { publicUrl } = context.get(siteContext);
  const [categories, summary] = await Promise.all([
    loadCategories(api),
    api.call(sitemap, { query: { per_file: pagesPerFile } }),
  ]);
  const categoryCount = [...walkCategories(categories)].length;
  return xmlResponse(
    sitemapIndex(publicUrl, [
      { name: 'pages.xml' },
      ...categoryFileNames(categoryCount).map((name) => ({ name })),
      ...summary.product_files.map((f) => ({ name: `products-${f.file}.xml`, lastmod: f.updated_at })),
    ]),
  );
}
