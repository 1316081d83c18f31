import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, open, test } from '../fixtures.ts';

// Photos follow the colour: the product page starts on a colour with photos and its gallery follows
// the colour picked; a catalogue filtered by colour shows each card in that colour; camouflage
// colours show their pattern swatch.

/** The parts of the API's answers these journeys read (spec section 3). */
interface Color {
  id: number;
  name: string;
  color_rgb: string | null;
  swatch_image?: string | null;
}
interface Image {
  image: string;
  color: number | null;
}
interface Product {
  slug: string;
  category_full_path: string;
  colors: Color[];
  product_images: Image[];
}
interface ProductList {
  count: number;
  results: { products: Product[]; available_colors: Color[] };
}

const productPath = (p: Product) => `/product/${p.category_full_path}/${p.slug}`;
/** `/media/products/jacket-olive-1-800.webp` → `jacket-olive-1`: the drawing, whatever the width. */
const drawing = (url: string | null) => (url ?? '').replace(/^.*\/products\/|-\d+\.webp$/g, '');

async function allProducts(request: APIRequestContext, query = ''): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page++) {
    const response = await request.get(`/api/products?limit=100&page=${page}${query}`);
    expect(response.ok()).toBe(true);
    const list = (await response.json()) as ProductList;
    products.push(...list.results.products);
    if (products.length >= list.count || list.results.products.length === 0) return products;
  }
}

/** The gallery's large image and the drawings its thumbnails show. */
const stageImage = (page: Page) => page.getByTestId('gallery').locator('.gallery__stage img').first();
const thumbnailDrawings = async (page: Page) => {
  const thumbs = page.getByTestId('gallery').locator('.thumbnails img');
  return (await thumbs.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))).map(drawing);
};
const imagesOf = (product: Product, colorId: number): Image[] =>
  product.product_images.filter((i) => i.color === colorId || i.color === null);

/** Picks a colour the way a shopper does: a click on its swatch (the radio itself is hidden). */
async function pickColour(options: Locator, name: string) {
  await options.locator('label', { has: options.page().getByRole('radio', { name, exact: true }) }).click();
  await expect(options.getByRole('radio', { name, exact: true })).toBeChecked();
}

test('the product page starts on the colour of its main photo and the gallery follows the colour picked', async ({
  page,
  request,
}) => {
  const products = await allProducts(request);
  // A product listed with its colours in the shop's order, but photographed first in another one,
  // and with a camouflage colour among them: the cases this page got wrong.
  const product = products.find(
    (p) =>
      p.colors.length >= 3 &&
      p.product_images[0]?.color !== p.colors[0]?.id &&
      p.colors.some((c) => c.swatch_image) &&
      p.product_images.length <= 6,
  );
  if (!product) throw new Error('the demo catalogue has no product to check');
  const main = product.colors.find((c) => c.id === product.product_images[0]?.color);
  if (!main) throw new Error('the main photo shows none of the colours');

  await open(page, productPath(product));
  const options = page.getByTestId('color-options');
  await expect(options.getByRole('radio', { name: main.name, exact: true })).toBeChecked();
  await expect(page.locator('legend', { hasText: `Колір: ${main.name}` })).toBeVisible();
  await expect(stageImage(page)).toHaveAttribute(
    'src',
    new RegExp(`/${drawing(product.product_images[0]?.image ?? '')}-`),
  );

  for (const color of [...product.colors.filter((c) => c.id !== main.id), main]) {
    await pickColour(options, color.name);
    const expected = imagesOf(product, color.id);
    expect(expected.length, color.name).toBeGreaterThan(0);
    await expect(stageImage(page)).toHaveAttribute('src', new RegExp(`/${drawing(expected[0]?.image ?? '')}-`));
    if (expected.length > 1) expect(await thumbnailDrawings(page)).toEqual(expected.map((i) => drawing(i.image)));
    else await expect(page.getByTestId('gallery').locator('.thumbnails')).toHaveCount(0);
  }

  // The camouflage colour shows its pattern tile, and the tile is served.
  const camo = product.colors.find((c) => c.swatch_image);
  const swatch = options
    .locator('label', { has: page.getByRole('radio', { name: camo?.name, exact: true }) })
    .getByTestId('color-swatch');
  await expect(swatch).toHaveCSS('background-image', new RegExp(`${camo?.swatch_image}`));
  const tile = await request.get(camo?.swatch_image ?? '');
  expect(tile.status()).toBe(200);
  expect(tile.headers()['content-type']).toBe('image/webp');

  // What the server holds: every colour of the product has a photo of its own.
  const held = (await (await request.get(`/api/products/${product.slug}`)).json()) as Product;
  for (const c of held.colors)
    expect(
      held.product_images.some((i) => i.color === c.id),
      c.name,
    ).toBe(true);
});

