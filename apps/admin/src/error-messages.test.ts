import { type ErrorCode, readErrorCodes, writeErrorCodes } from '@kram/contract/error-codes';
import { describe, expect, it } from 'vitest';
import { toHttpError } from './api.ts';
import { errorMessage, fieldErrors, formErrors, messageOf } from './error-messages.ts';
import { messages } from './i18n/i18n-provider.ts';

/** A failed answer as the client turns it into an error: the body, and the codes its header names. */
const refused = (status: number, body: unknown, codes: ErrorCode[]) =>
  toHttpError(status, body, readErrorCodes(writeErrorCodes(codes)));

/** The Ukrainian text under a key, so a code whose key does not exist fails. */
function ukText(key: string): string | undefined {
  let node: unknown = messages.uk;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

describe('a refused save’s field problems', () => {
  it('are the texts of their codes, with the values they name, the server’s words when no text has the code', () => {
    const error = refused(
      400,
      {
        slug: ['A product with this slug already exists.'],
        size_ids: ['There is no such size: 12, 13.'],
        'compositions.0.title': ['This field may not be blank.'],
        name: ['Too big: expected string to have <=200 characters'],
      },
      [
        { field: 'slug', code: 'product.slug_taken' },
        { field: 'size_ids', code: 'product.no_such_size', params: { ids: '12, 13' } },
        { field: 'compositions.0.title', code: 'catalog.blank' },
        { field: 'name', code: 'zod.too_big', params: { maximum: 200 } },
      ],
    );
    expect(fieldErrors(error, 'product')).toEqual({
      slug: { message: 'errors.product.slug_taken', args: {} },
      size_ids: { message: 'errors.product.no_such_size', args: { ids: '12, 13' } },
      'compositions.0.title': { message: 'errors.catalog.blank', args: {} },
      name: { message: 'Too big: expected string to have <=200 characters', args: {} },
    });
  });

  it('take each field’s first message, and leave out problems of no single field', () => {
    const error = refused(
      400,
      { email: ['No account has this e-mail address.', 'Second.'], non_field_errors: ['Whole request.'] },
      [
        { field: 'email', code: 'staff.no_account' },
        { field: 'email', code: 'invalid' },
        { field: 'non_field_errors', code: 'invalid' },
      ],
    );
    expect(fieldErrors(error, 'staff')).toEqual({ email: { message: 'errors.staff.no_account', args: {} } });
  });

  it('keep the server’s words when the answer names no codes', () => {
    const error = toHttpError(400, { slug: ['A category with this slug already exists.'] });
    expect(fieldErrors(error, 'catalog')).toEqual({
      slug: { message: 'A category with this slug already exists.', args: {} },
    });
  });

  it('are none outside a 400', () => {
    const error = refused(409, { slug: ['A category with this slug already exists.'] }, [
      { field: 'slug', code: 'catalog.slug_taken' },
    ]);
    expect(fieldErrors(error)).toEqual({});
  });

  it('come to a form in words', () => {
    const error = refused(400, { size_ids: ['There is no such size: 7.'] }, [
      { field: 'size_ids', code: 'product.no_such_size', params: { ids: '7' } },
    ]);
    const translate = (key: string, args?: Record<string, unknown>) => `${key} ${JSON.stringify(args)}`;
    expect(formErrors(error, translate, 'product')).toEqual({ size_ids: 'errors.product.no_such_size {"ids":"7"}' });
  });
});

describe('what staff are told of a failed call', () => {
  it('names a refusal by its code as the screen’s area words it', () => {
    const body = { detail: 'This is the last superuser: make someone else a superuser first.', code: 'last_superuser' };
    expect(errorMessage(refused(409, body, [{ code: 'last_superuser' }]), 'staff')).toEqual({
      message: 'errors.staff.last_superuser',
      args: {},
    });
    const inUse = refused(409, { detail: 'The colour is used by 2 products.', code: 'color_in_use' }, [
      { code: 'color_in_use' },
    ]);
    expect(errorMessage(inUse, 'product').message).toBe('errors.product.color_in_use');
    const holds = refused(409, { detail: 'The category holds products.', code: 'category_holds_products' }, [
      { code: 'category_holds_products' },
    ]);
    expect(errorMessage(holds, 'catalog').message).toBe('errors.catalog.category_holds_products');
  });

  it('tells the first field’s problem when the request as a whole has none', () => {
    const error = refused(400, { ids: ['List every subcategory of this parent once, and nothing else.'] }, [
      { field: 'ids', code: 'catalog.order_not_whole' },
    ]);
    expect(errorMessage(error, 'catalog')).toEqual({ message: 'errors.catalog.order_not_whole', args: {} });
  });

  it('tells a problem of no single field', () => {
    const error = refused(400, { non_field_errors: ['Choose at least one thing to change.'] }, [
      { field: 'non_field_errors', code: 'product.nothing_to_change' },
    ]);
    expect(errorMessage(error, 'product').message).toBe('errors.product.nothing_to_change');
  });

  it('falls back to the server’s words for a code with no text', () => {
    const gone = refused(404, { detail: 'No Product matches the given query.' }, [
      { code: 'not_found', params: { thing: 'Product' } },
    ]);
    expect(errorMessage(gone, 'product')).toEqual({ message: 'No Product matches the given query.', args: {} });
    expect(errorMessage(toHttpError(409, { detail: 'Conflict.' }))).toEqual({ message: 'Conflict.', args: {} });
    expect(errorMessage(new Error('offline'))).toEqual({ message: 'offline', args: {} });
  });
});

describe('the texts of the codes', () => {
  it('exist for every code the screens translate, the values they name included', () => {
    for (const code of [
      'catalog.too_deep',
      'catalog.size_taken',
      'product.old_price_not_above',
      'upload.not_an_image',
      'upload.too_large',
      'upload.damaged',
      'upload.required',
      'staff.no_account',
      'home_content.link',
    ]) {
      expect(ukText(messageOf({ code }, '?').message), code).toBeDefined();
    }
    const bomb = messageOf({ code: 'upload.too_many_pixels', params: { width: 50000, height: 50000 } }, '?');
    expect(bomb).toEqual({ message: 'errors.upload.too_many_pixels', args: { width: 50000, height: 50000 } });
    expect(ukText(bomb.message)).toContain('%{width} × %{height}');
    expect(messages.ru.errors.upload.too_many_pixels).toContain('%{width} × %{height}');
  });

  it('are the area’s own where the screen words a code its own way', () => {
    expect(messageOf({ code: 'catalog.blank' }, '?', 'home_content').message).toBe('errors.home_content.catalog.blank');
    expect(messageOf({ code: 'catalog.blank' }, '?', 'product').message).toBe('errors.catalog.blank');
    expect(messageOf({ code: 'home_content.too_long', params: { max: 60 } }, '?', 'home_content')).toEqual({
      message: 'errors.home_content.too_long',
      args: { max: 60 },
    });
    expect(messageOf({ code: 'upload.damaged' }, '?', 'home_content').message).toBe(
      'errors.home_content.upload.damaged',
    );
  });
});
