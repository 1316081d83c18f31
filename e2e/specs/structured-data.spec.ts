import type { APIRequestContext } from '@playwright/test';
import { bearer, login, newAccount, register } from '../accounts.ts';
import { expect, isPhone, open, test } from '../fixtures.ts';
import { jsonLdBlocks, jsonLdProblems } from '../structured-data.ts';

// What search engines and link previews read from the pages the real server renders: every JSON-LD
// block is checked against the required properties of its types (../structured-data.ts), and every
// page names a 1200 × 630 picture that is there (decision 030).

test.skip(({ page }) => isPhone(page), 'crawlers and link previews get the same document on every screen');

interface Category {
  slug: string;
  name: string;
  name_ru: string;
  subcategories: Category[];
}
interface Listed {
  id: number;
  slug: string;
  name: string;
  category_full_path: string;
  is_on_sale: boolean;
}

const blocksOf = (html: string) => jsonLdBlocks(html).map((text) => JSON.parse(text) as Record<string, unknown>);
const ofType = (html: string, type: string) => blocksOf(html).filter((block) => block['@type'] === type);
/** A block's list under `key` (itemListElement by default), empty when it has none. */
const entries = (block: Record<string, unknown> | undefined, key = 'itemListElement') =>
  (block?.[key] ?? []) as Record<string, unknown>[];
const metaContent = (html: string, key: string) =>
  [...html.matchAll(/<meta ([^>]*)\/?>/g)]
    .map((m) => m[1] as string)
    .filter((attrs) => attrs.includes(`property="${key}"`) || attrs.includes(`name="${key}"`))
    .map((attrs) => /content="([^"]*)"/.exec(attrs)?.[1]?.replaceAll('&amp;', '&'));

/** A JPEG's size from its frame header. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] as number;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** The link-preview tags every page carries (decision 030); answers the picture's address. */
function expectSharingTags(html: string, path: string, baseURL: string | undefined): string {
  const [image] = metaContent(html, 'og:image');
  expect(image, path).toMatch(new RegExp(`^${baseURL}/media/share/`));
  expect(metaContent(html, 'og:image:width'), path).toEqual(['1200']);
  expect(metaContent(html, 'og:image:height'), path).toEqual(['630']);
  expect(metaContent(html, 'og:image:alt')[0], path).toMatch(/\S/);
  const ru = path.startsWith('/ru/');
  expect(metaContent(html, 'og:locale'), path).toEqual([ru ? 'ru_UA' : 'uk_UA']);
  expect(metaContent(html, 'og:locale:alternate'), path).toEqual([ru ? 'uk_UA' : 'ru_UA']);
  expect(metaContent(html, 'twitter:card'), path).toEqual(['summary_large_image']);
  expect(metaContent(html, 'twitter:image'), path).toEqual([image]);
  expect(metaContent(html, 'twitter:title'), path).toEqual(metaContent(html, 'og:title'));
  expect(metaContent(html, 'twitter:description')[0], path).toMatch(/\S/);
  return image as string;
}

async function catalogue(request: APIRequestContext) {
  const tree = ((await (await request.get('/api/categories/')).json()) as { results: Category[] }).results;
  const top = tree[0] as Category;
  const middle = top.subcategories[0] as Category;
  const leaf = middle.subcategories[0] as Category;
  const products = async (slug: string, page = 1) =>
    (await (await request.get(`/api/products?category_slug=${slug}&page=${page}&limit=12`)).json()) as {
      count: number;
      results: { products: Listed[] };
    };
  return { top, middle, leaf, products };
}

const productPath = (p: Listed) => `/product/${p.category_full_path}/${p.slug}`;

