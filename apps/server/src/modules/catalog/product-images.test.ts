import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AuditEntry } from '@kram/contract/admin';
import type { AdminProduct, AdminProductImage } from '@kram/contract/admin-products';
import { imageUploadLimits, imageUploadMessages } from '@kram/contract/admin-uploads';
import type { Product } from '@kram/contract/catalog';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../../../test/helpers.ts';
import { filesUnder, flatImage, multipartForm, noisyJpeg, pngBomb } from '../../../test/images.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';
import { uploadFormMessages } from '../../infra/http/image-uploads.ts';

const widths = ['1200', '160', '400', '800'];

describe.each(pgliteOnly)('product photos in the back office on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
  let colorIds: number[];
  let categoryId: number;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(staff.access), ...(payload ? { payload } : {}) });

  async function ok<T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T> {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as T;
  }

  function upload(
    productId: number,
    file?: { name: string; type: string; bytes: Buffer; field?: string },
    fields: Record<string, string> = {},
  ) {
    const form = multipartForm(fields, file);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/admin/products/${productId}/images/`,
      headers: { ...bearer(staff.access), ...form.headers },
      payload: form.payload,
    });
  }

  const newProduct = () =>
    ok<AdminProduct>('POST', '/api/admin/products/', {
      slug: `photo-test-${Math.random().toString(36).slice(2, 8)}`,
      sku: `KR-PH-${Math.random().toString(36).slice(2, 8)}`,
      name: 'Рюкзак штурмовий',
      name_ru: 'Рюкзак штурмовой',
      price: '1800',
      category_id: categoryId,
      color_ids: colorIds,
    });
  const auditOf = async (id: number) =>
    (await ok<{ results: AuditEntry[] }>('GET', `/api/admin/audit/?entity=product&entity_id=${id}`)).results;
  const photoRows = async () =>
    (await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from product_images`))[0]?.n;

  beforeAll(async () => {
    ctx = await createTestContext(backend, {}, { cacheCheckIntervalMs: 3_600_000 });
    staff = await staffUser(ctx.app, ctx.database);
    colorIds = (await ctx.database.rows<{ id: number }>(sql`select id from colors order by position limit 2`)).map(
      (c) => c.id,
    );
    const [category] = await ctx.database.rows<{ id: number }>(sql`select id from categories order by id limit 1`);
    categoryId = category?.id ?? 0;
  });
  afterAll(() => ctx?.close());

  it('uploads a photo of a colour: WebP variants in the media folder, served, shown by the storefront at once', async () => {
    const product = await newProduct();
    expect((await ctx.app.inject(`/api/products/${product.slug}`)).json().product_images).toEqual([]);
    const res = await upload(
      product.id,
      { name: 'IMG_0001.JPG', type: 'image/jpeg', bytes: await noisyJpeg() },
      {
        color_id: String(colorIds[1]),
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json() as AdminProductImage;
    expect(image).toMatchObject({ color_id: colorIds[1], position: 0 });
    expect(image.image).toMatch(new RegExp(`^/media/products/p${product.id}-[0-9a-f]{12}-1200\\.webp$`));
    const name = path.basename(image.image).replace(/-1200\.webp$/, '');
    expect(Object.keys(image.variants).sort()).toEqual(widths.slice().sort());
    expect(await filesUnder(ctx.config.mediaDir)).toEqual(widths.map((w) => `products/${name}-${w}.webp`));

    const served = await ctx.app.inject(image.variants['400'] ?? '');
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
    const shown = (await ctx.app.inject(`/api/products/${product.slug}`)).json() as Product;
    expect(shown.product_images).toEqual([{ image: image.image, color: colorIds[1], variants: image.variants }]);
    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({
      action: 'product.image_add',
      before: null,
      after: { id: image.id, image: image.image, color_id: colorIds[1], position: 0 },
    });
  });

  it.each([
    [
      'a text file named .jpg',
      { name: 'x.jpg', type: 'image/jpeg', bytes: Buffer.from('Just some words.\n') },
      [imageUploadMessages.notAnImage],
    ],
    [
      'a 50,000 × 50,000 PNG header',
      { name: 'bomb.png', type: 'image/png', bytes: pngBomb() },
      [`${imageUploadMessages.tooManyPixels} (50000 × 50000 pixels; at most 50 megapixels).`],
    ],
  ])('refuses %s with a clear message, storing nothing', async (_, file, messages) => {
    const product = await newProduct();
    const rows = await photoRows();
    const files = await filesUnder(ctx.config.mediaDir);
    const res = await upload(product.id, file);
    expect([res.statusCode, res.json()]).toEqual([400, { file: messages }]);
    expect(await photoRows()).toBe(rows);
    expect(await filesUnder(ctx.config.mediaDir)).toEqual(files);
  });

  it('refuses a file of 15 MB and one byte, and a JPEG cut in half, storing nothing', async () => {
    const product = await newProduct();
    const rows = await photoRows();
    const files = await filesUnder(ctx.config.mediaDir);
    const jpeg = await noisyJpeg();
    const oversize = Buffer.concat([jpeg, Buffer.alloc(imageUploadLimits.bytes + 1 - jpeg.length)]);
    expect(oversize.length).toBe(15 * 1024 * 1024 + 1);
    const big = await upload(product.id, { name: 'big.jpg', type: 'image/jpeg', bytes: oversize });
    expect([big.statusCode, big.json()]).toEqual([400, { file: [imageUploadMessages.tooLarge] }]);
    const cut = await upload(product.id, {
      name: 'cut.jpg',
      type: 'image/jpeg',
      bytes: jpeg.subarray(0, jpeg.length >> 1),
    });
    expect([cut.statusCode, cut.json()]).toEqual([400, { file: [imageUploadMessages.damaged] }]);
    expect(await photoRows()).toBe(rows);
    expect(await filesUnder(ctx.config.mediaDir)).toEqual(files);
  });

  it('refuses a form without a file, with two files, with unknown fields, or a colour the product lacks', async () => {
    const product = await newProduct();
    const files = await filesUnder(ctx.config.mediaDir);
    const png = { name: 'a.png', type: 'image/png', bytes: await flatImage('png') };
    const none = await upload(product.id, undefined, { color_id: String(colorIds[0]) });
    expect([none.statusCode, none.json()]).toEqual([400, { file: [imageUploadMessages.required] }]);
    const renamed = await upload(product.id, { ...png, field: 'photo' });
    expect(renamed.statusCode).toBe(400);
    const extra = await upload(product.id, png, { position: '3' });
    expect(extra.statusCode).toBe(400);

    const boundary = 'kramtwofiles';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const two = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/images/`,
      headers: { ...bearer(staff.access), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(part('file')),
        png.bytes,
        Buffer.from(`\r\n${part('file')}`),
        png.bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect([two.statusCode, two.json()]).toEqual([400, { detail: uploadFormMessages.tooManyParts }]);

    const [other] = await ctx.database.rows<{ id: number }>(
      sql`select id from colors where id <> all(${`{${colorIds.join(',')}}`}::int[]) limit 1`,
    );
    const wrong = await upload(product.id, png, { color_id: String(other?.id) });
    expect([wrong.statusCode, wrong.json()]).toEqual([
      400,
      { color_id: ['The colour is not one of the product’s colours.'] },
    ]);
    expect((await upload(999999, png)).statusCode).toBe(404);
    expect(await filesUnder(ctx.config.mediaDir)).toEqual(files);
    expect((await ok<AdminProduct>('GET', `/api/admin/products/${product.id}/`)).images).toEqual([]);
  });

  it('sets a photo’s colour, reorders the photos (all of them, once each), and logs both', async () => {
    const product = await newProduct();
    const made: AdminProductImage[] = [];
    for (const format of ['png', 'webp', 'jpeg'] as const) {
      const res = await upload(product.id, {
        name: `a.${format}`,
        type: `image/${format}`,
        bytes: await flatImage(format),
      });
      made.push(res.json());
    }
    const [a, b, c] = made as [AdminProductImage, AdminProductImage, AdminProductImage];
    expect(made.map((i) => i.position)).toEqual([0, 1, 2]);
    // The storefront has read the product before the changes.
    expect((await ctx.app.inject(`/api/products/${product.slug}`)).json().product_images).toHaveLength(3);

    const recoloured = await ok<AdminProductImage>('PATCH', `/api/admin/products/${product.id}/images/${b.id}/`, {
      color_id: colorIds[0],
    });
    expect(recoloured).toMatchObject({ id: b.id, color_id: colorIds[0] });
    const [other] = await ctx.database.rows<{ id: number }>(
      sql`select id from colors where id <> all(${`{${colorIds.join(',')}}`}::int[]) limit 1`,
    );
    const wrong = await call('PATCH', `/api/admin/products/${product.id}/images/${b.id}/`, { color_id: other?.id });
    expect(wrong.statusCode).toBe(400);

    const order = await ok<AdminProductImage[]>('POST', `/api/admin/products/${product.id}/images/order/`, {
      ids: [c.id, a.id, b.id],
    });
    expect(order.map((i) => [i.id, i.position])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    const shown = (await ctx.app.inject(`/api/products/${product.slug}`)).json() as Product;
    expect(shown.product_images.map((i) => [i.image, i.color])).toEqual([
      [c.image, null],
      [a.image, null],
      [b.image, colorIds[0]],
    ]);
    for (const ids of [
      [c.id, a.id],
      [c.id, a.id, b.id, b.id],
      [c.id, a.id, 999999],
    ]) {
      const partial = await call('POST', `/api/admin/products/${product.id}/images/order/`, { ids });
      expect([partial.statusCode, partial.json()]).toEqual([
        400,
        { ids: ['List every photo of the product once, and nothing else.'] },
      ]);
    }
    const entries = await auditOf(product.id);
    expect(entries[0]).toMatchObject({
      action: 'product.images_order',
      before: { image_ids: [a.id, b.id, c.id] },
      after: { image_ids: [c.id, a.id, b.id] },
    });
    expect(entries[1]).toMatchObject({
      action: 'product.image_update',
      before: { id: b.id, color_id: null },
      after: { id: b.id, color_id: colorIds[0] },
    });

    // A colour the product stops coming in is taken off its photos.
    await ok('PATCH', `/api/admin/products/${product.id}/`, { color_ids: [colorIds[1]] });
    expect((await ok<AdminProduct>('GET', `/api/admin/products/${product.id}/`)).images.map((i) => i.color_id)).toEqual(
      [null, null, null],
    );
  });

  it('deletes a photo with its files; deleting the product takes its photos’ files too', async () => {
    const product = await newProduct();
    const first = (
      await upload(product.id, { name: 'a.png', type: 'image/png', bytes: await flatImage('png') })
    ).json();
    const second = (
      await upload(product.id, { name: 'b.png', type: 'image/png', bytes: await flatImage('png') })
    ).json();
    const mine = (image: AdminProductImage) => `products/${path.basename(image.image).replace(/-1200\.webp$/, '')}-`;
    const filesOf = async (image: AdminProductImage) =>
      (await filesUnder(ctx.config.mediaDir)).filter((f) => f.startsWith(mine(image)));

    expect(await filesOf(first)).toHaveLength(4);
    const res = await call('DELETE', `/api/admin/products/${product.id}/images/${first.id}/`);
    expect(res.statusCode).toBe(204);
    expect(await filesOf(first)).toEqual([]);
    expect((await ctx.app.inject(`/api/products/${product.slug}`)).json().product_images).toHaveLength(1);
    expect((await call('DELETE', `/api/admin/products/${product.id}/images/${first.id}/`)).statusCode).toBe(404);
    expect((await auditOf(product.id))[0]).toMatchObject({
      action: 'product.image_delete',
      before: { id: first.id, image: first.image },
      after: null,
    });

    expect(await filesOf(second)).toHaveLength(4);
    expect((await call('DELETE', `/api/admin/products/${product.id}/`)).statusCode).toBe(204);
    expect(await filesOf(second)).toEqual([]);
  });

  it('keeps the files of a demo photo other products still show', async () => {
    const [shared] = await ctx.database.rows<{ id: number; product_id: number; image: string }>(sql`
      select i.id, i.product_id, i.image from product_images i
      where (select count(*) from product_images j where j.image = i.image) > 1 order by i.id limit 1`);
    if (!shared) throw new Error('the demo catalogue shares no photo');
    const file = path.join(ctx.config.mediaDir, shared.image.replace(/^\/media\//, ''));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'stand-in');
    const res = await call('DELETE', `/api/admin/products/${shared.product_id}/images/${shared.id}/`);
    expect(res.statusCode).toBe(204);
    expect(await filesUnder(ctx.config.mediaDir)).toContain(shared.image.replace(/^\/media\//, ''));
  });
});