test('a catalogue filtered by a colour shows every card in it, and a card opens the product on it', async ({
  page,
  request,
}) => {
  const available = ((await (await request.get('/api/products?category_slug=odyag')).json()) as ProductList).results
    .available_colors;
  const coyote = available.find((c) => c.name === 'Койот');
  if (!coyote) throw new Error('no coyote in the demo catalogue');

  await open(page, `/category/odyag?color=${coyote.id}`);
  const expected = (
    (await (await request.get(`/api/products?category_slug=odyag&color=${coyote.id}`)).json()) as ProductList
  ).results.products;
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(expected.length);
  // Most of these products were photographed in another colour first: the grid still shows coyote.
  expect(expected.filter((p) => p.product_images[0]?.color !== coyote.id).length).toBeGreaterThan(0);
  for (const [index, product] of expected.entries()) {
    const own = product.product_images.find((i) => i.color === coyote.id);
    expect(own, product.slug).toBeTruthy();
    const src = await cards.nth(index).locator('img.card__image').getAttribute('src');
    expect(drawing(src), product.slug).toBe(drawing(own?.image ?? ''));
  }

  const first = expected[0] as Product;
  await cards.first().locator('.card__name a').click();
  await expect(page).toHaveURL(`${productPath(first)}?color=${coyote.id}`);
  await expect(page.getByTestId('color-options').getByRole('radio', { name: 'Койот', exact: true })).toBeChecked();
  await expect(stageImage(page)).toHaveAttribute(
    'src',
    new RegExp(`/${drawing(imagesOf(first, coyote.id)[0]?.image ?? '')}-`),
  );

  // Back on the grid: each card links to the product the filter answered, on the chosen colour.
  await page.goBack();
  await expect(page).toHaveURL(`/category/odyag?color=${coyote.id}`);
  await expect(cards).toHaveCount(expected.length);
  const links = await cards.locator('.card__name a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(links).toEqual(expected.map((p) => `${productPath(p)}?color=${coyote.id}`));
});

test('the colour filter shows camouflage patterns as swatches and lets a shopper choose them', async ({
  page,
  request,
}, testInfo) => {
  await open(page, '/category/odyag');
  if (testInfo.project.name === 'phone') await page.getByTestId('filters-open').click();
  const filter = page.getByTestId('color-filter');
  const multicam = filter.getByRole('checkbox', { name: 'Мультикам', exact: true });
  await expect(multicam).toBeEnabled();
  const row = filter.locator('li').filter({ has: page.getByRole('checkbox', { name: 'Мультикам', exact: true }) });
  await expect(row.getByTestId('color-swatch')).toHaveCSS('background-image', /\/media\/swatches\/multicam\.webp/);
  await multicam.click();
  await expect(page).toHaveURL(/\?color=\d+$/);
  await expect(multicam).toBeChecked();
  const id = new URL(page.url()).searchParams.get('color');
  // What the server holds: the colour chosen is the camouflage one, with its swatch.
  const colors = ((await (await request.get('/api/products?category_slug=odyag')).json()) as ProductList).results
    .available_colors;
  expect(colors.find((c) => String(c.id) === id)).toMatchObject({
    name: 'Мультикам',
    color_rgb: null,
    swatch_image: '/media/swatches/multicam.webp',
  });
});

test("the product page's similar products: four others from its deepest category, never itself", async ({
  page,
  request,
}) => {
  const products = await allProducts(request);
  // The first product of a category's first page: the one the block used to list as its own similar product.
  const leaf = products[0]?.category_full_path.split('/').at(-1) ?? '';
  const firstPage = ((await (await request.get(`/api/products?category_slug=${leaf}&limit=12`)).json()) as ProductList)
    .results.products;
  const product = firstPage[0] as Product;
  expect(firstPage.length).toBeGreaterThan(4);

  await open(page, productPath(product));
  const similar = page.getByTestId('similar');
  const links = similar.getByTestId('product-card').locator('.card__name a');
  await expect(links).toHaveCount(4);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs).not.toContain(productPath(product));
  // What the server holds: the category's first page, without the product, in order.
  expect(hrefs).toEqual(
    firstPage
      .filter((p) => p.slug !== product.slug)
      .slice(0, 4)
      .map(productPath),
  );
});