test('every page’s JSON-LD has what search engines require, and every page a 1200 × 630 picture', async ({
  request,
  baseURL,
}) => {
  const { top, middle, leaf, products } = await catalogue(request);
  const [product] = (await products(leaf.slug)).results.products as Listed[];
  const paths = [
    '/',
    '/ru/',
    `/category/${top.slug}`,
    `/category/${top.slug}/${middle.slug}/${leaf.slug}`,
    `/ru/category/${top.slug}/${middle.slug}/${leaf.slug}`,
    `/category/${top.slug}?page=2`,
    productPath(product as Listed),
    `/ru${productPath(product as Listed)}`,
    '/search?query=%D0%BA%D1%83%D1%80%D1%82%D0%BA%D0%B0',
    '/wishlist',
    '/checkout',
    '/delivery',
    '/contacts',
    '/about',
    '/conf',
    '/return',
    '/oferta',
    '/ru/about',
  ];
  const pictures = new Set<string>();
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    for (const block of jsonLdBlocks(html)) expect(jsonLdProblems(block), `${path}: ${block}`).toEqual([]);

    const image = expectSharingTags(html, path, baseURL);
    pictures.add(image);
  }
  // The shop's own, each category's per language and the product's photo, each drawn and 1200 × 630.
  expect(pictures.size).toBe(5);
  expect([...pictures]).toEqual(
    expect.arrayContaining([
      `${baseURL}/media/share/home.jpg`,
      `${baseURL}/media/share/uk/category/${top.slug}.jpg`,
      `${baseURL}/media/share/uk/category/${leaf.slug}.jpg`,
      `${baseURL}/media/share/ru/category/${leaf.slug}.jpg`,
      expect.stringMatching(new RegExp(`^${baseURL}/media/share/products/[a-z0-9-]+\\.jpg$`)),
    ]),
  );
  for (const picture of pictures) {
    const response = await request.get(picture);
    expect(response.status(), picture).toBe(200);
    expect(response.headers()['content-type'], picture).toBe('image/jpeg');
    expect(jpegSize(await response.body()), picture).toEqual({ width: 1200, height: 630 });
  }
});

test('pages kept out of search still carry the shop’s picture, title and description for a shared link', async ({
  request,
  baseURL,
}) => {
  const pages = [
    { path: '/profile', status: 200, robots: 'noindex, nofollow' },
    { path: '/ru/profile-orders', status: 200, robots: 'noindex, nofollow' },
    { path: '/profile-wishlist', status: 200, robots: 'noindex, nofollow' },
    { path: '/change-password?token=x&uid=1', status: 200, robots: 'noindex' },
    { path: '/no-such-page', status: 404, robots: 'noindex' },
    { path: '/ru/product/odyag/no-such-product', status: 404, robots: 'noindex' },
  ];
  for (const { path, status, robots } of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(status);
    const html = await response.text();
    expect(metaContent(html, 'robots'), path).toEqual([robots]);
    expect(expectSharingTags(html, path, baseURL), path).toBe(`${baseURL}/media/share/home.jpg`);
    expect(metaContent(html, 'og:image:alt'), path).toEqual(['kram']);
    expect(metaContent(html, 'og:title')[0], path).toMatch(/ — kram$/);
    // A missing page has no address to be canonical about; the others are their own in each language.
    expect(html.includes('rel="canonical"'), path).toBe(status === 200);
  }
  expect(metaContent(await (await request.get('/ru/no-such-page')).text(), 'og:title')).toEqual([
    'Страница не найдена — kram',
  ]);
});

