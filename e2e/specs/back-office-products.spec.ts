import zlib from 'node:zlib';
import { signInToBackOffice } from '../back-office.ts';
import { expect, isPhone, open, test } from '../fixtures.ts';

/** A PNG of `width` × `height` pixels in one colour, made here so the upload is a real photo file. */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3] ?? 0)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('the back office and the catalogue', () => {
  test.skip(({ page }) => isPhone(page), 'staff work at a desk; the storefront journeys cover phones');
  test.slow();

  test('a new product with a photo shows on the storefront, resized, and is found by search', async ({ page }) => {
    const tag = `${Date.now()}`.slice(-6);
    const name = `Куртка Вартовий ${tag}`;
    const slug = `kurtka-vartovyi-${tag}`;

    await signInToBackOffice(page);
    await page.getByRole('menu').getByText('Товари').click();
    await expect(page).toHaveURL(/\/uk\/admin\/products/);
    await page.getByRole('link', { name: 'Створити' }).click();
    await expect(page).toHaveURL(/\/uk\/admin\/products\/create$/);
    // The form arrives with its screen's code; the list stays on view until then.
    await expect(page.getByRole('textbox', { name: 'Назва українською' })).toBeVisible();

    await page.getByLabel('Назва українською').fill(name);
    await page.getByLabel('Назва російською').fill(`Куртка Часовой ${tag}`);
    // The slug fills itself from the Ukrainian name, by the national transliteration.
    await expect(page.getByLabel('Адреса (slug)')).toHaveValue(slug);
    await page.getByLabel('Артикул').fill(`VRT-${tag}`);
    await page.getByLabel('Опис українською').fill('Вітрозахисна куртка для чергувань.');

    await page.getByRole('tab', { name: 'Ціна й наявність' }).click();
    await page.getByRole('textbox', { name: 'Ціна, ₴', exact: true }).fill('2150');

    await page.getByRole('tab', { name: 'Категорія, розміри, кольори' }).click();
    const category = page.getByRole('combobox', { name: 'Категорія' });
    await category.fill('Куртки');
    await page.getByRole('option', { name: /Одяг \/ Верхній одяг \/ Куртки/ }).click();

    await page.getByRole('button', { name: 'Зберегти' }).click();
    await expect(page).toHaveURL(/\/uk\/admin\/products\/\d+$/);

    // The photo: uploaded on its tab, checked and resized by the server.
    await page.getByRole('tab', { name: 'Фото' }).click();
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/admin\/products\/\d+\/images\/$/.test(r.url()),
    );
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'vartovyi.png', mimeType: 'image/png', buffer: solidPng(600, 900, [75, 83, 32]) });
    expect((await uploaded).status()).toBe(201);

    // On the storefront at once: the product page shows the photo in the catalogue's sizes.
    await open(page, `/search?query=${encodeURIComponent(name)}`);
    const card = page.getByTestId('product-card').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await card.getByRole('link', { name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/${slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const photo = page.locator('img[src*="/media/products/"]').first();
    await expect(photo).toBeVisible();
    const src = (await photo.getAttribute('src')) ?? '';
    expect(src).toMatch(/-\d+\.webp$/);
    const file = await page.request.get(src);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/webp');
    // The shop keeps each photo at the catalogue's widths, all from the one upload.
    for (const width of [160, 400, 800, 1200]) {
      const variant = await page.request.get(src.replace(/-\d+\.webp$/, `-${width}.webp`));
      expect(variant.status(), `${width} px`).toBe(200);
    }

    // The search box suggests it by a word of its name, typed with a typo.
    await page.getByTestId('search-input').fill(`вартвоий ${tag}`);
    await expect(page.getByRole('listbox').getByRole('option', { name: new RegExp(name) })).toBeVisible();
  });

  test('a renamed product’s and category’s old addresses lead to the new ones, in both languages', async ({ page }) => {
    const tag = `${Date.now()}`.slice(-6);
    await signInToBackOffice(page);

    // A category named in Ukrainian gets its slug from the name; renamed, its old address moves on.
    await page.goto('/uk/admin/categories/create');
    await page.getByLabel('Назва українською').fill(`Згорани ${tag}`);
    await page.getByLabel('Назва російською').fill(`Згораны ${tag}`);
    await expect(page.getByLabel('Адреса (slug)')).toHaveValue(`zghorany-${tag}`);
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await expect(page).toHaveURL(/\/uk\/admin\/categories$/);
    const category = await (await page.request.get(`/api/categories/by-path/?path=zghorany-${tag}`)).json();
    expect(category.slug).toBe(`zghorany-${tag}`);
    await page.goto(`/uk/admin/categories/${category.id}`);
    await page.getByLabel('Адреса (slug)').fill(`zghorany-${tag}-nova`);
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await expect(page).toHaveURL(/\/uk\/admin\/categories$/);

    for (const [old, now] of [
      [`/category/zghorany-${tag}?sort=new&page=1`, `/category/zghorany-${tag}-nova?sort=new&page=1`],
      [`/ru/category/zghorany-${tag}`, `/ru/category/zghorany-${tag}-nova`],
    ] as const) {
      const answer = await page.request.get(old, { maxRedirects: 0 });
      expect(answer.status(), old).toBe(301);
      expect(answer.headers().location, old).toBe(now);
    }
    await open(page, `/ru/category/zghorany-${tag}?sort=new`);
    await expect(page).toHaveURL(new RegExp(`/ru/category/zghorany-${tag}-nova\\?sort=new$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Згораны ${tag}`);

    // A product renamed in the back office: its old page answers 301 to the new one.
    const [product] = (await (await page.request.get('/api/products?category_slug=kurtky&limit=12')).json()).results
      .products;
    await page.goto(`/uk/admin/products/${product.id}`);
    const renamed = `${product.slug}-${tag}`;
    await page.getByLabel('Адреса (slug)').fill(renamed);
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await expect(page.getByText('Зміни збережено')).toBeVisible();
    const oldPage = `/product/${product.category_full_path}/${product.slug}`;
    for (const [old, now] of [
      [oldPage, `/product/${product.category_full_path}/${renamed}`],
      [`/ru${oldPage}`, `/ru/product/${product.category_full_path}/${renamed}`],
    ] as const) {
      const answer = await page.request.get(old, { maxRedirects: 0 });
      expect(answer.status(), old).toBe(301);
      expect(answer.headers().location, old).toBe(now);
    }
    await open(page, oldPage);
    await expect(page).toHaveURL(new RegExp(`/${renamed}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);

    // Left as it was for the journeys after this one.
    await page.goto(`/uk/admin/products/${product.id}`);
    await page.getByLabel('Адреса (slug)').fill(product.slug);
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await expect(page.getByText('Зміни збережено')).toBeVisible();
    expect((await page.request.get(`/api/products/${product.slug}`)).status()).toBe(200);
    const removed = await page.request.delete(`/api/admin/categories/${category.id}/`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access'))}` },
    });
    expect(removed.status()).toBe(204);
  });
});
