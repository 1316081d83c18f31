import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { colorSwatchShape, imageStore, productPhotoShape } from '../../infra/media/image-upload.ts';
import type { CatalogObserver } from '../../infra/metrics/catalog-metrics.ts';
import type { RateLimiter } from '../../infra/rate-limit/rate-limiter.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import type { AuditLog } from '../audit/index.ts';
import { catalogRepository } from './catalog.repository.ts';
import { catalogRoutes, type SearchCounter } from './catalog.routes.ts';
import { catalogService } from './catalog.service.ts';
import { type ColorInsert, catalogWritesRepository } from './catalog-writes.repository.ts';
import { catalogWrite } from './catalog-writes.ts';
import { categoriesRepository } from './categories.repository.ts';
import { type CategoryDraft, categoriesService, importCategory } from './categories.service.ts';
import { colorsRepository } from './colors.repository.ts';
import { colorsService, importColors } from './colors.service.ts';
import { productImagesService } from './product-images.service.ts';
import { productLabels } from './product-labels.ts';
import { productsRepository } from './products.repository.ts';
import { type ProductInput, productsService, upsertProducts } from './products.service.ts';
import { salePrices } from './sale-prices.ts';
import { sizesRepository } from './sizes.repository.ts';
import { importSizes, sizesService } from './sizes.service.ts';
import { stockRoutes } from './stock.routes.ts';
import { type StockDeps, stockService } from './stock.service.ts';
import { synonymGroupsRepository } from './synonym-groups.repository.ts';
import { synonymGroupsService } from './synonym-groups.service.ts';

/** A whole catalogue written at once (the demo seed), in one transaction, with every rule of a staff change. */
export interface CatalogImporter {
  /** A category under `parentId` (null: the top level); answers its id. */
  addCategory(draft: CategoryDraft): Promise<number>;
  /** Sizes by name, written when missing; answers every name's id. */
  upsertSizes(rows: { name: string; position: number }[]): Promise<Map<string, number>>;
  /** Colours by name, written when missing; answers every name's id. */
  upsertColors(rows: ColorInsert[]): Promise<Map<string, number>>;
  /** Products by slug with their sizes, colours, compositions and photos; answers slug → id. */
  upsertProducts(inputs: readonly ProductInput[]): Promise<Map<string, number>>;
}

/**
 * The catalogue's bulk writes, for the demo seed and the command line: they need no staff member, no
 * audit log and no media folder, and keep the same rules as the back office's changes. `changed` is
 * told after each write (the app's cache; a command line has none).
 */
export function catalogImport(database: Database, changed: () => void = () => {}) {
  const write = catalogWrite(database, changed);
  const categories = categoriesRepository(database);
  const sizes = sizesRepository(database);
  const colors = colorsRepository(database);
  return {
    isEmpty: () => catalogWritesRepository.isEmpty(database.db),

    /** Removes the whole catalogue: products, categories, sizes, colours and what hangs off them. */
    clear: () => write((tx) => catalogWritesRepository.clear(tx)),

    /** Runs `work` in one transaction: all of it is written, or (a rule broken, a failure) none. */
    importCatalogue: <T>(work: (importer: CatalogImporter) => Promise<T>): Promise<T> =>
      write((tx) =>
        work({
          addCategory: (draft) => importCategory(categories, tx, draft),
          upsertSizes: (rows) => importSizes(sizes, tx, rows),
          upsertColors: (rows) => importColors(colors, tx, rows),
          upsertProducts: (inputs) => upsertProducts(tx, inputs),
        }),
      ),
  };
}

export type CatalogImport = ReturnType<typeof catalogImport>;

export interface CatalogChangesDeps {
  database: Database;
  /** Where each staff change is recorded, in the change's own transaction. */
  audit: AuditLog;
  /** Where product photos and colour swatches are kept (served under /media/). */
  mediaDir: string;
  log: FastifyBaseLogger;
  /** Told after each committed write: this process's catalogue cache. */
  changed: () => void;
}

