import { productSlugMaxLength, slugFromName } from '@kram/contract/slug';
import { describe, expect, it } from 'vitest';
import {
  type DemoCategory,
  type DemoProduct,
  demoCategories,
  demoColors,
  generateDemoProducts,
  letterSizes,
  shoeSizes,
} from './demo-catalog.ts';
import { imageKey } from './product-images.ts';

interface Flat {
  node: DemoCategory;
  depth: number;
  top: string;
}

function flatten(nodes: DemoCategory[], depth = 1, top = ''): Flat[] {
  return nodes.flatMap((node) => [
    { node, depth, top: top || node.slug },
    ...flatten(node.children, depth + 1, top || node.slug),
  ]);
}

const all = flatten(demoCategories);
const bySlug = new Map(all.map((f) => [f.node.slug, f]));
const leaves = all.filter((f) => f.node.children.length === 0);
const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const products = generateDemoProducts(300);
const topOf = (p: DemoProduct) => bySlug.get(p.categorySlug)?.top;
const share = (pred: (p: DemoProduct) => boolean) => products.filter(pred).length / products.length;
const isRange = (sizes: string[], scale: readonly string[]) => {
  const idx = sizes.map((s) => scale.indexOf(s));
  return idx.every((v, i) => v >= 0 && (i === 0 || v === (idx[i - 1] as number) + 1));
};

describe('demo categories', () => {
  it('has the five top-level categories', () => {
    expect(demoCategories.map((c) => c.name)).toEqual([
      'Одяг',
      'Взуття',
      'Спорядження',
      'Кемпінг',
      'Товари для виживання',
    ]);
    expect(demoCategories.map((c) => c.name_ru)).toEqual([
      'Одежда',
      'Обувь',
      'Снаряжение',
      'Кемпинг',
      'Товары для выживания',
    ]);
  });

  it('is three levels deep in every branch and never deeper', () => {
    expect(Math.max(...all.map((f) => f.depth))).toBe(3);
    for (const top of demoCategories) expect(all.some((f) => f.top === top.slug && f.depth === 3)).toBe(true);
    expect(all.length).toBeGreaterThanOrEqual(50);
    expect(all.length).toBeLessThanOrEqual(70);
  });

  it('has globally unique latin slugs', () => {
    expect(new Set(all.map((f) => f.node.slug)).size).toBe(all.length);
    for (const f of all) expect(f.node.slug).toMatch(slugPattern);
  });

  it('has Ukrainian and Russian names, different for most', () => {
    for (const { node } of all) {
      expect(node.name.trim()).not.toBe('');
      expect(node.name_ru.trim()).not.toBe('');
      expect(node.name).not.toMatch(/[ыэъё]/i);
      expect(node.name_ru).not.toMatch(/[іїєґ]/i);
    }
    expect(all.filter((f) => f.node.name !== f.node.name_ru).length / all.length).toBeGreaterThan(0.6);
  });
});

