import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { productsRu, productsUk } from '../../i18n/products.ts';
import { productErrorMessage, productFieldErrors, translatable } from './product-errors.ts';

/** The text a key names in the Ukrainian texts, so a mapping to a key that does not exist fails. */
function ukText(key: string): string | undefined {
  let node: unknown = { resources: productsUk };
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

describe('product errors', () => {
  it('turns the server’s field messages into translation keys, with the values some carry', () => {
    const error = new HttpError('ra.message.invalid_form', 400, {
      slug: ['A product with this slug already exists.'],
      old_price: ['The old price must be higher than the price.'],
      size_ids: ['There is no such size: 12, 13.'],
      'compositions.0.title': ['This field may not be blank.'],
      name: ['Ensure this field has no more than 200 characters.'],
      errors: { slug: 'A product with this slug already exists.' },
    });
    expect(productFieldErrors(error)).toEqual({
      slug: { message: 'resources.products.errors.slug_taken' },
      old_price: { message: 'resources.products.errors.old_price_not_above' },
      size_ids: { message: 'resources.products.errors.no_such_size', args: { ids: '12, 13' } },
      'compositions.0.title': { message: 'resources.products.errors.blank' },
      name: { message: 'Ensure this field has no more than 200 characters.' },
    });
  });

  it('names each refused upload in both languages, the pixel bomb with its size', () => {
    const bomb = translatable('The image is too large in pixels (50000 × 50000 pixels; at most 50 megapixels).');
    expect(bomb).toEqual({
      message: 'resources.products.errors.too_many_pixels',
      args: { width: '50000', height: '50000' },
    });
    for (const message of [
      'The file is not a JPEG, PNG or WebP image.',
      'The image is larger than 15 MB.',
      'The image is damaged or incomplete.',
      'Choose an image file to upload.',
    ]) {
      const key = translatable(message).message;
      expect(key).toMatch(/^resources\.products\.errors\./);
      expect(ukText(key), key).toBeDefined();
    }
    expect(ukText(bomb.message)).toContain('%{width} × %{height}');
    expect(productsRu.products.errors.too_many_pixels).toContain('%{width} × %{height}');
  });

  it('tells a refused colour deletion by its code, else the first field, else the server’s detail', () => {
    const inUse = new HttpError('x', 409, { detail: 'The colour is used by 2 products.', code: 'color_in_use' });
    expect(productErrorMessage(inUse)).toEqual({ message: 'resources.products.errors.color_in_use' });
    const field = new HttpError('x', 400, { file: ['The image is damaged or incomplete.'] });
    expect(productErrorMessage(field)).toEqual({ message: 'resources.products.errors.damaged' });
    const gone = new HttpError('No Product matches the given query.', 404, {
      detail: 'No Product matches the given query.',
    });
    expect(productErrorMessage(gone)).toEqual({ message: 'No Product matches the given query.' });
    expect(productFieldErrors(new HttpError('x', 409, { slug: ['A product with this slug already exists.'] }))).toEqual(
      {},
    );
  });
});
