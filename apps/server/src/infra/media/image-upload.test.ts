import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { imageUploadLimits, imageUploadMessages } from '@kram/contract/admin-uploads';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filesUnder, flatImage, noisyJpeg, pngBomb } from '../../../test/images.ts';
import { InvalidInput } from '../../lib/domain-errors.ts';
import { colorSwatchShape, imageStore, productPhotoShape, uploadName } from './image-upload.ts';
import { variantUrls } from './variants.ts';

let mediaDir = '';
beforeEach(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'kram-upload-'));
});
afterEach(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

/** The field errors `save` refused with (it must refuse). */
async function refusal(bytes: Uint8Array): Promise<Record<string, string[]>> {
  const error = await imageStore(mediaDir, productPhotoShape)
    .save(bytes, uploadName('p1'))
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(InvalidInput);
  return (error as InvalidInput).fields;
}

describe('imageStore', () => {
  it('keeps a product photo as WebP at every catalogue width, 2:3, named so the storefront finds its variants', async () => {
    const photos = imageStore(mediaDir, productPhotoShape);
    const saved = await photos.save(await noisyJpeg(900, 600), 'p7-abc123');
    expect(saved.url).toBe('/media/products/p7-abc123-1200.webp');
    expect(Object.values(variantUrls(saved.url)).sort()).toEqual(
      ['160', '400', '800', '1200'].map((w) => `/media/products/p7-abc123-${w}.webp`).sort(),
    );
    expect(await filesUnder(mediaDir)).toEqual(
      ['1200', '160', '400', '800'].map((w) => `products/p7-abc123-${w}.webp`),
    );
    for (const width of [160, 400, 800, 1200]) {
      const meta = await sharp(path.join(mediaDir, `products/p7-abc123-${width}.webp`)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, width * 1.5]);
    }
  });

  it('fits a wide photo whole on white instead of cropping it', async () => {
    const saved = await imageStore(mediaDir, productPhotoShape).save(await flatImage('png', 600, 200), 'p1-wide');
    const file = path.join(mediaDir, 'products/p1-wide-160.webp');
    const corner = await sharp(file).extract({ left: 0, top: 0, width: 4, height: 4 }).raw().toBuffer();
    const middle = await sharp(file).extract({ left: 78, top: 118, width: 4, height: 4 }).raw().toBuffer();
    expect(Math.min(...corner)).toBeGreaterThan(240);
    expect(Math.max(...middle)).toBeLessThan(160);
    expect(saved.url).toBe('/media/products/p1-wide-1200.webp');
  });

  it('takes PNG with transparency and WebP, and squares a swatch', async () => {
    await imageStore(mediaDir, productPhotoShape).save(await flatImage('png', 200, 300, true), 'p1-alpha');
    await imageStore(mediaDir, productPhotoShape).save(await flatImage('webp'), 'p1-webp');
    const swatch = await imageStore(mediaDir, colorSwatchShape).save(await flatImage('jpeg', 300, 100), 'c3-tile');
    expect(swatch.url).toBe('/media/swatches/c3-tile-96.webp');
    const meta = await sharp(path.join(mediaDir, 'swatches/c3-tile-96.webp')).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([96, 96, false]);
    expect(await filesUnder(mediaDir)).toHaveLength(9);
  });

  it('refuses a text file whatever its name, and writes nothing', async () => {
    expect(await refusal(Buffer.from('not an image at all'))).toEqual({ file: [imageUploadMessages.notAnImage] });
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'))).toEqual({
      file: [imageUploadMessages.notAnImage],
    });
    expect(await filesUnder(mediaDir)).toEqual([]);
  });

  it('refuses a GIF, which is an image but not one the shop keeps', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await refusal(gif)).toEqual({ file: [imageUploadMessages.notAnImage] });
  });

  it('refuses a decompression bomb by its header, naming its size', async () => {
    expect(await refusal(pngBomb())).toEqual({
      file: [`${imageUploadMessages.tooManyPixels} (50000 × 50000 pixels; at most 50 megapixels).`],
    });
    expect(await filesUnder(mediaDir)).toEqual([]);
  });

  it('refuses a JPEG cut in half, and an empty file', async () => {
    const jpeg = await noisyJpeg();
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toEqual({
      file: [imageUploadMessages.damaged],
    });
    expect(await refusal(Buffer.alloc(0))).toEqual({ file: [imageUploadMessages.required] });
    expect(await filesUnder(mediaDir)).toEqual([]);
  });

  it('refuses more than 15 MB', async () => {
    const big = Buffer.concat([await noisyJpeg(), Buffer.alloc(imageUploadLimits.bytes)]);
    expect(await refusal(big)).toEqual({ file: [imageUploadMessages.tooLarge] });
    expect(await filesUnder(mediaDir)).toEqual([]);
  });

  it('removes the files of one of its images, and nothing else', async () => {
    const photos = imageStore(mediaDir, productPhotoShape);
    const kept = await photos.save(await flatImage('png'), 'p1-kept');
    const gone = await photos.save(await flatImage('png'), 'p1-gone');
    await photos.remove(gone.url);
    await photos.remove('/media/products/../swatches/x-1200.webp');
    await photos.remove('/media/swatches/p1-kept-1200.webp');
    expect(await filesUnder(mediaDir)).toEqual(['1200', '160', '400', '800'].map((w) => `products/p1-kept-${w}.webp`));
    await kept.remove();
    expect(await filesUnder(mediaDir)).toEqual([]);
  });
});
