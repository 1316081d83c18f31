import {
  type CategoryAtPath,
  type CategoryNode,
  type Color,
  maxCategoryDepth,
  type Product,
  type ProductColor,
  type ProductList,
  type ProductListQuery,
  type ProductSize,
  priceSorts,
  type Size,
  type Suggestions,
  suggestLimits,
} from '@kram/contract/catalog';
import { moneyBound } from '@kram/contract/money';
import { variantUrls } from '../../infra/media/variants.ts';
import type { CatalogObserver } from '../../infra/metrics/catalog-metrics.ts';
import { noMatch } from '../../lib/domain-errors.ts';
import { deepFreeze } from '../../lib/json.ts';
import type { Viewer } from '../accounts/index.ts';
import type { CatalogRepository, ProductRow, SizeRow } from './catalog.repository.ts';
import { versionedCache } from './catalog-cache.ts';
import { buildCategoryIndex } from './category-index.ts';
import type { ListingFilter } from './listing-index.ts';
import type { SearchIndex } from './search-index.ts';
import { type SearchPlan, searchReading } from './search-plan.ts';
import { searchState } from './search-state.ts';
import { SynonymMap } from './search-synonyms.ts';
import { searchKey, searchWords } from './search-text.ts';

interface ListingRows {
  count: number;
  products: ProductRow[];
  colors: Color[];
  minPrice: string | null;
  maxPrice: string | null;
  /** What was searched for when it is not what was typed (search-plan.ts `searchReading`). */
  reading: string | null;
}

const emptyListing: ListingRows = {
  count: 0,
  products: [],
  colors: [],
  minPrice: null,
  maxPrice: null,
  reading: null,
};

/** Products kept as read for pages (a page's twelve products need no query); dropped as they are written. */
const maxCachedProducts = 20_000;