describe('demo colours and sizes', () => {
  it('has about fourteen colours with unique keys, some of them camouflage', () => {
    expect(demoColors.length).toBeGreaterThanOrEqual(12);
    expect(new Set(demoColors.map((c) => c.key)).size).toBe(demoColors.length);
    for (const c of demoColors) {
      expect(c.key).toMatch(slugPattern);
      if (c.color_rgb !== null) expect(c.color_rgb).toMatch(/^#[0-9A-F]{6}$/i);
    }
    expect(demoColors.filter((c) => c.color_rgb === null).length).toBeGreaterThanOrEqual(3);
  });

  it('lists sizes in display order', () => {
    expect(letterSizes[0]).toBe('XS');
    expect(letterSizes.at(-1)).toBe('3XL');
    expect(shoeSizes).toEqual(['38', '39', '40', '41', '42', '43', '44', '45', '46', '47']);
  });
});

describe('generateDemoProducts(300)', () => {
  it('gives unique slugs and SKUs', () => {
    expect(products).toHaveLength(300);
    expect(new Set(products.map((p) => p.slug)).size).toBe(300);
    expect(new Set(products.map((p) => p.sku)).size).toBe(300);
    for (const p of products) {
      expect(p.slug).toMatch(slugPattern);
      expect(p.sku).toMatch(/^KR-[A-Z]{3}-\d{5,}$/);
    }
  });

  it('puts every product in a leaf category and several products in every leaf', () => {
    for (const p of products) expect(bySlug.get(p.categorySlug)?.node.children).toEqual([]);
    for (const leaf of leaves) {
      expect(products.filter((p) => p.categorySlug === leaf.node.slug).length).toBeGreaterThanOrEqual(3);
    }
  });

  it('has believable two-decimal prices and consistent promotions', () => {
    for (const p of products) {
      expect(p.price).toMatch(/^\d+\.\d{2}$/);
      expect(Number(p.price)).toBeGreaterThanOrEqual(100);
      expect(Number(p.price)).toBeLessThanOrEqual(20000);
      if (p.is_on_promo) {
        expect(p.old_price).toMatch(/^\d+\.\d{2}$/);
        const ratio = Number(p.old_price) / Number(p.price);
        expect(ratio).toBeGreaterThan(1.05);
        expect(ratio).toBeLessThanOrEqual(1.45);
      } else {
        expect(p.old_price).toBeNull();
      }
    }
    const price = (slug: string) => products.filter((p) => p.categorySlug === slug).map((p) => Number(p.price));
    expect(Math.max(...price('futbolky'))).toBeLessThanOrEqual(900);
    expect(Math.min(...price('kurtky'))).toBeGreaterThanOrEqual(1990);
    expect(Math.min(...price('turystychni-namety'))).toBeGreaterThanOrEqual(2990);
  });

  it('has roughly the specified shares of promo, new and out-of-stock products', () => {
    expect(share((p) => p.is_on_promo)).toBeGreaterThan(0.1);
    expect(share((p) => p.is_on_promo)).toBeLessThan(0.2);
    expect(share((p) => p.is_new)).toBeGreaterThan(0.08);
    expect(share((p) => p.is_new)).toBeLessThan(0.16);
    expect(share((p) => !p.in_stock)).toBeGreaterThan(0.04);
    expect(share((p) => !p.in_stock)).toBeLessThan(0.12);
  });

  it('makes new products recent and popularity skewed', () => {
    for (const p of products) {
      expect(p.createdDaysAgo).toBeGreaterThanOrEqual(0);
      expect(p.createdDaysAgo).toBeLessThanOrEqual(720);
      if (p.is_new) expect(p.createdDaysAgo).toBeLessThan(45);
      expect(Number.isInteger(p.popularity) && p.popularity >= 0).toBe(true);
    }
    const pops = products.map((p) => p.popularity).sort((a, b) => a - b);
    expect(pops.at(-1) as number).toBeGreaterThan(10 * (pops[150] as number));
  });

  it('sizes clothing in letters and footwear in shoe sizes, as contiguous ranges', () => {
    const clothing = products.filter((p) => topOf(p) === 'odyag');
    const footwear = products.filter((p) => topOf(p) === 'vzuttia');
    for (const p of clothing) expect(isRange(p.sizes, letterSizes)).toBe(true);
    expect(clothing.filter((p) => p.sizes.length >= 3).length / clothing.length).toBeGreaterThan(0.7);
    for (const p of footwear) {
      expect(p.sizes.length).toBeGreaterThanOrEqual(3);
      expect(isRange(p.sizes, shoeSizes)).toBe(true);
    }
    expect(products.some((p) => p.sizes.length === 0)).toBe(true);
    for (const p of products.filter((p) => topOf(p) === 'kempinh')) expect(p.sizes).toEqual([]);
  });

  it('gives most products one to four known colours and some none', () => {
    const keys = new Set(demoColors.map((c) => c.key));
    for (const p of products) {
      expect(p.colors.length).toBeLessThanOrEqual(4);
      expect(new Set(p.colors).size).toBe(p.colors.length);
      for (const c of p.colors) expect(keys.has(c)).toBe(true);
    }
    expect(share((p) => p.colors.length > 0)).toBeGreaterThan(0.7);
    expect(products.some((p) => p.colors.length === 0)).toBe(true);
    expect(products.some((p) => p.colors.length >= 3)).toBe(true);
  });

  it('gives every product two or more images in its own colours, and a photo of every colour', () => {
    for (const p of products) {
      expect(p.images.length).toBeGreaterThanOrEqual(2);
      // Front and back in the first colour, perhaps a close-up, and a front view of every other colour.
      expect(p.images.length).toBeLessThanOrEqual(Math.max(3, p.colors.length + 2));
      for (const c of p.colors) expect(p.images.some((img) => img.color === c)).toBe(true);
      expect(new Set(p.images.map(imageKey)).size).toBe(p.images.length);
      for (const img of p.images) {
        expect(img.view).toBeGreaterThanOrEqual(1);
        expect(img.view).toBeLessThanOrEqual(4);
        if (p.colors.length === 0) expect(img.color).toBeNull();
        else expect(p.colors).toContain(img.color);
      }
      expect(p.images[0]?.color ?? null).toBe(p.colors[0] ?? null);
    }
    expect(products.some((p) => p.colors.length >= 3)).toBe(true);
    // Shared across products: the pool stays small enough for a quick first start.
    expect(new Set(products.flatMap((p) => p.images.map(imageKey))).size).toBeLessThanOrEqual(280);
  });

  it('leads with the first colour and adds one front view for each colour not yet photographed', () => {
    for (const p of products) {
      const [first, second] = p.images;
      expect(first).toMatchObject({ color: p.colors[0] ?? null, view: 1 });
      expect(second).toMatchObject({ color: p.colors[0] ?? null, view: 2 });
      expect(new Set(p.images.map((img) => img.color))).toEqual(new Set(p.colors.length ? p.colors : [null]));
      const fronts = p.images.filter((img) => img.view === 1).map((img) => img.color);
      expect(new Set(fronts).size).toBe(fronts.length);
    }
  });

  it('writes names, descriptions and compositions in both languages', () => {
    for (const p of products) {
      expect(p.name).not.toBe(p.name_ru);
      expect(p.description).toContain('\n');
      expect(p.description_ru).toContain('\n');
      expect(p.description).not.toBe(p.description_ru);
      expect(p.description.length).toBeGreaterThan(120);
      expect(p.name + p.description).not.toMatch(/[ыэъё{}]/i);
      expect(p.name_ru + p.description_ru).not.toMatch(/[іїєґ{}]/i);
      expect(p.slug.startsWith(`${slugFromName(p.name, productSlugMaxLength)}-`)).toBe(true);
      expect(p.compositions.length).toBeGreaterThanOrEqual(1);
      expect(p.compositions.length).toBeLessThanOrEqual(3);
      expect(p.compositions[0]).toMatchObject({ title: 'Матеріал', title_ru: 'Материал' });
      for (const c of p.compositions) {
        for (const v of [c.title, c.title_ru, c.description, c.description_ru]) expect(v.trim()).not.toBe('');
      }
    }
  });

  it('is deterministic for a given count and seed', () => {
    expect(generateDemoProducts(300)).toEqual(products);
    expect(generateDemoProducts(300, 7)).toEqual(generateDemoProducts(300, 7));
    expect(generateDemoProducts(300, 7)).not.toEqual(products);
    expect(generateDemoProducts(0)).toEqual([]);
  });
});

describe('generateDemoProducts(100000)', () => {
  it('keeps slugs and SKUs unique and images in a bounded pool', { timeout: 30_000 }, () => {
    const many = generateDemoProducts(100_000);
    expect(many).toHaveLength(100_000);
    expect(new Set(many.map((p) => p.slug)).size).toBe(100_000);
    expect(new Set(many.map((p) => p.sku)).size).toBe(100_000);
    expect(new Set(many.flatMap((p) => p.images.map(imageKey))).size).toBeLessThanOrEqual(350);
    for (const p of many) for (const c of p.colors) expect(p.images.some((img) => img.color === c)).toBe(true);
  });
});
