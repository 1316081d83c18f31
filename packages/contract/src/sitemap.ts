import { z } from 'zod';
import { badRequestError } from './common.ts';

/**
 * What the storefront's sitemaps read (decision 029). Products are grouped into files by id: file N
 * holds the ids from (N − 1) × per_file + 1 to N × per_file, so a product stays in its file while
 * others come and go, and no answer holds more than one page of a file.
 */
export const sitemapLimits = { perFile: { min: 100, max: 50_000, default: 25_000 }, pageSize: 1_000 } as const;

const integer = (min: number, max: number) =>
  z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(min, `Ensure this value is at least ${min}.`)
    .max(max, `Ensure this value is at most ${max}.`);

const perFile = integer(sitemapLimits.perFile.min, sitemapLimits.perFile.max).default(sitemapLimits.perFile.default);

export const sitemapSummaryQuery = z.object({ per_file: perFile });

export const sitemapFile = z.object({
  file: z.number().int(),
  /** How many products the file holds. */
  count: z.number().int(),
  /** When the file's most recently changed product changed. */
  updated_at: z.iso.datetime({ offset: true }),
});

export const sitemapSummary = z
  .object({ per_file: z.number().int(), product_files: z.array(sitemapFile) })
  .meta({ id: 'SitemapSummary' });
export type SitemapSummary = z.infer<typeof sitemapSummary>;

export const sitemapProductsQuery = z.object({
  file: integer(1, 1_000_000),
  per_file: perFile,
  /** The last id of the previous page; 0 for the first. */
  after: integer(0, Number.MAX_SAFE_INTEGER).default(0),
  limit: integer(1, sitemapLimits.pageSize).default(sitemapLimits.pageSize),
});

export const sitemapProduct = z.object({
  id: z.number().int(),
  slug: z.string(),
  category_full_path: z.string(),
  updated_at: z.iso.datetime({ offset: true }),
  /** The large image of each photo, under /media/, in the product's order. */
  images: z.array(z.string()),
});
export type SitemapProduct = z.infer<typeof sitemapProduct>;

export const sitemapProductPage = z
  .object({
    products: z.array(sitemapProduct),
    /** The `after` of the next page of the file; null after its last. */
    next_after: z.number().int().nullable(),
  })
  .meta({ id: 'SitemapProductPage' });
export type SitemapProductPage = z.infer<typeof sitemapProductPage>;

export const sitemapErrors = { 400: badRequestError };