test('the home page names the shop and its search box, which searches what the placeholder stands for', async ({
  page,
  request,
  baseURL,
}) => {
  const html = await (await request.get('/')).text();
  const [organization] = ofType(html, 'Organization');
  expect(organization).toMatchObject({
    name: 'kram',
    url: `${baseURL}/`,
    logo: `${baseURL}/media/share/logo.png`,
    sameAs: ['https://www.facebook.com/', 'https://www.instagram.com/', 'https://t.me/'],
  });
  expect(entries(organization, 'contactPoint').map((c) => c.telephone)).toEqual([
    '+380671234567',
    '+380501234567',
    '+380931234567',
  ]);
  const logo = await request.get(String(organization?.logo));
  expect(logo.headers()['content-type']).toBe('image/png');

  const [site] = ofType(html, 'WebSite');
  const action = site?.potentialAction as { target: { urlTemplate: string }; 'query-input': string };
  expect(action.target.urlTemplate).toBe(`${baseURL}/search?query={search_term_string}`);
  expect(action['query-input']).toBe('required name=search_term_string');
  // The Russian home page's search box searches in Russian.
  const [russian] = ofType(await (await request.get('/ru/')).text(), 'WebSite');
  expect(russian).toMatchObject({
    url: `${baseURL}/ru/`,
    potentialAction: { target: { urlTemplate: `${baseURL}/ru/search?query={search_term_string}` } },
  });

  // The template is what the search page reads: `query`.
  await open(
    page,
    action.target.urlTemplate.replace('{search_term_string}', encodeURIComponent('куртка')).replace(baseURL ?? '', ''),
  );
  await expect(page.getByTestId('search-title')).toContainText('куртка');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});

test('a category page lists the products it shows, numbered from the page’s first, after the trail to it', async ({
  page,
  request,
  baseURL,
}) => {
  const { top, middle, leaf, products } = await catalogue(request);
  const path = `/category/${top.slug}/${middle.slug}/${leaf.slug}`;
  const html = await (await request.get(path)).text();
  const [trail] = ofType(html, 'BreadcrumbList');
  expect(trail?.itemListElement).toEqual([
    { '@type': 'ListItem', position: 1, name: 'Головна', item: `${baseURL}/` },
    { '@type': 'ListItem', position: 2, name: top.name, item: `${baseURL}/category/${top.slug}` },
    { '@type': 'ListItem', position: 3, name: middle.name, item: `${baseURL}/category/${top.slug}/${middle.slug}` },
    { '@type': 'ListItem', position: 4, name: leaf.name, item: `${baseURL}${path}` },
  ]);
  const listed = (await products(leaf.slug)).results.products;
  const [list] = ofType(html, 'ItemList');
  expect(list?.itemListElement).toEqual(
    listed.map((p, i) => ({ '@type': 'ListItem', position: i + 1, url: `${baseURL}${productPath(p)}`, name: p.name })),
  );

  // Page 2 of the top category continues the numbering.
  const second = (await products(top.slug, 2)).results.products;
  const [next] = ofType(await (await request.get(`/category/${top.slug}?page=2`)).text(), 'ItemList');
  expect(entries(next).map((item) => [item.position, item.url])).toEqual(
    second.map((p, i) => [13 + i, `${baseURL}${productPath(p)}`]),
  );

  // In Russian: Russian names and /ru/ addresses.
  const [russianTrail] = ofType(await (await request.get(`/ru${path}`)).text(), 'BreadcrumbList');
  expect(entries(russianTrail).at(-1)).toEqual({
    '@type': 'ListItem',
    position: 4,
    name: leaf.name_ru,
    item: `${baseURL}/ru${path}`,
  });

  // The browser, which keeps a nonce-only script policy, renders the blocks without complaint (the
  // fixture fails the test on any console error, CSP reports included).
  await open(page, path);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(2);
  const cards = await page
    .getByTestId('product-card')
    .locator('.card__name a')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  expect(cards).toEqual(entries(list).map((item) => item.url));
});

