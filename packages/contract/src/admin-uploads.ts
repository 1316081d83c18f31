import { z } from 'zod';

/**
 * Images the back office uploads (product photos, colour swatches, banners): one file in a
 * multipart form, checked by its content, never by its name or declared type.
 */

export const imageUploadLimits = {
  /** The largest file taken, in bytes. */
  bytes: 15 * 1024 * 1024,
  /** The most pixels an image may have: a larger one would take too much memory to decode. */
  pixels: 50_000_000,
} as const;

/** The answers to a refused image, on the `file` field; the back office translates them by message. */
export const imageUploadMessages = {
  required: 'Choose an image file to upload.',
  notAnImage: 'The file is not a JPEG, PNG or WebP image.',
  tooLarge: 'The image is larger than 15 MB.',
  /** Followed by the image's size, e.g. "(50000 × 50000 pixels; at most 50 megapixels)". */
  tooManyPixels: 'The image is too large in pixels',
  damaged: 'The image is damaged or incomplete.',
} as const;

/** The file part of a multipart form, as the server's upload parser hands it over (its bytes). */
export const uploadedFile = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, { error: imageUploadMessages.required })
  .meta({ type: 'string', format: 'binary', description: 'A JPEG, PNG or WebP image, up to 15 MB.' });