/** What staff change in the catalogue: products and their photos, categories, sizes, colours, synonyms. */
export function catalogChanges({ database, audit, mediaDir, log, changed }: CatalogChangesDeps) {
  const write = catalogWrite(database, changed);
  const productDeps = {
    repo: productsRepository(database),
    write,
    audit,
    photos: imageStore(mediaDir, productPhotoShape),
    log,
  };
  const products = productsService(productDeps);
  return {
    products,
    productImages: productImagesService(productDeps, products.forgetFiles),
    categories: categoriesService({ repo: categoriesRepository(database), write, audit }),
    sizes: sizesService({ repo: sizesRepository(database), write, audit }),
    colors: colorsService({
      repo: colorsRepository(database),
      write,
      audit,
      swatches: imageStore(mediaDir, colorSwatchShape),
      log,
    }),
    synonyms: synonymGroupsService({ repo: synonymGroupsRepository(database), write, audit }),
  };
}

export interface CatalogModuleDeps extends Omit<CatalogChangesDeps, 'changed'> {
  /** Back-in-stock mails go to the outbox, with links to the storefront at `publicUrl`. */
  outbox: StockDeps['outbox'];
  publicUrl: string;
  limits: RateLimiter;
  /** How often the catalogue cache compares its version with the database's, in ms. */
  cacheCheckIntervalMs?: number;
  observer?: CatalogObserver;
  /** Told of each listing search (the search insights). */
  searched?: SearchCounter;
  /** Told once the warm-up has finished or failed: the process is ready for traffic. */
  warmed: () => void;
}

/**
 * The catalogue: its reads (the storefront's listings, products, categories and search; pricing for
 * orders; the sitemaps' addresses) and its writes, each keeping the catalogue's rules and telling this
 * process's cache. Its plugin serves the public catalogue API, warms what searches keep in memory, and
 * follows other processes' writes (PostgreSQL's NOTIFY on `kram_catalog`).
 */
export function catalogModule(deps: CatalogModuleDeps) {
  const { database, log } = deps;
  const reads = catalogService(catalogRepository(database), {
    cacheCheckIntervalMs: deps.cacheCheckIntervalMs,
    observer: deps.observer,
  });
  const changes = catalogChanges({ ...deps, changed: reads.cache.changed });
  const stock = stockService({
    database,
    audit: deps.audit,
    outbox: deps.outbox,
    publicUrl: deps.publicUrl,
    changed: reads.cache.changed,
  });

  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(catalogRoutes(reads, deps.searched), { prefix: '/api' });
    await app.register(stockRoutes(stock, deps.limits), { prefix: '/api' });
    app.addHook('onReady', async () => {
      // In the background: a large catalogue's search index takes a few seconds to build; the process is
      // ready for traffic once it is (or once building it failed: the first search then builds it).
      reads
        .warm()
        .catch((error) => log.warn({ err: error }, 'catalogue warm-up failed'))
        .finally(() => deps.warmed());
    });
    // Other processes' catalogue writes reach this one's search within moments (PostgreSQL's NOTIFY),
    // rather than at its next check of the catalogue version.
    if (database.listen) {
      const stop = database.listen('kram_catalog', () => reads.changedElsewhere());
      app.addHook('onClose', async () => stop());
    }
  };

  const labels = productLabels(database);
  const { cache: _cache, changedElsewhere: _changedElsewhere, warm: _warm, ...api } = reads;
  const module = {
    ...api,
    ...changes,
    /** How other modules' back-office lists name products (names and slug), by id. */
    productLabels: labels.labels,
    /** The ids of the products whose names or slug contain a text. */
    productIdsNamed: labels.idsNamed,
    /** Each product's parcel weight in kg, where one is set (shipping's cargo defaults). */
    productWeights: labels.weights,
    /** Scheduled sales set and restore prices through it, in catalogue writes. */
    salePrices: salePrices(database, reads.cache.changed),
    /**
     * Stock per variant: orders take and give back units through it (`reserve`, `settle`), the back
     * office counts, and shoppers wait for what is sold out.
     */
    stock,
    plugin,
  };
  return module satisfies ShopModule;
}

export type CatalogApi = Omit<ReturnType<typeof catalogModule>, 'plugin'>;
