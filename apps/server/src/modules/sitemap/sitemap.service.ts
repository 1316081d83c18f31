import type { SitemapProductPage, SitemapSummary } from '@kram/contract/sitemap';
import type { CatalogApi } from '../catalog/index.ts';

/** The sitemaps' products, read from the catalogue's addresses (never whole products). */
export function sitemapService(catalog: Pick<CatalogApi, 'productAddressFiles' | 'productAddresses'>) {
  return {
    /** The files that hold products; files whose ids are all gone are left out. */
    async summary(perFile: number): Promise<SitemapSummary> {
      const files = await catalog.productAddressFiles(perFile);
      return {
        per_file: perFile,
        product_files: files.map((f) => ({ file: f.file, count: f.count, updated_at: f.updatedAt.toISOString() })),
      };
    },

    /** A page of a file: at most `limit` products after the id `after`, and where the next page starts. */
    async page(query: { file: number; per_file: number; after: number; limit: number }): Promise<SitemapProductPage> {
      const products = await catalog.productAddresses(query.file, query.per_file, query.after, query.limit);
      const last = products.at(-1);
      return {
        products: products.map((p) => ({
          id: p.id,
          slug: p.slug,
          category_full_path: p.categoryPath,
          updated_at: p.updatedAt.toISOString(),
          images: p.images,
        })),
        // A full page may have more after it, unless it reached the file's last id.
        next_after: last && products.length === query.limit && last.id < query.file * query.per_file ? last.id : null,
      };
    },
  };
}

export type SitemapService = ReturnType<typeof sitemapService>;
