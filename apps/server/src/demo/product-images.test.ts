import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImageUrl } from '../infra/media/variants.ts';
import { demoSwatchImage, renderColorSwatches, swatchImageUrl, swatchSize } from './color-swatches.ts';
import { type DemoImage, demoColors, generateDemoProducts } from './demo-catalog.ts';
import { kindPhotoColors } from './demo-vocabulary.ts';
import { encoderEffort, imageKey, imageWidths, renderProductImages } from './product-images.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kram-images-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const camo: DemoImage = { kind: 'jacket', color: 'multicam', view: 1 };
const plain: DemoImage = { kind: 'knife', color: null, view: 3 };

describe('image keys and URLs', () => {
  it('names files after kind, colour and view', () => {
    expect(imageKey({ kind: 'jacket', color: 'olive', view: 2 })).toBe('jacket-olive-2');
    expect(imageKey({ kind: 'knife', color: null, view: 1 })).toBe('knife-none-1');
    expect(imageKey({ kind: 'sleeping-bag', color: 'pixel-mm14', view: 3 })).toBe('sleeping-bag-pixel-mm14-3');
    expect(() => imageKey({ kind: 'jacket', color: '../etc', view: 1 })).toThrow();
    expect(productImageUrl('jacket-olive-2', 800)).toBe('/media/products/jacket-olive-2-800.webp');
    expect(imageWidths).toEqual([1200, 800, 400, 160]);
  });
});

describe('renderProductImages', () => {
  it('writes every width as WebP with a 2:3 aspect, once per distinct image', { timeout: 60_000 }, async () => {
    const progress: [number, number][] = [];
    await renderProductImages([camo, plain, { ...camo }], dir, { onProgress: (d, t) => progress.push([d, t]) });
    expect(progress.at(-1)).toEqual([2, 2]);
    for (const image of [camo, plain]) {
      for (const width of imageWidths) {
        const file = path.join(dir, 'products', `${imageKey(image)}-${width}.webp`);
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe('webp');
        expect([meta.width, meta.height]).toEqual([width, width * 1.5]);
      }
    }
    const files = await readdir(path.join(dir, 'products'));
    expect(files.sort()).toEqual(
      [camo, plain].flatMap((i) => imageWidths.map((w) => `${imageKey(i)}-${w}.webp`)).sort(),
    );
  });

  it('does not rewrite images that already exist', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'products', `${imageKey(camo)}-1200.webp`);
    const before = (await stat(file)).mtimeMs;
    await new Promise((r) => setTimeout(r, 30));
    const started = performance.now();
    await renderProductImages([camo, plain], dir);
    expect(performance.now() - started).toBeLessThan(2000);
    expect((await stat(file)).mtimeMs).toBe(before);
  });

  it('draws every kind of product: distinct, non-blank images', { timeout: 120_000 }, async () => {
    const kinds = [...new Set(generateDemoProducts(1000).flatMap((p) => p.images.map((i) => i.kind)))];
    expect(kinds.length).toBeGreaterThanOrEqual(35);
    const images = kinds.map((kind): DemoImage => ({ kind, color: kindPhotoColors[kind]?.[0] ?? null, view: 1 }));
    await renderProductImages(images, dir, { concurrency: 2 });
    const digests = new Set<string>();
    for (const image of images) {
      const small = path.join(dir, 'products', `${imageKey(image)}-160.webp`);
      const { channels } = await sharp(small).stats();
      // A drawn silhouette gives clearly darker pixels than the light background.
      expect(Math.min(...channels.map((c) => c.min))).toBeLessThan(120);
      digests.add((await sharp(small).raw().toBuffer()).toString('base64'));
    }
    expect(digests.size).toBe(images.length);
  });
});

describe('encoderEffort', () => {
  it('encodes the large widths fast and the small ones compactly', () => {
    expect(imageWidths.map(encoderEffort)).toEqual([0, 0, 2, 2]);
  });
});

describe('colour swatches', () => {
  const patterns = demoColors.filter((c) => c.color_rgb === null);

  it('gives a swatch under /media/ to each colour without an RGB value, and none to the others', () => {
    expect(patterns.length).toBeGreaterThanOrEqual(3);
    for (const c of demoColors) {
      expect(demoSwatchImage(c)).toBe(c.color_rgb === null ? `/media/swatches/${c.key}.webp` : null);
    }
    expect(() => swatchImageUrl('../etc')).toThrow();
  });

  it('draws each pattern once as a small square WebP tile of its own tones', { timeout: 60_000 }, async () => {
    expect(await renderColorSwatches(demoColors, dir)).toBe(patterns.length);
    const files = await readdir(path.join(dir, 'swatches'));
    expect(files.sort()).toEqual(patterns.map((c) => `${c.key}.webp`).sort());
    const digests = new Set<string>();
    for (const c of patterns) {
      const file = path.join(dir, 'swatches', `${c.key}.webp`);
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', swatchSize, swatchSize]);
      // A pattern, not a flat fill: its pixels differ clearly from one another.
      const { channels } = await sharp(file).stats();
      expect(Math.max(...channels.map((ch) => ch.max - ch.min))).toBeGreaterThan(40);
      digests.add((await sharp(file).raw().toBuffer()).toString('base64'));
    }
    expect(digests.size).toBe(patterns.length);
    // Already there: nothing is drawn again.
    expect(await renderColorSwatches(demoColors, dir)).toBe(0);
  });
});