export function catalogService(
  repo: CatalogRepository,
  options: { cacheCheckIntervalMs?: number; observer?: CatalogObserver } = {},
) {
  const { observer } = options;
  const search = searchState(repo, observer);
  const rows = productRows(repo);
  const cache = versionedCache(repo.version, {
    checkIntervalMs: options.cacheCheckIntervalMs ?? 1000,
    onRead: observer?.cacheRead && ((hit) => observer.cacheRead?.(hit)),
    // The index and the products kept follow the change log; cached pages are dropped after.
    onChange: async () => {
      const synced = await search.sync();
      if (synced.names || synced.rebuilt) rows.clear();
      else rows.forget(synced.products);
    },
  });
  const categories = () => cache.derived('categories', async () => buildCategoryIndex(await repo.categories()));
  const searchIndex = async () => {
    await cache.ensureFresh();
    return search.index();
  };
  // Synonym edits bump the catalogue version (a trigger), so the map follows them like the vocabulary.
  const synonyms = () => cache.derived('synonyms', async () => new SynonymMap(await repo.synonymGroups()));
  const names = () =>
    cache.derived('names', async () => {
      const [colors, sizes] = await Promise.all([repo.colors(), repo.sizes()]);
      return new SizeAndColourNames(sizes, colors);
    });

  async function loadListing(q: ProductListQuery): Promise<ListingRows> {
    const filter: ListingFilter = { inStock: q.in_stock };
    if (q.category_slug !== undefined) {
      const ids = (await categories()).subtreeIds(q.category_slug);
      // An unknown category is an empty catalogue page, as the storefront shows it.
      if (!ids) return emptyListing;
      filter.categoryIds = ids;
    }
    if (q.size) filter.sizeIds = q.size;
    if (q.color) filter.colorIds = q.color;
    if (q.min_price !== undefined) filter.minPrice = moneyBound(q.min_price, 'min');
    if (q.max_price !== undefined) filter.maxPrice = moneyBound(q.max_price, 'max');

    const [index, groups] = await Promise.all([searchIndex(), synonyms()]);
    const pageOf = (plan: SearchPlan | null) =>
      index.listing.page({ plan, filter, sort: q.sort, limit: q.limit, offset: (q.page - 1) * q.limit });
    let page: ReturnType<typeof pageOf> | undefined;
    let reading: string | null = null;
    let plan: SearchPlan | null = null;
    if (q.search !== undefined) {
      const planned = planSearch(index, groups, q.search, q.exact);
      if (planned.typed.variants.length === 0) return emptyListing;
      // A reading is told only over its own results: the list searching it shows, same count, same order.
      if (planned.reading) {
        const read = pageOf(planned.reading.plan);
        if (read.count > 0) {
          page = read;
          reading = planned.reading.text;
        }
      }
      plan = planned.typed;
    }
    page ??= pageOf(plan);
    const [products, named] = await Promise.all([rows.read(page.ids), names()]);
    return {
      count: page.count,
      products,
      colors: page.colorIds.flatMap((id) => named.colors.get(id) ?? []).sort((a, b) => a.id - b.id),
      minPrice: page.minPrice,
      maxPrice: page.maxPrice,
      reading,
    };
  }

  return {
    cache,

    /** Another process wrote to the catalogue: catch up now rather than at the next version check. */
    changedElsewhere(): void {
      cache.changed();
      cache.ensureFresh().catch(() => {
        // The next read checks again and reports what fails.
      });
    },

    /** Builds what searches and listings keep in memory, so the first shopper does not wait for it. */
    async warm(): Promise<void> {
      await Promise.all([categories(), searchIndex(), synonyms(), names()]);
    },

    async categoryTree(): Promise<CategoryNode[]> {
      return (await categories()).tree;
    },

    async listProducts(query: ProductListQuery, viewer: Viewer | null): Promise<ProductList> {
      // Guests never see prices, so price filters and price sorts do nothing for them.
      const q: ProductListQuery = viewer
        ? query
        : {
            ...query,
            min_price: undefined,
            max_price: undefined,
            sort: priceSorts.includes(query.sort) ? 'default' : query.sort,
          };
      const key = JSON.stringify(q);
      const showPrices = viewer !== null;
      // Both views of a page are built once and frozen, so their JSON is reused too (lib/json.ts).
      return cache.memo(`${showPrices ? 'priced' : 'guest'}:${key}`, async () => {
        const [listing, named] = await Promise.all([cache.memo(key, () => loadListing(q)), names()]);
        return deepFreeze({
          count: listing.count,
          results: {
            products: listing.products.map((p) => toProduct(p, showPrices, named)),
            available_colors: listing.colors,
            min_price: showPrices ? listing.minPrice : null,
            max_price: showPrices ? listing.maxPrice : null,
          },
          ...(listing.reading ? { search_reading: listing.reading } : {}),
        });
      });
    },

    async product(slug: string, viewer: Viewer | null): Promise<Product> {
      const showPrices = viewer !== null;
      const product = await cache.memo(`product:${showPrices}:${slug}`, async () => {
        const [row, named] = await Promise.all([
          cache.memo(`product:${slug}`, () => repo.productBySlug(slug)),
          names(),
        ]);
        return row ? deepFreeze(toProduct(row, showPrices, named)) : undefined;
      });
      if (!product) {
        // A slug the product held before a rename says where it is now (the storefront's 301).
        const moved = await cache.memo(`product-moved:${slug}`, () => repo.productMovedTo(slug));
        throw noMatch('Product', moved && { ...moved });
      }
      return product;
    },

    /**
     * The category at a storefront path (`odyag/verkhnii-odyag/kurtky`). A path it had before a
     * rename (of its slug or of one above it; any number of renames ago) is a 404 saying where it is
     * now: each segment is a slug the category at that level holds or held. Anything else is a 404.
     */
    async categoryAt(path: string): Promise<CategoryAtPath> {
      const segments = path.split('/').filter(Boolean);
      const index = await categories();
      const notFound = (movedTo?: { slug: string; path: string }) => noMatch('Category', movedTo);
      const last = segments.at(-1);
      if (!last || segments.length > maxCategoryDepth) throw notFound();
      const current = index.bySlug.get(last);
      if (current && current.path === segments.join('/')) {
        return { id: current.id, slug: current.slug, name: current.name, name_ru: current.name_ru, path: current.path };
      }
      const old = await cache.memo(`category-moved:${segments.join('/')}`, () => repo.categoryOldSlugs(segments));
      const oldHolder = old.get(last);
      const target = current ?? (oldHolder === undefined ? undefined : index.byId.get(oldHolder));
      if (!target) throw notFound();
      // The categories from the top down to it, as its path names them (slugs are unique).
      const chain = target.path.split('/').map((slug) => index.bySlug.get(slug));
      const matches =
        chain.length === segments.length &&
        chain.every(
          (category, i) =>
            category !== undefined && (segments[i] === category.slug || old.get(segments[i] as string) === category.id),
        );
      throw matches ? notFound({ slug: target.slug, path: target.path }) : notFound();
    },

    /** Full products in the order of `ids`; ids of products that no longer exist are skipped. */
    async productsByIds(ids: readonly number[], viewer: Viewer | null): Promise<Product[]> {
      const [rows, named] = await Promise.all([repo.products(ids), names()]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toProduct(row, viewer !== null, named)] : [];
      });
    },

    /**
     * Products with their prices, for pricing an order: the shop's own read, whoever orders (the
     * catalogue hides prices from guests, an order is priced all the same). Read fresh, never cached.
     */
    async productsForPricing(ids: readonly number[]): Promise<Product[]> {
      const [rows, named] = await Promise.all([repo.products(ids), names()]);
      return rows.map((row) => toProduct(row, true, named));
    },

    /**
     * The sitemaps' files of products (`perFile` ids each): how many products each holds and their
     * latest change. Read fresh, never cached.
     */
    productAddressFiles: (perFile: number) => repo.addressFiles(perFile),

    /** One page of a sitemap file's product addresses in id order, after the id `after`. */
    productAddresses: (file: number, perFile: number, after: number, limit: number) =>
      repo.addressPage(file, perFile, after, limit),

    async productExists(id: number): Promise<boolean> {
      return (await repo.existingIds([id])).length === 1;
    },

    async suggest(text: string): Promise<Suggestions> {
      if (text === '') return { products: [], categories: [] };
      return cache.memo(`suggest:${text}`, async () => {
        const [index, groups] = await Promise.all([searchIndex(), synonyms()]);
        const planned = planSearch(index, groups, text, false);
        if (planned.typed.variants.length === 0) return { products: [], categories: [] };
        const tree = await categories();
        // As in listings: suggestions under a reading are the reading's own.
        let plan = planned.typed;
        let reading: string | null = null;
        let products = planned.reading ? index.listing.suggest(planned.reading.plan, suggestLimits.products) : [];
        if (planned.reading && products.length > 0) {
          plan = planned.reading.plan;
          reading = planned.reading.text;
        } else {
          products = index.listing.suggest(plan, suggestLimits.products);
        }
        return {
          products,
          categories: matchCategories(tree.rows, plan.variants),
          ...(reading ? { search_reading: reading } : {}),
        };
      });
    },
  };
}

