import { expect, isPhone, open, test } from '../fixtures.ts';
import { buyerEmail, mailsTo, productToBuy, productUrl } from './checkout-helpers.ts';

/**
 * Russian under /ru/ (decision 029): the switch keeps the page, every page names both languages for
 * search engines, the cookie only sends a returning shopper from / to /ru/ (never a crawler), and the
 * sitemaps list both languages.
 */

const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

test('switching language on a product page lands on /ru/product/… in Russian, with hreflang links', async ({
  page,
  request,
  baseURL,
}) => {
  const product = await productToBuy(request, 10);
  const path = productUrl(product);
  await open(page, `${path}?color=${product.colors[0]?.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(page.getByTestId('purchase').getByTestId('add-to-cart')).toHaveText(/У кошик/);
  if (isPhone(page)) await page.getByTestId('burger').click();
  await page.getByTestId('language-ru').filter({ visible: true }).click();

  // The same product, the same query, in Russian.
  await expect(page).toHaveURL(`${baseURL}/ru${path}?color=${product.colors[0]?.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByTestId('purchase').getByTestId('add-to-cart')).toHaveText(/В корзину/);
  const full = (await (await request.get(`/api/products/${product.slug}`)).json()) as { name_ru: string };
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(full.name_ru);
  // Breadcrumbs (wide screens) lead home in Russian.
  if (!isPhone(page)) {
    await expect(page.getByRole('navigation', { name: 'Вы здесь' }).getByRole('link').first()).toHaveAttribute(
      'href',
      '/ru/',
    );
  }

  const head = page.locator('head');
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/ru${path}`);
  await expect(head.locator('link[rel="alternate"][hreflang="uk"]')).toHaveAttribute('href', `${baseURL}${path}`);
  await expect(head.locator('link[rel="alternate"][hreflang="ru"]')).toHaveAttribute('href', `${baseURL}/ru${path}`);
  await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    `${baseURL}${path}`,
  );
  expect((await page.context().cookies()).find((c) => c.name === 'lng')?.value).toBe('ru');

  // The server renders it so too, on a fresh load.
  await page.reload();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(full.name_ru);

  // And back to Ukrainian, where the product was.
  if (isPhone(page)) await page.getByTestId('burger').click();
  await page.getByTestId('language-uk').filter({ visible: true }).click();
  await expect(page).toHaveURL(`${baseURL}${path}?color=${product.colors[0]?.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
});

test('lng=ru sends a shopper from / to /ru/; Googlebot with the same cookie gets /', async ({ browser, baseURL }) => {
  const cookie = { name: 'lng', value: 'ru', url: baseURL ?? '' };

  const shopper = await browser.newContext();
  await shopper.addCookies([cookie]);
  const page = await shopper.newPage();
  const first = await page.request.get('/?utm_source=mail', { maxRedirects: 0 });
  expect(first.status()).toBe(302);
  expect(first.headers().location).toBe('/ru/?utm_source=mail');
  expect(first.headers().vary).toContain('Cookie');
  expect(first.headers().vary).toContain('User-Agent');
  await page.goto('/');
  await expect(page).toHaveURL(`${baseURL}/ru/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await shopper.close();

  const crawler = await browser.newContext({ userAgent: googlebot });
  await crawler.addCookies([cookie]);
  const bot = await crawler.newPage();
  const answer = await bot.goto('/');
  expect(answer?.status()).toBe(200);
  expect(answer?.request().redirectedFrom()).toBeNull();
  await expect(bot).toHaveURL(`${baseURL}/`);
  await expect(bot.locator('html')).toHaveAttribute('lang', 'uk');
  expect(answer?.headers().vary).toContain('User-Agent');
  await crawler.close();
});

test('a Russian shopper’s order goes from /ru/checkout to /ru/success-order with a Russian mail', async ({
  page,
  request,
}, info) => {
  const product = await productToBuy(request, 11);
  const email = buyerEmail(info, 'ru-order');
  await open(page, `/ru${productUrl(product)}`);
  const purchase = page.getByTestId('purchase');
  await purchase.getByTestId('size-options').locator('label').first().click();
  await purchase.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-toast')).toContainText('Товар добавлен в корзину');
  await page.getByTestId('cart-toast').getByRole('button', { name: 'Перейти в корзину' }).click();
  await page.getByTestId('cart-sidebar').getByTestId('cart-checkout').click();

  await expect(page).toHaveURL(/\/ru\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Оформление заказа' })).toBeVisible();
  await page.getByLabel('Имя').fill('Олена');
  await page.getByLabel('Фамилия').fill('Коваль');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Телефон').fill('+380671234567');
  await page.getByRole('radio', { name: 'Самовывоз из магазина' }).check();
  await page.getByRole('radio', { name: 'По договорённости с менеджером' }).check();
  await page.getByLabel('Я принимаю условия').check();
  await page.getByTestId('place-order').click();

  await expect(page).toHaveURL(/\/ru\/success-order$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByTestId('order-payment')).toHaveText('По договорённости с менеджером');
  await expect(page.getByTestId('order-item').first().getByRole('link').first()).toHaveAttribute(
    'href',
    new RegExp(`^/ru${productUrl(product)}`),
  );
  const [mail] = await mailsTo(email, 1);
  expect(mail).toContain('Здравствуйте');
});

test('the sitemaps parse as XML and list both languages, every address in the shop', async ({ page, baseURL }) => {
  // A page of the shop, whose policy lets it read the shop's own addresses.
  await open(page, '/about');
  const result = await page.evaluate(async (origin) => {
    const parse = async (path: string) => {
      const text = await (await fetch(path)).text();
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length > 0) throw new Error(`${path} is not well-formed XML`);
      return doc;
    };
    const sitemapNs = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    const index = await parse('/sitemap.xml');
    const files = [...index.getElementsByTagNameNS(sitemapNs, 'loc')].map((loc) => loc.textContent ?? '');
    const report: { file: string; urls: number; locs: string[]; alternates: number; images: number }[] = [];
    for (const file of files) {
      const doc = await parse(new URL(file).pathname);
      const urls = doc.getElementsByTagNameNS(sitemapNs, 'url');
      const locs = [...doc.getElementsByTagNameNS(sitemapNs, 'loc')].map((loc) => loc.textContent ?? '');
      const alternates = doc.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link').length;
      const images = [...doc.getElementsByTagNameNS('http://www.google.com/schemas/sitemap-image/1.1', 'loc')].map(
        (loc) => loc.textContent ?? '',
      );
      report.push({ file, urls: urls.length, locs: [...locs, ...images], alternates, images: images.length });
    }
    return { files, report, root: index.documentElement.namespaceURI, origin };
  }, baseURL ?? '');

  expect(result.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  expect(result.files).toEqual(
    expect.arrayContaining([`${baseURL}/sitemaps/pages.xml`, `${baseURL}/sitemaps/categories.xml`]),
  );
  expect(result.files.some((f) => /\/sitemaps\/products-\d+\.xml$/.test(f))).toBe(true);
  for (const file of result.report) {
    expect(file.urls, file.file).toBeGreaterThan(0);
    expect(file.urls, file.file).toBeLessThanOrEqual(50_000);
    expect(file.alternates, file.file).toBe(file.urls * 3);
    for (const loc of file.locs) expect(loc.startsWith(`${baseURL}/`), loc).toBe(true);
    expect(file.locs.filter((l) => l.startsWith(`${baseURL}/ru/`)).length, file.file).toBe(file.urls / 2);
  }
  const products = result.report.filter((f) => f.file.includes('/products-'));
  expect(products.every((f) => f.images > 0)).toBe(true);
});
