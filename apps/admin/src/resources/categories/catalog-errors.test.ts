import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { catalogErrorMessage, catalogFieldErrors, catalogRefusalKey } from './catalog-errors.ts';

describe('catalogue errors', () => {
  it('turns the server’s field messages into translation keys, keeping unknown ones as they are', () => {
    const error = new HttpError('ra.message.invalid_form', 400, {
      slug: ['A category with this slug already exists.'],
      parent_id: ['Categories are at most three levels deep.'],
      name: ['Ensure this field has no more than 100 characters.'],
      errors: { slug: 'A category with this slug already exists.' },
    });
    expect(catalogFieldErrors(error)).toEqual({
      slug: 'resources.categories.errors.slug_taken',
      parent_id: 'resources.categories.errors.too_deep',
      name: 'Ensure this field has no more than 100 characters.',
    });
  });

  it('finds no field errors outside a 400', () => {
    expect(
      catalogFieldErrors(new HttpError('x', 409, { slug: ['A category with this slug already exists.'] })),
    ).toEqual({});
  });

  it('names a refused deletion by its code', () => {
    const error = new HttpError('The category still holds 3 products.', 409, {
      detail: 'The category still holds 3 products.',
      code: 'category_holds_products',
    });
    expect(catalogRefusalKey(error)).toBe('resources.categories.errors.holds_products');
    expect(catalogRefusalKey(new HttpError('x', 409, { detail: 'x', code: 'size_in_use' }))).toBe(
      'resources.sizes.errors.in_use',
    );
    expect(catalogRefusalKey(new HttpError('x', 409, { detail: 'x' }))).toBeUndefined();
  });

  it('tells what went wrong in one message, the server’s own words last', () => {
    expect(catalogErrorMessage(new HttpError('x', 409, { detail: 'x', code: 'size_in_use' }))).toBe(
      'resources.sizes.errors.in_use',
    );
    expect(
      catalogErrorMessage(
        new HttpError('x', 400, { ids: ['List every subcategory of this parent once, and nothing else.'] }),
      ),
    ).toBe('resources.categories.errors.order_not_whole');
    expect(catalogErrorMessage(new HttpError('Conflict.', 409, { detail: 'Conflict.' }))).toBe('Conflict.');
  });
});
