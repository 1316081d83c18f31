import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** What the catalogue tells about its work, for the metrics; each part is optional. */
export interface CatalogObserver {
  /** A cached read found its value (hit) or had to load it. */
  cacheRead?(hit: boolean): void;
  /** The search index was built (at start, or after the catalogue was replaced): its size and the time it took. */
  indexBuilt?(index: { documents: number; terms: number; seconds: number }): void;
  /** Written products were applied to the search index. */
  indexUpdated?(update: { products: number; seconds: number; documents: number }): void;
}

/** The catalogue cache's hits and misses, and the search index's size, builds and updates. */
export function catalogMetrics(registry: Registry): CatalogObserver {
  const registers = [registry];
  const hits = new Counter({
    name: 'kram_catalog_cache_hits_total',
    help: 'Catalogue reads answered from the cache.',
    registers,
  });
  const misses = new Counter({
    name: 'kram_catalog_cache_misses_total',
    help: 'Catalogue reads that loaded from the database.',
    registers,
  });
  const documents = new Gauge({
    name: 'kram_search_index_documents',
    help: 'Products in the in-memory search and listing index.',
    registers,
  });
  const terms = new Gauge({
    name: 'kram_search_index_terms',
    help: 'Distinct words in the search index.',
    registers,
  });
  const rebuilds = new Histogram({
    name: 'kram_search_index_rebuild_duration_seconds',
    help: 'Time to rebuild the search index (reading the catalogue and indexing it); _count is the rebuilds.',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const updates = new Histogram({
    name: 'kram_search_index_update_duration_seconds',
    help: 'Time to apply written products to the search index (reading them and replacing their entries); _count is the updates.',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers,
  });
  const updatedProducts = new Counter({
    name: 'kram_search_index_updated_products_total',
    help: 'Written products applied to the search index.',
    registers,
  });
  return {
    cacheRead: (hit) => (hit ? hits.inc() : misses.inc()),
    indexUpdated: (update) => {
      updates.observe(update.seconds);
      updatedProducts.inc(update.products);
      documents.set(update.documents);
    },
    indexBuilt: (index) => {
      documents.set(index.documents);
      terms.set(index.terms);
      rebuilds.observe(index.seconds);
    },
  };
}
