import fs from 'node:fs';
import path from 'node:path';
import type { CategoryNode, ProductList } from '@kram/contract/catalog';
import {
  categoryShareImagePath,
  homeShareImagePath,
  logoImagePath,
  productShareImagePath,
} from '@kram/contract/share-images';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../../../test/helpers.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';

/** A product photo's variants as the media folder keeps them (decision 020), in one flat colour. */
async function writePhoto(mediaDir: string, image: string, colour: string) {
  const name = /^\/media\/products\/(.+)-1200\.webp$/.exec(image)?.[1];
  if (!name) throw new Error(`not a product photo: ${image}`);
  fs.mkdirSync(path.join(mediaDir, 'products'), { recursive: true });
  for (const width of [400, 1200]) {
    await sharp({ create: { width, height: width * 1.5, channels: 3, background: colour } })
      .webp()
      .toFile(path.join(mediaDir, 'products', `${name}-${width}.webp`));
  }
  return name;
}

const shareFiles = (mediaDir: string, folder: string) =>
  fs.existsSync(path.join(mediaDir, 'share', folder))
    ? fs.readdirSync(path.join(mediaDir, 'share', folder)).sort()
    : [];

describe.each(pgliteOnly)('link-preview pictures on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;
  let leaf: CategoryNode;
  let photos: string[];

  beforeAll(async () => {
    ctx = await createTestContext(backend, { PUBLIC_URL: 'https://shop.example.ua' });
    staff = await staffUser(ctx.app, ctx.database);
    const tree = (await ctx.app.inject('/api/categories/')).json().results as CategoryNode[];
    leaf = tree[0]?.subcategories[0]?.subcategories[0] as CategoryNode;
    const list = (await ctx.app.inject(`/api/products?category_slug=${leaf.slug}&limit=12`)).json() as ProductList;
    photos = [...new Set(list.results.products.map((p) => p.product_images[0]?.image ?? ''))].slice(0, 2);
    for (const [i, image] of photos.entries()) await writePhoto(ctx.config.mediaDir, image, i ? '#556b2f' : '#a44a17');
  });
  afterAll(() => ctx?.close());

  it('draws the shop’s picture once, 1200 × 630, kept for an hour and revalidated by its ETag', async () => {
    const first = await ctx.app.inject(homeShareImagePath);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    // Link previews are shown on other sites, as product photos are.
    expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(shareFiles(ctx.config.mediaDir, '')).toContainEqual(expect.stringMatching(/^home\.[0-9a-f]{16}\.jpg$/));

    const again = await ctx.app.inject({ url: homeShareImagePath, headers: { 'if-none-match': first.headers.etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await ctx.app.inject({ method: 'HEAD', url: homeShareImagePath });
    expect(head.statusCode).toBe(200);
  });

  it('draws the logo as a square PNG', async () => {
    const res = await ctx.app.inject(logoImagePath);
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
  });

  it('draws a category’s picture per language from its products’ photos, and again once it is renamed', async () => {
    const uk = await ctx.app.inject(categoryShareImagePath('uk', leaf.slug));
    expect(uk.statusCode).toBe(200);
    expect(await sharp(uk.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
    const ru = await ctx.app.inject(categoryShareImagePath('ru', leaf.slug));
    expect(ru.statusCode).toBe(200);
    expect(ru.headers.etag).not.toBe(uk.headers.etag);
    const before = shareFiles(ctx.config.mediaDir, 'uk/category');
    expect(before).toEqual([expect.stringMatching(new RegExp(`^${leaf.slug}\\.[0-9a-f]{16}\\.jpg$`))]);
    // The same picture is not drawn twice.
    expect((await ctx.app.inject(categoryShareImagePath('uk', leaf.slug))).headers.etag).toBe(uk.headers.etag);

    // The photos show through: the left column is the first photo's colour (#a44a17), darkened.
    const { data } = await sharp(uk.rawPayload).extract({ left: 10, top: 300, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect(data[0]).toBeGreaterThan((data[2] ?? 0) + 20);

    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/categories/${leaf.id}/`,
      headers: bearer(staff.access),
      payload: { name: 'Куртки «Ґудзик» і фліси' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = await ctx.app.inject(categoryShareImagePath('uk', leaf.slug));
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(uk.headers.etag);
    const files = shareFiles(ctx.config.mediaDir, 'uk/category');
    expect(files).toHaveLength(1);
    expect(files).not.toEqual(before);
  });

  it('cuts a product photo to 1200 × 630, and forgets the cut once the photo is gone', async () => {
    const address = productShareImagePath(photos[0] as string) as string;
    const res = await ctx.app.inject(address);
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const name = path.basename(address);
    expect(shareFiles(ctx.config.mediaDir, 'products')).toContain(name);

    const source = path.join(ctx.config.mediaDir, photos[0]?.replace(/^\/media\//, '') as string);
    fs.rmSync(source);
    expect((await ctx.app.inject(address)).statusCode).toBe(404);
    expect(shareFiles(ctx.config.mediaDir, 'products')).not.toContain(name);
  });

  it('answers anything else under /media/share/ with the JSON not-found answer', async () => {
    const kept = shareFiles(ctx.config.mediaDir, '').find((file) => file.startsWith('home.')) as string;
    for (const url of [
      categoryShareImagePath('uk', 'no-such-category'),
      `/media/share/en/category/${leaf.slug}.jpg`,
      `/media/share/uk/category/${leaf.slug}.png`,
      '/media/share/products/no-such-photo.jpg',
      '/media/share/products/..%2F..%2Fjwt-secret.jpg',
      '/media/share/products/UPPER.jpg',
      `/media/share/${kept}`,
      '/media/share/',
    ]) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: 'Not found.' });
    }
  });
});
