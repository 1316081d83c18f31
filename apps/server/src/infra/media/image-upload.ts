// Uploaded images: checked by their bytes, decoded whole, and kept as WebP variants in the media
// folder, every file written under a temporary name and renamed, so no reader sees half an image.
import crypto from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { imageUploadLimits, imageUploadMessages } from '@kram/contract/admin-uploads';
import sharp from 'sharp';
import { InvalidInput, type Said, said } from '../../lib/domain-errors.ts';
import { variantWidths } from './variants.ts';

/** How one kind of image is kept: which folder, which widths, which proportions. */
export interface ImageShape {
  /** The folder under the media folder (and under /media/ in URLs). */
  folder: string;
  /** One WebP file per width, `<name>-<width>.webp`; the largest is the image's own URL. */
  widths: readonly number[];
  /** Height ÷ width of every variant; without it each variant keeps the upload's proportions. */
  aspect?: number;
  /** With an aspect: `contain` fits the whole picture on white, `cover` fills the frame and crops. */
  fit?: 'contain' | 'cover';
}

/** Product photos: 2:3, at the catalogue's widths and with its naming (variants.ts), never cropped. */
export const productPhotoShape: ImageShape = { folder: 'products', widths: variantWidths, aspect: 1.5, fit: 'contain' };

/** A colour's swatch: a square tile, twice the size of the largest swatch the storefront draws. */
export const colorSwatchShape: ImageShape = { folder: 'swatches', widths: [96], aspect: 1, fit: 'cover' };

export interface SavedImage {
  /** The URL of the largest variant (`/media/<folder>/<name>-<width>.webp`), what the database keeps. */
  url: string;
  /** Removes every file written for it (the write that should have recorded it failed). */
  remove(): Promise<void>;
}

type Format = 'jpeg' | 'png' | 'webp';

const refuse = (message: string | Said) => new InvalidInput({ file: [message] });

/** What the first bytes say the file is; the name and the declared type are never trusted. */
function sniff(bytes: Uint8Array): Format | undefined {
  const starts = (...values: number[]) => values.every((v, i) => bytes[i] === v);
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

const namePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A fresh name for an upload: the given prefix (e.g. `p42`) and random hex, so names never clash. */
export const uploadName = (prefix: string) => `${prefix}-${crypto.randomBytes(6).toString('hex')}`;

/**
 * The media folder's store of one kind of uploaded image. `save` refuses what is not a whole JPEG,
 * PNG or WebP image within the limits (an InvalidInput on `file`) before anything is written.
 */
export function imageStore(mediaDir: string, shape: ImageShape) {
  const widths = [...shape.widths].sort((a, b) => b - a);
  const largest = Math.max(...widths);
  if (!Number.isInteger(largest) || largest < 1) throw new Error(`image shape ${shape.folder} has no widths`);
  const dir = path.join(mediaDir, shape.folder);
  const fileOf = (name: string, width: number) => path.join(dir, `${name}-${width}.webp`);
  const urlPattern = new RegExp(`^/media/${shape.folder}/([a-z0-9]+(?:-[a-z0-9]+)*)-${largest}\\.webp$`);

  /** Decodes the whole image (a cut-off file fails here) into the largest variant, as raw pixels. */
  async function decode(bytes: Uint8Array) {
    if (bytes.length === 0) throw refuse(imageUploadMessages.required);
    if (bytes.length > imageUploadLimits.bytes) throw refuse(imageUploadMessages.tooLarge);
    if (!sniff(bytes)) throw refuse(imageUploadMessages.notAnImage);
    // The header alone, with no pixel limit, so a decompression bomb can be named by its size.
    const header = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => undefined);
    if (!header || !['jpeg', 'png', 'webp'].includes(header.format ?? '')) throw refuse(imageUploadMessages.notAnImage);
    const { width = 0, height = 0 } = header;
    if (width * height > imageUploadLimits.pixels) {
      const text = `${imageUploadMessages.tooManyPixels} (${width} × ${height} pixels; at most ${imageUploadLimits.pixels / 1e6} megapixels).`;
      throw refuse(said('upload.too_many_pixels', text, { width, height }));
    }
    // EXIF orientation decides which way is up; upright width and height decide the variants' size.
    const upright = (header.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
    const target = { width: largest, height: Math.round(largest * (shape.aspect ?? upright.height / upright.width)) };
    try {
      return await sharp(bytes, { limitInputPixels: imageUploadLimits.pixels, failOn: 'truncated' })
        .rotate()
        .resize(target.width, Math.max(1, target.height), {
          fit: shape.aspect ? (shape.fit ?? 'contain') : 'fill',
          background: '#ffffff',
        })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw refuse(imageUploadMessages.damaged);
    }
  }

  async function removeFiles(name: string): Promise<void> {
    await Promise.all(widths.map((w) => rm(fileOf(name, w), { force: true })));
  }

  return {
    /** Checks and decodes `bytes`, then writes every variant under `name` (see uploadName). */
    async save(bytes: Uint8Array, name: string): Promise<SavedImage> {
      if (!namePattern.test(name)) throw new Error(`bad image name: ${name}`);
      const { data, info } = await decode(bytes);
      const raw = { width: info.width, height: info.height, channels: info.channels };
      await mkdir(dir, { recursive: true });
      try {
        for (const width of widths) {
          const tmp = path.join(dir, `.${name}-${width}.${process.pid}.tmp.webp`);
          try {
            let pipeline = sharp(data, { raw });
            if (width !== info.width)
              pipeline = pipeline.resize(width, Math.max(1, Math.round((width * info.height) / info.width)));
            await pipeline.webp({ quality: 82 }).toFile(tmp);
            await rename(tmp, fileOf(name, width));
          } finally {
            await rm(tmp, { force: true });
          }
        }
      } catch (error) {
        await removeFiles(name);
        throw error;
      }
      return { url: `/media/${shape.folder}/${name}-${largest}.webp`, remove: () => removeFiles(name) };
    },

    /** Removes the files of an image kept in this folder; a URL outside it is left alone. */
    async remove(url: string): Promise<void> {
      const name = urlPattern.exec(url)?.[1];
      if (name) await removeFiles(name);
    },
  };
}

export type ImageStore = ReturnType<typeof imageStore>;
