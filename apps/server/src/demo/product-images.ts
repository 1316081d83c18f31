// Draws the demo product images: a flat SVG silhouette per kind, rendered by sharp into WebP files.
import { access, mkdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { variantWidths } from '../infra/media/variants.ts';
import { type DemoImage, demoColors } from './demo-catalog.ts';
import { camoPattern, camoTones } from './image-camo.ts';
import { type Paint, paintFor } from './image-draw.ts';
import { defaultTone, focus, frames, neutralTones, shapes } from './image-kinds.ts';

/** Widths of the WebP variants, largest first; the height is always 1.5 times the width. */
export const imageWidths: readonly number[] = [...variantWidths].sort((a, b) => b - a);

/**
 * The encoder's effort per width. Every colour of a product has a photo, which makes the pool about
 * half as large again; the two large widths take three quarters of the encoding time, and encoding
 * them with the fastest method (files about half as large again, same quality) keeps the first start
 * about as fast as before. The small widths, which cards and thumbnails load most, stay compact.
 */
export function encoderEffort(width: number): number {
  return width >= 800 ? 0 : 2;
}

const views = [
  { bg: ['#f6f3ed', '#e6e0d5'], decor: '<circle cx="600" cy="840" r="540" fill="#ffffff" opacity="0.35"/>' },
  { bg: ['#eff2f5', '#dce2e7'], decor: '<circle cx="820" cy="640" r="480" fill="#ffffff" opacity="0.3"/>' },
  {
    bg: ['#f4f0e7', '#e2dbcc'],
    decor: '<path d="M0 1300 L1200 500 L1200 900 L0 1700 Z" fill="#ffffff" opacity="0.22"/>',
  },
] as const;

export function imageKey(image: DemoImage): string {
  const key = `${image.kind}-${image.color ?? 'none'}-${image.view}`;
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(key) || !Number.isInteger(image.view) || image.view < 1) {
    throw new Error(`Bad image: ${key}`);
  }
  return key;
}

/** Placement of the 1000x1000 drawing on the canvas, and its inverse. */
interface Placement {
  transform: string;
  inverse: string;
  scale: number;
}

function paintOf(image: DemoImage, back: boolean, placement: Placement): { paint: Paint; defs: string } {
  const color = image.color === null ? undefined : demoColors.find((c) => c.key === image.color);
  if (image.color !== null && !color) throw new Error(`Unknown colour: ${image.color}`);
  if (color && color.color_rgb === null) {
    const [background = defaultTone] = camoTones(color.key);
    const defs = camoPattern(color.key, placement.inverse, placement.scale);
    return { paint: paintFor('url(#camo)', background, back), defs };
  }
  const rgb = color?.color_rgb ?? neutralTones[image.kind] ?? defaultTone;
  return { paint: paintFor(rgb, rgb, back), defs: '' };
}

/** View 1: front, framed; view 2: the back (mirrored); view 3: a tilted close-up; later views: view 1 tilted. */
function place(image: DemoImage, v: number): Placement & { floor: number; width: number } {
  const [x1, y1, x2, y2] = frames[image.kind];
  const fit = Math.min(1000 / (x2 - x1), 1150 / (y2 - y1), 1.5);
  const closeUp = v === 2;
  const scale = closeUp ? fit * 1.6 : fit;
  const sx = v === 1 ? -scale : scale;
  const [ax, ay] = closeUp ? [600, 900] : [600, 860];
  const [cx, cy] = (closeUp ? focus[image.kind] : undefined) ?? [(x1 + x2) / 2, (y1 + y2) / 2];
  const turn = (image.view > views.length ? ((image.view * 7) % 11) - 5 : 0) - (closeUp ? 9 : 0);
  return {
    transform: `translate(${ax} ${ay}) rotate(${turn}) scale(${sx} ${scale}) translate(${-cx} ${-cy})`,
    inverse: `translate(${cx} ${cy}) scale(${1 / sx} ${1 / scale}) rotate(${-turn}) translate(${-ax} ${-ay})`,
    scale,
    floor: ay + ((y2 - y1) * fit) / 2 + 24,
    width: (x2 - x1) * fit,
  };
}

/** The SVG of one image: 1200x1800, light background, the silhouette placed according to the view. */
function productImageSvg(image: DemoImage): string {
  const v = (image.view - 1) % views.length;
  const view = views[v] ?? views[0];
  const placement = place(image, v);
  const { paint, defs } = paintOf(image, v === 1, placement);
  const drawn = shapes[image.kind](paint);
  const rx = Math.min(460, placement.width / 2);
  const floor = placement.floor;
  const shadow =
    v === 2
      ? ''
      : `<ellipse cx="600" cy="${floor}" rx="${rx}" ry="46" fill="#000" opacity="0.05"/>` +
        `<ellipse cx="600" cy="${floor}" rx="${rx * 0.75}" ry="30" fill="#000" opacity="0.07"/>`;
  const [width = 1200] = imageWidths;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width * 1.5}" viewBox="0 0 1200 1800">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${view.bg[0]}"/>` +
    `<stop offset="1" stop-color="${view.bg[1]}"/></linearGradient>${defs}</defs>` +
    `<rect width="1200" height="1800" fill="url(#bg)"/>${view.decor}${shadow}` +
    `<g transform="${placement.transform}">${drawn}</g></svg>`
  );
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

async function renderOne(image: DemoImage, key: string, dir: string): Promise<void> {
  const svg = Buffer.from(productImageSvg(image));
  const { data, info } = await sharp(svg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (const width of imageWidths) {
    const file = path.join(dir, `${key}-${width}.webp`);
    const tmp = path.join(dir, `.${key}-${width}.${process.pid}.tmp.webp`);
    let pipeline = sharp(data, { raw });
    if (width !== info.width) pipeline = pipeline.resize(width, Math.round(width * 1.5));
    try {
      await pipeline.webp({ quality: 82, effort: encoderEffort(width) }).toFile(tmp);
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }
}

/**
 * Writes `${mediaDir}/products/${key}-${width}.webp` for every distinct image and width, skipping
 * images whose files all exist already.
 */
export async function renderProductImages(
  images: DemoImage[],
  mediaDir: string,
  opts: { onProgress?: (done: number, total: number) => void; concurrency?: number } = {},
): Promise<void> {
  const unique = new Map<string, DemoImage>();
  for (const image of images) {
    const key = imageKey(image);
    if (!unique.has(key)) unique.set(key, image);
  }
  const dir = path.join(mediaDir, 'products');
  await mkdir(dir, { recursive: true });
  const queue = [...unique];
  const total = queue.length;
  // Two jobs per core keep the CPU busy while the other job of the pair waits on the file system.
  const concurrency = Math.max(1, opts.concurrency ?? Math.min(4, os.availableParallelism() * 2));
  let next = 0;
  let done = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < queue.length) {
      const [key, image] = queue[next++] as [string, DemoImage];
      const present = await Promise.all(imageWidths.map((w) => exists(path.join(dir, `${key}-${w}.webp`))));
      try {
        if (!present.every(Boolean)) await renderOne(image, key, dir);
      } catch (err) {
        failed = true;
        throw err;
      }
      opts.onProgress?.(++done, total);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
}