test('a product page offers it in hryvnia without a price, by the shop, rated once shoppers rate it', async ({
  page,
  request,
  baseURL,
}) => {
  const { leaf, products } = await catalogue(request);
  const product = (await products(leaf.slug)).results.products[5] as Listed;
  const path = productPath(product);
  const productLd = async () => ofType(await (await request.get(path)).text(), 'Product')[0];

  const before = (await (await request.get(`/api/rate-product/?product_id=${product.id}`)).json()) as {
    rating_count: number;
  };
  const ld = await productLd();
  expect(ld).toMatchObject({
    name: product.name,
    url: `${baseURL}${path}`,
    brand: { '@type': 'Brand', name: 'kram' },
    offers: {
      '@type': 'Offer',
      availability: product.is_on_sale ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      priceCurrency: 'UAH',
    },
  });
  // The shop hides prices from guests (SHOW_PRICES_TO_GUESTS is unset), and so do its search results.
  expect(ld?.offers).not.toHaveProperty('price');
  const images = ld?.image as string[];
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) expect(image).toMatch(new RegExp(`^${baseURL}/media/products/.+-1200\\.webp$`));
  if (before.rating_count === 0) expect(ld).not.toHaveProperty('aggregateRating');

  const account = newAccount('ld-');
  await register(request, account);
  const tokens = await login(request, account.email, account.password);
  const rated = await request.post('/api/rate-product/', {
    data: { product_id: product.id, rating: 4 },
    ...bearer(tokens.access),
  });
  expect(rated.status()).toBe(200);
  const after = await productLd();
  expect(after?.aggregateRating).toMatchObject({
    '@type': 'AggregateRating',
    ratingCount: before.rating_count + 1,
    ratingValue: expect.any(Number),
  });

  // The preview picture is the product's photo, named by the product.
  const html = await (await request.get(path)).text();
  expect(metaContent(html, 'og:image')).toEqual([
    expect.stringMatching(new RegExp(`^${baseURL}/media/share/products/.+\\.jpg$`)),
  ]);
  expect(metaContent(html, 'og:image:alt')).toEqual([product.name]);

  await open(page, path);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(2);
  await expect(page.locator('h1')).toHaveText(product.name);
});

test('the checker finds what a block lacks, an unknown type and text that is not JSON', () => {
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Куртка',
    image: ['https://shop.example/media/products/a-1200.webp'],
    brand: { '@type': 'Brand', name: 'kram' },
    offers: { '@type': 'Offer', availability: 'https://schema.org/InStock', priceCurrency: 'UAH' },
  };
  const check = (block: unknown) => jsonLdProblems(JSON.stringify(block));
  expect(check(product)).toEqual([]);

  const { image: _image, ...withoutImage } = product;
  expect(check(withoutImage)).toEqual(['Product.image: required, absolute URLs']);
  expect(
    check({ ...product, offers: { '@type': 'Offer', availability: 'https://schema.org/InStock', price: '100.00' } }),
  ).toEqual(['Product.offers.priceCurrency: required when a price is given']);
  expect(check({ ...product, offers: { '@type': 'Offer', priceCurrency: 'UAH' } })).toEqual([
    'Product.offers.availability: required, a schema.org ItemAvailability',
  ]);
  expect(check({ ...product, aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5 } })).toEqual([
    'Product.aggregateRating.ratingCount: required: ratingCount or reviewCount',
  ]);
  expect(check({ ...product, brand: { '@type': 'Brand' } })).toEqual(['Product.brand.name: required']);
  expect(check({ ...product, '@type': 'Prodcut' })).toEqual(['Prodcut: unknown @type "Prodcut"']);
  expect(
    check({ '@context': 'https://schema.org', '@type': 'Organization', name: 'kram', url: 'https://shop.example/' }),
  ).toEqual(['Organization.logo: required, an absolute URL']);
  expect(
    check({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'kram',
      url: 'https://shop.example/',
      potentialAction: { '@type': 'SearchAction', target: 'https://shop.example/search?query={q}' },
    }),
  ).toEqual(['WebSite.potentialAction.query-input: required, as "required name=<placeholder>"']);
  expect(
    check({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Головна' }],
    }),
  ).toEqual(['BreadcrumbList.itemListElement[0].item: required, an absolute URL']);
  expect(
    check({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: [{ '@type': 'ListItem', url: 'https://shop.example/p' }],
    }),
  ).toEqual(['ItemList.itemListElement[0].position: required, a whole number from 1']);
  expect(jsonLdProblems('{"@context": "https://schema.org", "@type": "Product",')[0]).toMatch(/^not JSON: /);
});
