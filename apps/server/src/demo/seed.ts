import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { largeWidth, productImageUrl } from '../infra/media/variants.ts';
import { type CatalogImporter, catalogImport } from '../modules/catalog/index.ts';
import { addDemoPromoCode } from '../modules/promotions/index.ts';
import { demoSwatchImage, renderColorSwatches } from './color-swatches.ts';
import {
  type DemoCategory,
  type DemoProduct,
  demoCategories,
  demoColors,
  generateDemoProducts,
  letterSizes,
  shoeSizes,
} from './demo-catalog.ts';
import { imageKey, renderProductImages } from './product-images.ts';

export const demoProductCount = 300;
const batchSize = 1000;
const day = 24 * 60 * 60 * 1000;

export interface SeedProgress {
  phase: 'images' | 'products';
  done: number;
  total: number;
}

export interface SeedOptions {
  /**
   * Render the product images and colour swatches into this folder (skipped when absent: rows still
   * point at them).
   */
  mediaDir?: string;
  onProgress?: (progress: SeedProgress) => void;
  /**
   * Count the demo's stock (demoStock): without it every variant stays uncounted, always available,
   * and only the products the demo marks out of stock are off sale.
   */
  countStock?: boolean;
}

/**
 * The demo shop's stock, the same on every seed: a product the demo marks out of stock is switched
 * off; otherwise each product's first variant has plenty (40 to 79), and of its other variants about
 * one in fourteen is sold out, one in twelve is low (1 or 2 left, under the default threshold of 3),
 * the rest have 10 to 49.
 */
export async function countDemoStock(database: Database): Promise<void> {
  await database.db.execute(sql`
    update stock_levels s
    set available = case
      when v.first then 40 + v.r % 40
      when v.r < 7 then 0
      when v.r < 15 then 1 + v.r % 2
      else 10 + v.r % 40 end
    from (
      select l.id, abs(hashtext(l.product_id || ':' || coalesce(l.size_id, 0) || ':' || coalesce(l.color_id, 0))) % 100 as r,
        row_number() over (partition by l.product_id order by z.position nulls first, c.position nulls first) = 1 as first
      from stock_levels l
      left join sizes z on z.id = l.size_id
      left join colors c on c.id = l.color_id
    ) v
    where v.id = s.id`);
  await database.db.execute(sql`
    update products p set is_on_sale = p.offered and exists (
      select 1 from stock_levels s where s.product_id = p.id and (s.available is null or s.available > 0))`);
}

/**
 * How many rows of shoppers' own data (wishlists, ratings, orders) a catalogue replacement would
 * touch: the seed command refuses to replace a catalogue shoppers use unless told to.
 */
export async function shopperDataOnCatalog(database: Database): Promise<number> {
  const [row] = await database.rows<{ n: number }>(
    sql`select ((select count(*) from wishlist_items) + (select count(*) from ratings) + (select count(*) from orders))::int as n`,
  );
  return row?.n ?? 0;
}

/**
 * Writes a catalogue of generated products into an empty database, in one transaction, through the
 * catalogue's own writes: a product that breaks a product rule is refused (InvalidInput) and nothing
 * is written.
 */
export async function seedCatalog(database: Database, items: DemoProduct[], options: SeedOptions = {}): Promise<void> {
  if (options.mediaDir) {
    await renderProductImages(
      items.flatMap((p) => p.images),
      options.mediaDir,
      { onProgress: (done, total) => options.onProgress?.({ phase: 'images', done, total }) },
    );
    await renderColorSwatches(demoColors, options.mediaDir);
  }
  const now = Date.now();
  await catalogImport(database).importCatalogue(async (writer) => {
    const categoryIds = await insertCategories(writer);
    const sizeIds = await writer.upsertSizes(
      [...letterSizes, ...shoeSizes].map((name, position) => ({ name, position })),
    );
    const colorsByName = await writer.upsertColors(
      demoColors.map((c, position) => ({
        name: c.name,
        nameRu: c.name_ru,
        colorRgb: c.color_rgb,
        swatchImage: demoSwatchImage(c),
        position,
      })),
    );
    const colorIds = new Map(demoColors.map((c) => [c.key, colorsByName.get(c.name)]));
    const colorId = (key: string) => required(colorIds.get(key), `colour ${key}`);

    for (let start = 0; start < items.length; start += batchSize) {
      const batch = items.slice(start, start + batchSize);
      await writer.upsertProducts(
        batch.map((p) => ({
          product: {
            slug: p.slug,
            sku: p.sku,
            name: p.name,
            nameRu: p.name_ru,
            description: p.description,
            descriptionRu: p.description_ru,
            price: p.price,
            oldPrice: p.old_price,
            isOnPromo: p.is_on_promo,
            offered: p.in_stock,
            isNew: p.is_new,
            categoryId: required(categoryIds.get(p.categorySlug), `category ${p.categorySlug}`),
            popularity: p.popularity,
            createdAt: new Date(now - p.createdDaysAgo * day),
          },
          sizeIds: p.sizes.map((z) => required(sizeIds.get(z), `size ${z}`)),
          colorIds: p.colors.map(colorId),
          compositions: p.compositions.map((c, position) => ({
            title: c.title,
            titleRu: c.title_ru,
            description: c.description,
            descriptionRu: c.description_ru,
            position,
          })),
          images: p.images.map((image, position) => ({
            image: productImageUrl(imageKey(image), largeWidth),
            colorId: image.color ? (colorIds.get(image.color) ?? null) : null,
            position,
          })),
        })),
      );
      options.onProgress?.({ phase: 'products', done: start + batch.length, total: items.length });
    }
  });
  await addDemoPromoCode(database);
  if (options.countStock) await countDemoStock(database);
  // Fresh statistics, and a visibility map so listings can use index-only scans.
  await database.db.execute(sql`vacuum analyze`);
}

/** The first start of a fresh shop: fill the demo catalogue so there is something to browse. */
export async function seedDemoIfEmpty(database: Database, options: { mediaDir: string; log: Logger }) {
  if (!(await catalogImport(database).isEmpty())) return;
  options.log.info('empty catalogue: adding the demo catalogue (first start only)');
  const started = performance.now();
  let lastLogged = 0;
  await seedCatalog(database, generateDemoProducts(demoProductCount), {
    mediaDir: options.mediaDir,
    countStock: true,
    onProgress: ({ phase, done, total }) => {
      if (phase === 'images' && (done === total || performance.now() - lastLogged > 2000)) {
        lastLogged = performance.now();
        options.log.info(`demo catalogue: images ${done}/${total}`);
      }
    },
  });
  options.log.info({ ms: Math.round(performance.now() - started) }, 'demo catalogue ready');
}

async function insertCategories(writer: CatalogImporter): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const walk = async (nodes: DemoCategory[], parentId: number | null) => {
    for (const [position, node] of nodes.entries()) {
      const id = await writer.addCategory({
        parentId,
        slug: node.slug,
        name: node.name,
        nameRu: node.name_ru,
        position,
      });
      ids.set(node.slug, id);
      await walk(node.children, id);
    }
  };
  await walk(demoCategories, null);
  return ids;
}

function required<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`Seed data refers to an unknown ${what}`);
  return value;
}
