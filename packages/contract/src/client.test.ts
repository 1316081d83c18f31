import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Product } from './catalog.ts';
import { type ApiClientOptions, ApiError, ContractError, createApiClient } from './client.ts';
import { type AnyEndpoint, endpoint, endpointUrl } from './endpoint.ts';
import * as admin from './endpoints/admin.ts';
import * as shop from './endpoints/shop.ts';
import { errorCodesHeader, writeErrorCodes } from './error-codes.ts';
import type { RefreshStorage } from './token-refresh.ts';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records each request and answers the next of `answers`. */
function serve(...answers: Response[]) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body;
    sent.push({
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: typeof body === 'string' ? JSON.parse(body) : body,
    });
    const answer = answers.shift();
    if (!answer) throw new Error(`no answer for ${init.method} ${url}`);
    return answer;
  });
  return { sent, fetch };
}

function session(access: string | null = 'access-1', refresh = 'refresh-1'): RefreshStorage & { cleared: boolean } {
  const tokens = { access, refresh: refresh as string | null };
  return {
    cleared: false,
    access: () => tokens.access,
    refresh: () => tokens.refresh,
    saveRefreshed(pair) {
      tokens.access = pair.access;
      if (pair.refresh) tokens.refresh = pair.refresh;
    },
    clear() {
      tokens.access = null;
      tokens.refresh = null;
      this.cleared = true;
    },
  };
}

const client = (options: ApiClientOptions) => createApiClient({ locks: () => null, ...options });

const status = { order_id: '0f8fad5b-d9cb-469f-a165-70867728950e', status: 'paid', payment_method: 'card' };

describe('endpoints', () => {
  const isEndpoint = (value: unknown): value is AnyEndpoint =>
    typeof value === 'object' && value !== null && 'schemas' in value;
  const all = ([...Object.values(shop), ...Object.values(admin)] as unknown[]).filter(isEndpoint);

  it.each(all.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s lists the error statuses its schemas describe',
    async (_, e) => {
      const schemas = await e.schemas();
      expect(Object.keys(schemas.errors ?? {}).map(Number)).toEqual([...e.errors].sort((a, b) => a - b));
    },
  );

  it('names each path parameter its params schema checks', async () => {
    for (const e of all) {
      const { params } = (await e.schemas()) as { params?: { shape?: Record<string, unknown> } };
      const names = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      if (params?.shape) expect(Object.keys(params.shape).sort(), e.path).toEqual([...names].sort());
    }
  });

  it('fills in the path, escaped, and writes the query without empty values, arrays as repeated keys', () => {
    expect(endpointUrl(shop.product, { slug: 'a/b c' })).toBe('/api/products/a%2Fb%20c');
    expect(
      endpointUrl(admin.productList, undefined, { page: 2, q: 'куртка', id: [1, 2], empty: '', none: undefined }),
    ).toBe('/api/admin/products/?page=2&q=%D0%BA%D1%83%D1%80%D1%82%D0%BA%D0%B0&id=1&id=2');
    expect(() => endpointUrl(shop.product, {})).toThrow('no value for the parameter "slug"');
  });

  it('types the call: parameters, query keys, body and answer come from the schemas', () => {
    const api = createApiClient();
    const read = () => api.call(shop.product, { params: { slug: 'x' } });
    const remove = () => api.call(shop.removeFromWishlist, { body: { product_id: 1 } });
    expectTypeOf(read).returns.resolves.toEqualTypeOf<Product>();
    expectTypeOf(remove).returns.resolves.toEqualTypeOf<null>();
    // @ts-expect-error the slug is required
    void (() => api.call(shop.product));
    // @ts-expect-error `colour` is not a key of the listing's query
    void (() => api.call(shop.products, { query: { colour: '1' } }));
  });
});

