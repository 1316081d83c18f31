import { sitemapProducts } from '@kram/contract/endpoints/shop';
import type { SitemapProductPage } from '@kram/contract/sitemap';
import { loadCategories } from '../features/catalog/catalog-api';
import { walkCategories } from '../features/catalog/category-tree';
import { type ApiClient, ApiError, serverApi } from '../lib/api';
import { categoryPath, infoPages, productPath } from '../lib/paths';
import { apiContext, siteContext } from '../lib/request-context';
import {
  categoryFileNames,
  notFoundResponse,
  pagesPerFile,
  urlEntries,
  urlset,
  urlsetEnd,
  urlsetStart,
  xmlResponse,
} from '../lib/sitemap.server';
import type { Route } from './+types/sitemap-file';

/** One file of the sitemap (decision 029): pages.xml, categories.xml, products-N.xml. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const api = serverApi(context.get(apiContext));
  const { publicUrl } = context.get(siteContext);
  const name = params.file;
  if (name === 'pages.xml') {
    return xmlResponse(
      urlset(
        publicUrl,
        ['/', ...infoPages.map((page) => `/${page}`)].map((path) => ({ path })),
      ),
    );
  }
  if (/^categories(-\d+)?\.xml$/.test(name)) {
    const paths = [...walkCategories(await loadCategories(api))].map(({ slugs }) => categoryPath(slugs));
    const index = categoryFileNames(paths.length).indexOf(name);
    if (index < 0) return notFoundResponse();
    const pages = paths.slice(index * pagesPerFile, (index + 1) * pagesPerFile).map((path) => ({ path }));
    return xmlResponse(urlset(publicUrl, pages));
  }
  const file = /^products-([1-9]\d{0,5})\.xml$/.exec(name)?.[1];
  if (file) return productFile(api, publicUrl, Number(file));
  return notFoundResponse();
}

/**
 * A products file, written as its pages of 1,000 products arrive: memory holds one page, whatever
 * the catalogue's size. A file that holds no product is not found (a sitemap lists at least one).
 */
async function productFile(api: ApiClient, origin: string, file: number): Promise<Response> {
  const page = async (after: number) => api.call(sitemapProducts, { query: { file, per_file: pagesPerFile, after } });
  let first: SitemapProductPage;
  try {
    first = await page(0);
  } catch (error) {
    // A file number the API refuses (past the ids it can hold) names no file.
    if (error instanceof ApiError && error.status === 400) return notFoundResponse();
    throw error;
  }
  if (first.products.length === 0) return notFoundResponse();
  const encoder = new TextEncoder();
  const entries = (list: SitemapProductPage) =>
    encoder.encode(
      list.products
        .map((p) => urlEntries(origin, { path: productPath(p), lastmod: p.updated_at, images: p.images }))
        .join(''),
    );
  let next = first.next_after;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(urlsetStart));
      controller.enqueue(entries(first));
    },
    async pull(controller) {
      if (next === null) {
        controller.enqueue(encoder.encode(urlsetEnd));
        controller.close();
        return;
      }
      const more = await page(next);
      next = more.next_after;
      controller.enqueue(entries(more));
    },
  });
  return xmlResponse(body);
}
