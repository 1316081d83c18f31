import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changedFields, dataProvider, listQuery } from './data-provider.ts';
import { aCategory, aFeedback, aProduct, aProductImage, aSize, aSyncRun } from './test-fixtures.ts';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Replaces fetch with one that records each request and answers the next of `answers`. */
function serve(...answers: Response[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body;
      sent.push({
        method: init.method ?? 'GET',
        url,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: body instanceof FormData ? body : typeof body === 'string' ? JSON.parse(body) : body,
      });
      const answer = answers.shift();
      if (!answer) throw new Error(`no answer for ${init.method} ${url}`);
      return answer;
    }),
  );
  return sent;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('access', 'access-1');
  localStorage.setItem('refresh', 'refresh-1');
  localStorage.setItem('is_staff', 'true');
  localStorage.setItem('is_superuser', 'false');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lists', () => {
  it('pages, sorts and filters in the query, and answers count and results', async () => {
    const results = [aProduct(1), aProduct(2)];
    const sent = serve(json({ count: 42, results }));
    const answer = await dataProvider.getList('products', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'price', order: 'DESC' },
      filter: { q: 'куртка', in_stock: true, category: [3, 4], brand: 7, empty: '', none: undefined },
    });
    expect(answer).toEqual({ data: results, total: 42 });
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]?.url ?? '', 'http://shop');
    expect(url.pathname).toBe('/api/admin/products/');
    expect([...url.searchParams]).toEqual([
      ['page', '2'],
      ['page_size', '25'],
      ['sort', 'price'],
      ['order', 'desc'],
      ['q', 'куртка'],
      ['in_stock', 'true'],
      ['category', '3'],
      ['category', '4'],
      ['brand', '7'],
    ]);
    expect(sent[0]?.headers.Authorization).toBe('Bearer access-1');
  });

  it('sorts ascending in lower case and writes dates as ISO instants', () => {
    const query = listQuery({
      sort: { field: 'created_at', order: 'ASC' },
      filter: { created_after: new Date('2026-11-01T10:00:00Z'), handled: false },
    });
    expect(query.toString()).toBe('sort=created_at&order=asc&created_after=2026-11-01T10%3A00%3A00.000Z&handled=false');
  });

  it('fetches many by repeated ids, a page as large as the ids', async () => {
    const results = [aCategory(5), aCategory(9)];
    const sent = serve(json({ count: 2, results }));
    expect(await dataProvider.getMany('categories', { ids: [5, 9] })).toEqual({ data: results });
    expect(sent[0]?.url).toBe('/api/admin/categories/?id=5&id=9&page_size=2');
  });

  it('asks for more than a page of ids in several calls', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    const sent = serve(
      json({ count: 200, results: ids.slice(0, 200).map((id) => aProduct(id)) }),
      json({ count: 50, results: ids.slice(200).map((id) => aProduct(id)) }),
    );
    const answer = await dataProvider.getMany('products', { ids });
    expect(answer.data).toHaveLength(250);
    expect(sent.map((s) => new URL(s.url, 'http://shop').searchParams.get('page_size'))).toEqual(['200', '50']);
  });

  it('filters the records of a reference by its target', async () => {
    const results = [aProduct(3, { category_id: 4 })];
    const sent = serve(json({ count: 1, results }));
    const answer = await dataProvider.getManyReference('products', {
      target: 'category',
      id: 4,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'дзвонили' },
    });
    expect(answer).toEqual({ data: results, total: 1 });
    const url = new URL(sent[0]?.url ?? '', 'http://shop');
    expect(url.pathname).toBe('/api/admin/products/');
    expect([...url.searchParams]).toEqual([
      ['page', '1'],
      ['page_size', '10'],
      ['sort', 'id'],
      ['order', 'asc'],
      ['q', 'дзвонили'],
      ['category', '4'],
    ]);
  });
});

