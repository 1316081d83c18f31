import type { ProductList } from '@kram/contract/catalog';
import { loadCategories } from '../features/catalog/catalog-api';
import { walkCategories } from '../features/catalog/category-tree';
import { readJson } from '../lib/api';
import { infoPages, productPath } from '../lib/paths';
import { apiContext, siteContext } from '../lib/request-context';
import type { Route } from './+types/sitemap';

/** Sitemaps hold at most 50,000 addresses; a bigger catalogue would need an index of several. */
const maxProducts = 45_000;
const pageSize = 100;

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** Home, the information pages, every category and every product. */
export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const { publicUrl } = context.get(siteContext);
  const paths: string[] = ['/', ...infoPages.map((page) => `/${page}`)];
  for (const { slugs } of walkCategories(await loadCategories(api))) paths.push(`/category/${slugs.join('/')}`);
  for (let page = 1; (page - 1) * pageSize < maxProducts; page++) {
    const list = await readJson<ProductList>(await api(`/api/products?page=${page}&limit=${pageSize}`));
    for (const product of list.results.products) paths.push(productPath(product));
    if (page * pageSize >= list.count) break;
  }
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `<url><loc>${escapeXml(publicUrl + p)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
