// Draws the swatches of the demo colours that no single RGB value can show (camouflage): a small
// WebP tile of the same pattern the product images are painted with.
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { DemoColor } from './demo-catalog.ts';
import { camoPattern } from './image-camo.ts';

/** Pixels per side: sharp at twice the size of the largest swatch the storefront draws (32 px). */
export const swatchSize = 96;

const keyPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Where the swatch of the colour `key` is served. */
export function swatchImageUrl(key: string): string {
  if (!keyPattern.test(key)) throw new Error(`Bad colour key: ${key}`);
  return `/media/swatches/${key}.webp`;
}

/** The swatch a demo colour is written with: a pattern tile when it has no RGB value, else none. */
export function demoSwatchImage(color: DemoColor): string | null {
  return color.color_rgb === null ? swatchImageUrl(color.key) : null;
}

/** The SVG of one swatch: the pattern at about half the scale it has on a product image. */
function swatchSvg(key: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${swatchSize}" height="${swatchSize}" ` +
    `viewBox="0 0 ${swatchSize} ${swatchSize}"><defs>${camoPattern(key, 'scale(1)', 0.45)}</defs>` +
    `<rect width="${swatchSize}" height="${swatchSize}" fill="url(#camo)"/></svg>`
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

/**
 * Writes `${mediaDir}/swatches/${key}.webp` for every colour without an RGB value, skipping those
 * already there. Answers how many it drew.
 */
export async function renderColorSwatches(colors: readonly DemoColor[], mediaDir: string): Promise<number> {
  const dir = path.join(mediaDir, 'swatches');
  await mkdir(dir, { recursive: true });
  let drawn = 0;
  for (const color of colors) {
    if (demoSwatchImage(color) === null) continue;
    const file = path.join(dir, `${color.key}.webp`);
    if (await exists(file)) continue;
    const tmp = path.join(dir, `.${color.key}.${process.pid}.tmp.webp`);
    try {
      await sharp(Buffer.from(swatchSvg(color.key)))
        .removeAlpha()
        .webp({ quality: 90 })
        .toFile(tmp);
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    drawn++;
  }
  return drawn;
}
