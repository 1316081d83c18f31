import type { AuditEntry } from '@kram/contract/admin';
import type { AdminColor, AdminProduct } from '@kram/contract/admin-products';
import { imageUploadMessages } from '@kram/contract/admin-uploads';
import type { Product } from '@kram/contract/catalog';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { filesUnder, flatImage, multipartForm, noisyJpeg } from '../../../test/images.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';

describe.each(dialectBackends)('colours in the back office on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(staff.access), ...(payload ? { payload } : {}) });

  async function ok<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<T> {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as T;
  }

  const list = (query = '') => ok<{ count: number; results: AdminColor[] }>('GET', `/api/admin/colors/?${query}`);
  const auditOf = async (id: number) =>
    (await ok<{ results: AuditEntry[] }>('GET', `/api/admin/audit/?entity=color&entity_id=${id}`)).results;
  const uploadSwatch = (id: number, bytes: Buffer, name = 'tile.png') => {
    const form = multipartForm({}, { name, type: 'image/png', bytes });
    return ctx.app.inject({
      method: 'POST',
      url: `/api/admin/colors/${id}/swatch/`,
      headers: { ...bearer(staff.access), ...form.headers },
      payload: form.payload,
    });
  };
  const fresh = () => `Колір ${Math.random().toString(36).slice(2, 8)}`;

  /** A product of the colour, as the storefront shows it. */
  async function productIn(colorId: number): Promise<AdminProduct> {
    const [category] = await ctx.database.rows<{ id: number }>(sql`select id from categories order by id limit 1`);
    return ok<AdminProduct>('POST', '/api/admin/products/', {
      slug: `color-test-${Math.random().toString(36).slice(2, 8)}`,
      sku: `KR-CL-${Math.random().toString(36).slice(2, 8)}`,
      name: 'Футболка',
      name_ru: 'Футболка',
      price: '500',
      category_id: category?.id,
      color_ids: [colorId],
    });
  }

  beforeAll(async () => {
    ctx = await createTestContext(backend, {}, { cacheCheckIntervalMs: 3_600_000 });
    staff = await staffUser(ctx.app, ctx.database);
  });
  afterAll(() => ctx?.close());

  it('lists colours by position with how many products come in each; searches both names', async () => {
    const { count, results } = await list('page_size=200');
    expect(count).toBe(results.length);
    const positions = results.map((c) => c.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const first = results[0] as AdminColor;
    const [used] = await ctx.database.rows<{ n: number }>(
      sql`select count(*)::int as n from product_colors where color_id = ${first.id}`,
    );
    expect(first.product_count).toBe(used?.n);
    expect((await list(`q=${encodeURIComponent(first.name_ru.slice(0, 4))}`)).results.map((c) => c.id)).toContain(
      first.id,
    );
    expect((await list(`id=${first.id}`)).results).toEqual([first]);
  });

  it('creates a colour after the last one, refuses a name in use and a bad RGB value, logs the creation', async () => {
    const before = (await list('page_size=200')).results;
    const name = fresh();
    const made = await ok<AdminColor>('POST', '/api/admin/colors/', { name, name_ru: 'Цвет', color_rgb: '#a1b2c3' });
    expect(made).toMatchObject({ name, name_ru: 'Цвет', color_rgb: '#A1B2C3', swatch_image: null, product_count: 0 });
    expect(made.position).toBe(Math.max(...before.map((c) => c.position)) + 1);
    expect(await ok('GET', `/api/admin/colors/${made.id}/`)).toEqual(made);

    const taken = await call('POST', '/api/admin/colors/', { name: name.toUpperCase(), name_ru: 'x' });
    expect([taken.statusCode, taken.json()]).toEqual([400, { name: ['A colour with this name already exists.'] }]);
    const badRgb = await call('POST', '/api/admin/colors/', { name: fresh(), name_ru: 'x', color_rgb: 'red' });
    expect([badRgb.statusCode, badRgb.json()]).toEqual([400, { color_rgb: ['Use a colour such as #5A5D37.'] }]);
    expect(await auditOf(made.id)).toMatchObject([
      { action: 'color.create', before: null, after: { id: made.id, name, color_rgb: '#A1B2C3' } },
    ]);
  });

  it('edits a colour, and the storefront’s products and filters show the change at once', async () => {
    const color = await ok<AdminColor>('POST', '/api/admin/colors/', {
      name: fresh(),
      name_ru: 'Цвет',
      color_rgb: '#111111',
    });
    const product = await productIn(color.id);
    const shownBefore = (await ctx.app.inject(`/api/products/${product.slug}`)).json() as Product;
    expect(shownBefore.colors).toEqual([
      {
        id: color.id,
        name: color.name,
        name_ru: 'Цвет',
        color_rgb: '#111111',
        swatch_image: null,
        available: true,
        sizes_available: shownBefore.sizes.map((s) => s.id),
      },
    ]);

    const changed = await ok<AdminColor>('PATCH', `/api/admin/colors/${color.id}/`, {
      name_ru: 'Тёмный',
      color_rgb: null,
    });
    expect(changed).toMatchObject({ ...color, name_ru: 'Тёмный', color_rgb: null, product_count: 1 });
    const shown = (await ctx.app.inject(`/api/products/${product.slug}`)).json() as Product;
    expect(shown.colors[0]).toMatchObject({ name_ru: 'Тёмный', color_rgb: null });
    const listing = (await ctx.app.inject(`/api/products?color=${color.id}`)).json();
    expect(listing.results.available_colors).toContainEqual(
      expect.objectContaining({ id: color.id, name_ru: 'Тёмный' }),
    );
    expect((await auditOf(color.id))[0]).toMatchObject({
      action: 'color.update',
      before: { name_ru: 'Цвет', color_rgb: '#111111' },
      after: { name_ru: 'Тёмный', color_rgb: null },
    });
  });

  it('keeps an uploaded swatch as a square tile, replaces it, removes it, and forgets the old files', async () => {
    const color = await ok<AdminColor>('POST', '/api/admin/colors/', { name: fresh(), name_ru: 'Камуфляж' });
    const product = await productIn(color.id);
    const first = await uploadSwatch(color.id, await noisyJpeg(300, 200), 'tile.jpg');
    expect(first.statusCode, first.body).toBe(200);
    const one = first.json() as AdminColor;
    expect(one.swatch_image).toMatch(new RegExp(`^/media/swatches/c${color.id}-[0-9a-f]{12}-96\\.webp$`));
    const served = await ctx.app.inject(one.swatch_image ?? '');
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
    const shown = (await ctx.app.inject(`/api/products/${product.slug}`)).json() as Product;
    expect(shown.colors[0]?.swatch_image).toBe(one.swatch_image);

    const two = (await uploadSwatch(color.id, await flatImage('png'))).json() as AdminColor;
    const swatches = (await filesUnder(ctx.config.mediaDir)).filter((f) => f.startsWith(`swatches/c${color.id}-`));
    expect(swatches).toEqual([(two.swatch_image ?? '').replace('/media/', '')]);
    expect((await auditOf(color.id))[0]).toMatchObject({
      action: 'color.swatch',
      before: { swatch_image: one.swatch_image },
      after: { swatch_image: two.swatch_image },
    });

    const cleared = await ok<AdminColor>('DELETE', `/api/admin/colors/${color.id}/swatch/`);
    expect(cleared.swatch_image).toBeNull();
    expect((await filesUnder(ctx.config.mediaDir)).filter((f) => f.startsWith(`swatches/c${color.id}-`))).toEqual([]);
    expect(
      ((await ctx.app.inject(`/api/products/${product.slug}`)).json() as Product).colors[0]?.swatch_image,
    ).toBeNull();
  });

  it('refuses a swatch that is not an image, keeping the one it had', async () => {
    const color = await ok<AdminColor>('POST', '/api/admin/colors/', { name: fresh(), name_ru: 'x' });
    const good = (await uploadSwatch(color.id, await flatImage('png'))).json() as AdminColor;
    const files = await filesUnder(ctx.config.mediaDir);
    const res = await uploadSwatch(color.id, Buffer.from('GIF89a but not really'), 'tile.png');
    expect([res.statusCode, res.json()]).toEqual([400, { file: [imageUploadMessages.notAnImage] }]);
    expect(await filesUnder(ctx.config.mediaDir)).toEqual(files);
    expect((await ok<AdminColor>('GET', `/api/admin/colors/${color.id}/`)).swatch_image).toBe(good.swatch_image);
    expect((await uploadSwatch(999999, await flatImage('png'))).statusCode).toBe(404);
    expect(await filesUnder(ctx.config.mediaDir)).toEqual(files);
  });

  it('refuses to delete a colour products come in (409), deletes it once they do not, with its swatch', async () => {
    const color = await ok<AdminColor>('POST', '/api/admin/colors/', { name: fresh(), name_ru: 'x' });
    await uploadSwatch(color.id, await flatImage('png'));
    const product = await productIn(color.id);
    const refused = await call('DELETE', `/api/admin/colors/${color.id}/`);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { detail: 'The colour is used by 1 product: remove it from them first.', code: 'color_in_use' },
    ]);
    await ok('PATCH', `/api/admin/products/${product.id}/`, { color_ids: [] });
    const res = await call('DELETE', `/api/admin/colors/${color.id}/`);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', `/api/admin/colors/${color.id}/`)).statusCode).toBe(404);
    expect((await filesUnder(ctx.config.mediaDir)).filter((f) => f.startsWith(`swatches/c${color.id}-`))).toEqual([]);
    expect((await auditOf(color.id))[0]).toMatchObject({ action: 'color.delete', after: null });
  });
});