describe('the client', () => {
  it('answers the typed body and sends the stored token as a bearer header, JSON both ways', async () => {
    const { sent, fetch } = serve(json({ product: { id: 1 } }, 201));
    const entry = endpoint({ method: 'POST', path: '/api/x/', errors: [], schemas: async () => ({}) });
    expect(await client({ fetch, session: session() }).call(entry, { headers: { 'Idempotency-Key': 'k' } })).toEqual({
      product: { id: 1 },
    });
    expect(sent[0]).toMatchObject({
      url: '/api/x/',
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: 'Bearer access-1', 'Idempotency-Key': 'k' },
    });
  });

  it('throws an ApiError with the status, the body and Retry-After for a failed answer', async () => {
    const { fetch } = serve(json({ detail: 'Too many tries.' }, 429, { 'Retry-After': '30' }));
    const error = await client({ fetch })
      .call(shop.login, { body: { email_or_phone: 'a@b.c', password: 'secret' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, body: { detail: 'Too many tries.' }, retryAfter: 30 });
    expect((error as Error).message).toBe('Too many tries.');
    expect((error as ApiError).codes).toEqual([]);
  });

  it('reads the code of each message of a failed answer, with the values it names', async () => {
    const codes = [
      { field: 'email', code: 'account.not_unique' },
      { field: 'name', code: 'zod.too_big', params: { maximum: 100 } },
    ];
    const { sent, fetch } = serve(
      json({ email: ['This field must be unique.'], name: ['Too long.'] }, 400, {
        [errorCodesHeader]: writeErrorCodes(codes),
      }),
    );
    const error = await client({ fetch })
      .call(shop.register, {
        body: { first_name: 'О', last_name: 'К', email: 'a@b.c', telephone: '', password: 'p', password2: 'p' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).codes).toEqual(codes);
    // Codes come with answers only: a request names none.
    expect(Object.keys(sent[0]?.headers ?? {}).map((h) => h.toLowerCase())).not.toContain(errorCodesHeader);
  });

  it('finds no codes in a malformed header, keeping the body', async () => {
    const { fetch } = serve(json({ detail: 'No.' }, 409, { [errorCodesHeader]: 'not json' }));
    const error = (await client({ fetch })
      .call(admin.dashboard)
      .catch((e: unknown) => e)) as ApiError;
    expect(error.codes).toEqual([]);
    expect(error.body).toEqual({ detail: 'No.' });
  });

  it('turns a failed answer into the app’s own error when told how', async () => {
    const { fetch } = serve(json({ detail: 'No.' }, 403));
    const toError = (e: ApiError) => new RangeError(`${e.status}`);
    await expect(client({ fetch, toError }).call(admin.dashboard)).rejects.toThrow(RangeError);
  });

  it('on a 401 to a call that carried a token refreshes once and repeats it', async () => {
    const stored = session();
    const { sent, fetch } = serve(
      json({ detail: 'expired' }, 401),
      json({ access: 'access-2', refresh: 'refresh-2' }),
      json(status),
    );
    const api = client({ fetch, session: stored });
    expect(await api.call(shop.orderStatus, { params: { order_id: status.order_id } })).toEqual(status);
    expect(sent.map((s) => [s.url, s.headers.Authorization])).toEqual([
      [`/api/orders/${status.order_id}/status/`, 'Bearer access-1'],
      ['/api/token/refresh/', undefined],
      [`/api/orders/${status.order_id}/status/`, 'Bearer access-2'],
    ]);
    expect(stored.access()).toBe('access-2');
  });

  it('retries once only, and ends the sign-in when the refresh is refused', async () => {
    const stored = session();
    const onRefused = vi.fn();
    const { sent, fetch } = serve(json({ detail: 'expired' }, 401), json({ detail: 'Token is invalid' }, 401));
    const error = await client({ fetch, session: stored, onRefused })
      .call(shop.wishlist)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(sent).toHaveLength(2);
    expect(onRefused).toHaveBeenCalledOnce();
    expect(stored.cleared).toBe(true);
  });

  it('neither sends the token nor refreshes for a call that signs in', async () => {
    const { sent, fetch } = serve(json({ detail: 'Incorrect credentials.' }, 401));
    const api = client({ fetch, session: session() });
    await expect(api.call(shop.login, { body: { email_or_phone: 'a@b.c', password: 'x' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.Authorization).toBeUndefined();
  });

  it('sends an upload as the form it is, the browser setting the boundary', async () => {
    const { sent, fetch } = serve(json({}, 201));
    const form = new FormData();
    form.append('file', new File(['png'], 'photo.png', { type: 'image/png' }));
    await client({ fetch }).call(admin.productImageUpload, { params: { id: 7 }, body: form });
    expect(sent[0]?.url).toBe('/api/admin/products/7/images/');
    expect(sent[0]?.headers['Content-Type']).toBeUndefined();
    expect(sent[0]?.body).toBe(form);
  });

  it('answers the response as it is through send (a file to download)', async () => {
    const { fetch } = serve(new Response('a;b\n', { headers: { 'Content-Type': 'text/csv' } }));
    const response = await client({ fetch }).send(admin.orderExport, { query: { status: ['new'] } });
    expect(await response.text()).toBe('a;b\n');
  });
});

describe('answers checked against the contract', () => {
  it('throws when a stub drifts from the contract, naming the endpoint and the issue', async () => {
    // The status view as it was before `payment_method` was added, and with a status the shop has not.
    const { fetch } = serve(json({ order_id: status.order_id, status: 'lost' }));
    const error = await client({ fetch, checkAnswers: true })
      .call(shop.orderStatus, { params: { order_id: status.order_id } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).endpoint).toBe('GET /api/orders/:order_id/status/');
    expect((error as Error).message).toMatch(/^GET \/api\/orders\/:order_id\/status\/ answered a body its contract/);
    expect((error as Error).message).toContain('status: ');
    expect((error as Error).message).toContain('payment_method: ');
  });

  it('lets an answer the contract describes through', async () => {
    const { fetch } = serve(json(status));
    const api = client({ fetch, checkAnswers: true });
    expect(await api.call(shop.orderStatus, { params: { order_id: status.order_id } })).toEqual(status);
  });

  it('does not parse in production: the drifting stub is answered as it is, and no schema is loaded', async () => {
    const drifted = { order_id: status.order_id, status: 'lost' };
    const schemas = vi.fn(async () => {
      throw new Error('the schemas were loaded');
    });
    const unchecked = { ...shop.orderStatus, schemas } as unknown as typeof shop.orderStatus;
    const { fetch } = serve(json(drifted));
    const api = client({ fetch, checkAnswers: false });
    expect(await api.call(unchecked, { params: { order_id: status.order_id } })).toEqual(drifted);
    expect(schemas).not.toHaveBeenCalled();
  });
});