export type CatalogService = ReturnType<typeof catalogService>;

/**
 * What a search runs. The query as typed is planned first; when the shop reads it otherwise (a typo,
 * another keyboard layout, a transliteration: search-plan.ts `searchReading`), the reading is planned
 * on its own, as if the shopper had typed it, and that is what runs, so the results shown under
 * "results for «reading»" are exactly those of searching the reading. `exact` searches what was
 * typed, with nothing read otherwise.
 */
function planSearch(
  index: SearchIndex,
  groups: SynonymMap,
  text: string,
  exact: boolean | undefined,
): { typed: SearchPlan; reading: { text: string; plan: SearchPlan } | null } {
  const typed = index.plan(text, groups, { exact });
  if (exact || typed.variants.length === 0) return { typed, reading: null };
  const reading = searchReading(
    typed,
    text,
    (key) => index.listing.spelling(key),
    (word) => index.listing.speltCount(word) > 0,
  );
  if (reading === null) return { typed, reading: null };
  const plan = index.plan(reading, groups);
  return { typed, reading: plan.variants.length > 0 ? { text: reading, plan } : null };
}

/**
 * Products as read for listing pages, kept by id so that a page of products already seen needs no
 * query. Entries are dropped when the change log names their product (or all of them, when a size or
 * colour changed); the least recently read go first past `maxCachedProducts`.
 */
