/**
 * The catalogue: products, categories, sizes, colours and search synonyms, with their rules, their
 * cache and their search. Other modules read it through `CatalogApi` (pricing, wishlists, ratings,
 * sharing pictures, sitemaps); the back office changes it through the same API; the demo seed and the
 * command line write a whole catalogue through `catalogImport`, under the same rules.
 */
export type { CatalogObserver } from '../../infra/metrics/catalog-metrics.ts';
export type { ProductAddress, ProductAddressFile } from './catalog.repository.ts';
export type { SearchCounter } from './catalog.routes.ts';
export type { CatalogService } from './catalog.service.ts';
export {
  type CatalogApi,
  type CatalogImport,
  type CatalogImporter,
  type CatalogModuleDeps,
  catalogImport,
  catalogModule,
} from './catalog-module.ts';
export type { ColorInsert } from './catalog-writes.repository.ts';
export type { CategoryDraft } from './categories.service.ts';
export { lowStockJob } from './low-stock-job.ts';
export type { ProductInput } from './products.service.ts';
export type { PriceTargets, ProductPrice, Repricing, SalePrices } from './sale-prices.ts';
export type { OrderHolding, StockService } from './stock.service.ts';