describe('records', () => {
  it('reads one at its own address, the id escaped', async () => {
    const sent = serve(json(aSize(3)));
    expect(await dataProvider.getOne('sizes', { id: 'a/b' })).toEqual({ data: aSize(3) });
    expect(sent[0]?.url).toBe('/api/admin/sizes/a%2Fb/');
  });

  it('creates with a POST of the data', async () => {
    const sent = serve(json(aProduct(7, { name: 'Берці' }), 201));
    expect(await dataProvider.create('products', { data: { name: 'Берці' } })).toEqual({
      data: aProduct(7, { name: 'Берці' }),
    });
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/admin/products/', body: { name: 'Берці' } });
    expect(sent[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('updates with a PATCH of the changed fields only', async () => {
    const updated = aProduct(7, { name: 'Берці', price: '1500.00', size_ids: [1, 2] });
    const sent = serve(json(updated));
    const previousData = aProduct(7, { name: 'Берці', price: '1400.00', size_ids: [1] });
    const answer = await dataProvider.update('products', { id: 7, data: updated, previousData });
    expect(answer.data).toEqual(updated);
    expect(sent[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/admin/products/7/',
      body: { price: '1500.00', size_ids: [1, 2] },
    });
  });

  it('sends nothing when nothing changed', async () => {
    const sent = serve();
    const previousData = { id: 7, name: 'Берці' };
    const answer = await dataProvider.update('products', { id: 7, data: { ...previousData }, previousData });
    expect(answer.data).toEqual(previousData);
    expect(sent).toEqual([]);
  });

  it('diffs fields added, changed and cleared, never the id', () => {
    expect(
      changedFields({ id: 1, a: 1, b: null, c: { x: 1 }, d: 'new' }, { id: 2, a: 1, b: 'was', c: { x: 1 } }),
    ).toEqual({
      b: null,
      d: 'new',
    });
  });

  it('changes many at once through the bulk call', async () => {
    const sent = serve(json({ ids: [1, 2] }));
    expect(await dataProvider.updateMany('products', { ids: [1, 2], data: { in_stock: false } })).toEqual({
      data: [1, 2],
    });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/admin/products/bulk/',
      body: { ids: [1, 2], data: { in_stock: false } },
    });
  });

  it('deletes with a DELETE, answering the record it had', async () => {
    const sent = serve(new Response(null, { status: 204 }));
    const previousData = { id: 4, name: 'Шеврон' };
    expect(await dataProvider.delete('products', { id: 4, previousData })).toEqual({ data: previousData });
    expect(sent[0]).toMatchObject({ method: 'DELETE', url: '/api/admin/products/4/' });
  });

  it('deletes many with one DELETE each', async () => {
    const sent = serve(new Response(null, { status: 204 }), new Response(null, { status: 204 }));
    expect(await dataProvider.deleteMany('sizes', { ids: [1, 2] })).toEqual({ data: [1, 2] });
    expect(sent.map((s) => `${s.method} ${s.url}`).sort()).toEqual([
      'DELETE /api/admin/sizes/1/',
      'DELETE /api/admin/sizes/2/',
    ]);
  });
});

describe('actions and uploads', () => {
  it('posts an action on a record, or on the resource without an id', async () => {
    const handled = aFeedback(5, { handled: true });
    const sent = serve(json(handled), json(aSyncRun(), 202));
    expect(await dataProvider.action('feedback', 5, 'handled', { handled: true })).toEqual(handled);
    expect(await dataProvider.action('carrier', undefined, 'sync')).toEqual(aSyncRun());
    expect(sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', '/api/admin/feedback/5/handled/', { handled: true }],
      ['POST', '/api/admin/carrier/sync/', {}],
    ]);
  });

  it('refuses a call the resource does not have, sending nothing', async () => {
    const sent = serve();
    expect(() => dataProvider.action('orders', 'a1', 'cancel')).toThrow('no call "actions.cancel" for "orders"');
    await expect(dataProvider.getList('banners', {})).rejects.toThrow('no call "list" for "banners"');
    expect(sent).toEqual([]);
  });

  it('uploads a file with its fields as multipart, the browser setting the boundary', async () => {
    const sent = serve(json(aProductImage(1, { color_id: 3 }), 201));
    const file = new File(['png'], 'photo.png', { type: 'image/png' });
    expect(await dataProvider.upload('products', 7, 'images', file, { color_id: '3' })).toEqual(
      aProductImage(1, { color_id: 3 }),
    );
    expect(sent[0]?.url).toBe('/api/admin/products/7/images/');
    expect(sent[0]?.headers['Content-Type']).toBeUndefined();
    const form = sent[0]?.body as FormData;
    expect(form.get('color_id')).toBe('3');
    expect((form.get('file') as File).name).toBe('photo.png');
  });
});

describe('errors', () => {
  it('turns field errors into an HttpError whose body has them for the form', async () => {
    serve(json({ price: ['Must be positive.', 'Too many decimals.'], non_field_errors: ['Sold out.'] }, 400));
    const error = await dataProvider.create('products', { data: { price: '-1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      message: 'ra.message.invalid_form',
      body: {
        price: ['Must be positive.', 'Too many decimals.'],
        errors: { price: 'Must be positive. Too many decimals.', root: { serverError: 'Sold out.' } },
      },
    });
  });

  it('keeps the detail as the message and the code in the body', async () => {
    serve(json({ detail: 'The order is already shipped.', code: 'order_shipped' }, 409));
    const error = await dataProvider.action('customers', 4, 'block').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 409,
      message: 'The order is already shipped.',
      body: { detail: 'The order is already shipped.', code: 'order_shipped' },
    });
  });

  it('answers a body that is not JSON with the generic message', async () => {
    serve(new Response('Bad Gateway', { status: 502 }));
    const error = await dataProvider.getOne('products', { id: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'ra.notification.http_error', body: 'Bad Gateway' });
  });
});