function productRows(repo: CatalogRepository) {
  const kept = new Map<number, ProductRow>();
  // Bumped by every change: rows read while a change was applied may predate it, and are not kept.
  let generation = 0;
  return {
    /** The products of `ids`, in that order; ids of products that no longer exist are skipped. */
    async read(ids: readonly number[]): Promise<ProductRow[]> {
      const missing = ids.filter((id) => !kept.has(id));
      const fresh = new Map<number, ProductRow>();
      if (missing.length > 0) {
        const before = generation;
        for (const row of await repo.products(missing)) fresh.set(row.id, row);
        if (generation === before) {
          for (const row of fresh.values()) kept.set(row.id, row);
          while (kept.size > maxCachedProducts) kept.delete(kept.keys().next().value as number);
        }
      }
      return ids.flatMap((id) => {
        const row = fresh.get(id) ?? kept.get(id);
        if (!row) return [];
        // Read again: last in the Map's order is the most recently used.
        if (kept.delete(id)) kept.set(id, row);
        return [row];
      });
    },
    forget(ids: readonly number[]) {
      generation++;
      for (const id of ids) kept.delete(id);
    },
    clear() {
      generation++;
      kept.clear();
    },
  };
}

function matchCategories(
  rows: { id: number; slug: string; name: string; name_ru: string; path: string }[],
  variants: { words: string[][] }[],
) {
  return rows
    .filter((row) => {
      const key = `${searchKey(row.name)} ${searchKey(row.name_ru)}`;
      const words = searchWords(key);
      return variants.some((v) =>
        v.words.every((alternatives) =>
          alternatives.some((alt) => words.some((w) => w.startsWith(alt) || (alt.length >= 4 && w.includes(alt)))),
        ),
      );
    })
    .slice(0, suggestLimits.categories)
    .map(({ id, slug, name, name_ru, path }) => ({ id, slug, name, name_ru, path }));
}

/** The public product: every field named, so a column added to the query never leaks into answers. */
/**
 * The shop's sizes and colours in their display order, kept with the catalogue: a product is read
 * with the ids of its own, and named from these (a renamed colour changes the catalogue version).
 */
class SizeAndColourNames {
  readonly colors: ReadonlyMap<number, Color>;
  readonly #sizes: ReadonlyMap<number, SizeRow>;
  readonly #order = new Map<object, number>();

  constructor(sizes: readonly SizeRow[], colors: readonly Color[]) {
    this.#sizes = new Map(sizes.map((s) => [s.id, s]));
    this.colors = new Map(colors.map((c) => [c.id, c]));
    // Listed by position, then id: the order a product shows them in.
    for (const [at, size] of sizes.entries()) this.#order.set(size, at);
    for (const [at, colour] of colors.entries()) this.#order.set(colour, at);
  }

  sizes(ids: readonly number[]): SizeRow[] {
    return this.#inOrder(ids.flatMap((id) => this.#sizes.get(id) ?? []));
  }

  colorsOf(ids: readonly number[]): Color[] {
    return this.#inOrder(ids.flatMap((id) => this.colors.get(id) ?? []));
  }

  #inOrder<T extends object>(items: T[]): T[] {
    return items.sort((a, b) => (this.#order.get(a) as number) - (this.#order.get(b) as number));
  }
}

/**
 * The product's sizes and colours, each with whether it can be bought: a size in some colour (and in
 * which), a colour in some size (and in which).
 */
export function withAvailability(
  sizes: Size[],
  colors: Color[],
  stock: readonly { size: number | null; color: number | null; available: boolean }[],
): { sizes: ProductSize[]; colors: ProductColor[] } {
  const buyable = stock.filter((v) => v.available);
  return {
    sizes: sizes.map((size) => {
      const of = buyable.filter((v) => v.size === size.id);
      return {
        ...size,
        available: of.length > 0,
        colors_available: of.flatMap((v) => (v.color === null ? [] : [v.color])),
      };
    }),
    colors: colors.map((color) => {
      const of = buyable.filter((v) => v.color === color.id);
      return {
        ...color,
        available: of.length > 0,
        sizes_available: of.flatMap((v) => (v.size === null ? [] : [v.size])),
      };
    }),
  };
}

function toProduct(row: ProductRow, showPrices: boolean, names: SizeAndColourNames): Product {
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    name: row.name,
    name_ru: row.name_ru,
    description: row.description,
    description_ru: row.description_ru,
    price: showPrices ? row.price : null,
    old_price: showPrices ? row.old_price : null,
    is_on_promo: row.is_on_promo,
    is_on_sale: row.in_stock,
    is_new: row.is_new,
    category_full_path: row.category_full_path,
    ...withAvailability(names.sizes(row.size_ids), names.colorsOf(row.color_ids), row.stock),
    compositions: row.compositions,
    product_images: row.product_images.map((i) => ({ image: i.image, color: i.color, variants: variantUrls(i.image) })),
  };
}
