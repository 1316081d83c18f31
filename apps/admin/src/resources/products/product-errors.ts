import { adminCatalogMessages } from '@kram/contract/admin-catalog';
import { adminProductCodes, adminProductMessages } from '@kram/contract/admin-products';
import { imageUploadMessages } from '@kram/contract/admin-uploads';

/** A message to show: a translation key and its arguments, or the server's own words (no key known). */
export interface Translatable {
  message: string;
  args?: Record<string, string | number>;
}

interface ApiError {
  status?: number;
  body?: unknown;
  message?: string;
}

const prefix = 'resources.products.errors.';

// The server names problems in English; each one a screen here can meet has its translation.
const exact: Record<string, string> = {
  [adminCatalogMessages.required]: 'required',
  [adminCatalogMessages.blank]: 'blank',
  [adminCatalogMessages.slugFormat]: 'slug_format',
  [adminProductMessages.slugTaken]: 'slug_taken',
  [adminProductMessages.skuTaken]: 'sku_taken',
  [adminProductMessages.priceFormat]: 'price_format',
  [adminProductMessages.priceZero]: 'price_zero',
  [adminProductMessages.oldPriceNotAbove]: 'old_price_not_above',
  [adminProductMessages.noSuchCategory]: 'no_such_category',
  [adminProductMessages.colorNotOfProduct]: 'color_not_of_product',
  [adminProductMessages.imagesNotWhole]: 'images_not_whole',
  [adminProductMessages.nothingToChange]: 'nothing_to_change',
  [adminProductMessages.colorTaken]: 'color_taken',
  [adminProductMessages.colorRgbFormat]: 'color_rgb_format',
  [imageUploadMessages.required]: 'file_required',
  [imageUploadMessages.notAnImage]: 'not_an_image',
  [imageUploadMessages.tooLarge]: 'too_large',
  [imageUploadMessages.damaged]: 'damaged',
};

/** Messages that carry values: "There is no such size: 12, 13." */
function withValues(message: string): Translatable | undefined {
  for (const [start, key] of [
    [adminProductMessages.noSuchSize, 'no_such_size'],
    [adminProductMessages.noSuchColor, 'no_such_color'],
  ] as const) {
    if (message.startsWith(`${start}: `)) {
      return { message: prefix + key, args: { ids: message.slice(start.length + 2).replace(/\.$/, '') } };
    }
  }
  if (message.startsWith(imageUploadMessages.tooManyPixels)) {
    const size = /\((\d+) × (\d+)/.exec(message);
    return { message: `${prefix}too_many_pixels`, args: { width: size?.[1] ?? '?', height: size?.[2] ?? '?' } };
  }
  return undefined;
}

/** One message of the server in the back office's language (as a key), or as the server wrote it. */
export function translatable(message: string): Translatable {
  const key = exact[message];
  return key ? { message: prefix + key } : (withValues(message) ?? { message });
}

const bodyOf = (error: unknown): Record<string, unknown> => {
  const body = (error as ApiError | null)?.body;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
};

/**
 * A 400's field errors, each field's first message made translatable; nested fields (a composition's
 * title) keep the server's dotted name. Empty when the error has none.
 */
export function productFieldErrors(error: unknown): Record<string, Translatable> {
  if ((error as ApiError | null)?.status !== 400) return {};
  const errors: Record<string, Translatable> = {};
  for (const [field, messages] of Object.entries(bodyOf(error))) {
    // `errors` is the client's own copy of the same.
    if (field === 'errors' || !Array.isArray(messages)) continue;
    const first = messages.find((m): m is string => typeof m === 'string');
    if (first) errors[field] = translatable(first);
  }
  return errors;
}

/** What to tell staff when a change failed: a known refusal, the first field's message, or the server's words. */
export function productErrorMessage(error: unknown): Translatable {
  const body = bodyOf(error);
  if (body.code === adminProductCodes.colorInUse) return { message: `${prefix}color_in_use` };
  const [first] = Object.values(productFieldErrors(error));
  if (first) return first;
  if (typeof body.detail === 'string') return { message: body.detail };
  return { message: error instanceof Error && error.message ? error.message : 'ra.notification.http_error' };
}
