import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, login, newAccount, register, storeSession } from '../accounts.ts';
import { expect, inLanguage, isPhone, open, test } from '../fixtures.ts';
import { productToBuy, productUrl, type ShopProduct } from './checkout-helpers.ts';

/**
 * axe-core on every route of the spec's route table (section 2) and on the open states a shopper
 * meets (the authorization modal, the cart sidebar, the menus, the checkout's autocomplete), in
 * Ukrainian and in Russian: a violation of impact serious or critical fails the test.
 */

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// axe is injected as an inline script, which the shop's CSP rightly refuses; motion is reduced so
// that a fading element is measured at its final colours.
test.use({ bypassCSP: true, reducedMotion: 'reduce' });

const languages = ['uk', 'ru'] as const;
type Language = (typeof languages)[number];

const locales = Object.fromEntries(
  languages.map((lng) => [
    lng,
    JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, `../../apps/storefront/public/locales/${lng}.json`), 'utf8'),
    ),
  ]),
) as Record<Language, Record<string, unknown>>;

/** A text of the shop in `lng`, to find a button by the name a shopper sees. */
function text(lng: Language, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], locales[lng]);
  if (typeof value !== 'string') throw new Error(`no text ${key} in ${lng}.json`);
  return value;
}

/** Every serious or critical violation on the page as it is now, one line per element. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes.map(
          (node) => `${v.id} (${v.impact}): ${v.help} at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
        ),
      );
  });
}

/** Checks the page once it has settled; every finding of a test is listed before it fails. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect.soft(await seriousViolations(page), `axe: ${what}`).toEqual([]);
}

/** Opens `path` in `lng`'s address space and checks the language reached the page before checking it. */
async function openIn(page: Page, lng: Language, target: string) {
  const response = await open(page, inLanguage(target, lng));
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  return response;
}

interface CategoryNode {
  slug: string;
  subcategories?: CategoryNode[];
}

/** A category path at each depth, taken from the shop's own tree. */
async function categoryPaths(request: APIRequestContext): Promise<string[]> {
  const body = (await (await request.get('/api/categories/')).json()) as { results: CategoryNode[] };
  for (const top of body.results) {
    const child = top.subcategories?.find((c) => (c.subcategories?.length ?? 0) > 0);
    const leaf = child?.subcategories?.[0];
    if (child && leaf)
      return [
        `/category/${top.slug}`,
        `/category/${top.slug}/${child.slug}`,
        `/category/${top.slug}/${child.slug}/${leaf.slug}`,
      ];
  }
  throw new Error('the demo catalogue has no three-level category');
}

/** A cart line as the storefront stores it (spec section 3). */
function cartLine(product: ShopProduct & { product_images?: unknown[]; name_ru?: string }) {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    name_ru: product.name_ru,
    price: null,
    count: 2,
    category_full_path: product.category_full_path,
    product_images: product.product_images ?? [],
    selectedColor: product.colors[0] ?? null,
    selectedSize: product.sizes[0] ?? null,
  };
}

async function fullProduct(request: APIRequestContext, slug: string) {
  const response = await request.get(`/api/products/${slug}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ShopProduct & { product_images: unknown[]; name_ru: string };
}

/** Puts values into the browser storage of the shop's origin before each page of the test loads. */
async function withStorage(page: Page, values: Record<string, unknown>): Promise<void> {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
  }, values);
}

const pages: { name: string; path: string; status?: number }[] = [
  { name: 'home', path: '/' },
  { name: 'search without a query', path: '/search' },
  { name: 'search without results', path: '/search?query=zzzxxqqq' },
  { name: 'wishlist, empty', path: '/wishlist' },
  { name: 'checkout without a cart', path: '/checkout' },
  { name: 'change-password with its parameters', path: '/change-password?token=abc-def&uid=MQ' },
  { name: 'delivery', path: '/delivery' },
  { name: 'contacts', path: '/contacts' },
  { name: 'about', path: '/about' },
  { name: 'privacy agreement', path: '/conf' },
  { name: 'return terms', path: '/return' },
  { name: 'public offer', path: '/oferta' },
  { name: 'a page that does not exist', path: '/no-such-page', status: 404 },
];

for (const { name, path: target, status = 200 } of pages) {
  test(`axe: ${name} (${target}) in uk and ru`, async ({ page }) => {
    for (const lng of languages) {
      const response = await openIn(page, lng, target);
      expect(response?.status()).toBe(status);
      await expectAccessible(page, `${target} in ${lng}`);
    }
  });
}

for (const lng of languages) {
  test(`axe: a category at each depth, a product, search with results, in ${lng}`, async ({ page, request }) => {
    const paths = await categoryPaths(request);
    const product = await productToBuy(request, 0);
    const word = product.name.split(' ')[0] ?? product.name;
    for (const target of [...paths, productUrl(product), `/search?query=${encodeURIComponent(word)}`]) {
      await openIn(page, lng, target);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await expectAccessible(page, `${target} in ${lng}`);
    }
  });
}

test('axe: the guest wishlist, the cart sidebar, checkout with a cart and its city autocomplete open', async ({
  page,
  request,
}) => {
  const first = await fullProduct(request, (await productToBuy(request, 0)).slug);
  const second = await fullProduct(request, (await productToBuy(request, 1)).slug);
  await withStorage(page, { wishlist: [first, second], cart: [cartLine(first), cartLine(second)] });
  for (const lng of languages) {
    await openIn(page, lng, '/wishlist');
    await expect(page.getByTestId('product-card')).toHaveCount(2);
    await expectAccessible(page, `/wishlist with two products in ${lng}`);

    await page.getByTestId('cart-button').click();
    await expect(page.getByTestId('cart-sidebar').getByTestId('cart-line')).toHaveCount(2);
    await expectAccessible(page, `the cart sidebar in ${lng}`);

    await openIn(page, lng, '/checkout');
    await expect(page.getByTestId('checkout-summary').getByTestId('cart-line')).toHaveCount(2);
    await expectAccessible(page, `/checkout with a cart in ${lng}`);

    const city = page.locator('#checkout-city');
    await city.click();
    await city.pressSequentially('Оде');
    await expect(page.getByRole('option').first()).toBeVisible();
    await expect(city).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, `/checkout with the city autocomplete open in ${lng}`);
  }
});

test('axe: popups and errors: a size not chosen, a guest rating, the cart toast, the forms sent empty', async ({
  page,
  request,
}) => {
  const product = await productToBuy(request, 2);
  for (const lng of languages) {
    await openIn(page, lng, productUrl(product));
    const purchase = page.getByTestId('purchase');
    await purchase.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('notification-message')).toHaveText(text(lng, 'product.selectSize'));
    await expectAccessible(page, `the "please select size" popup in ${lng}`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('notification')).toHaveCount(0);

    await page.getByTestId('rating').getByRole('radio').nth(2).click();
    await expect(page.getByTestId('notification-message')).toBeVisible();
    await expectAccessible(page, `the guest rating popup in ${lng}`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('notification')).toHaveCount(0);

    await purchase.getByTestId('size-options').locator('label').first().click();
    await purchase.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('cart-toast')).toBeVisible();
    await expectAccessible(page, `the cart toast in ${lng}`);

    await openIn(page, lng, '/checkout');
    await page.getByTestId('place-order').click();
    await expect(page.getByTestId('checkout-agreement-error')).toBeVisible();
    await expectAccessible(page, `/checkout with every error shown in ${lng}`);

    await openIn(page, lng, '/contacts');
    await page.getByRole('button', { name: text(lng, 'feedback.send'), exact: true }).click();
    await expect(page.getByTestId('error-message')).toBeVisible();
    await expectAccessible(page, `the feedback form with its errors in ${lng}`);
  }
});

test('axe: every view of the authorization modal', async ({ page }) => {
  for (const lng of languages) {
    await openIn(page, lng, '/');
    await page.getByTestId('sign-in').click();
    const modal = page.getByTestId('auth-modal');
    await expect(modal.getByTestId('login-form')).toBeVisible();
    await expectAccessible(page, `the login form in ${lng}`);

    // Sent empty: every field shows its error.
    await modal.getByRole('button', { name: text(lng, 'auth.submit'), exact: true }).click();
    await expect(modal.getByTestId('field-error').first()).toBeVisible();
    await expectAccessible(page, `the login form with its errors in ${lng}`);

    await modal.getByRole('button', { name: text(lng, 'auth.registerLink'), exact: true }).click();
    await expect(modal.getByTestId('register-form')).toBeVisible();
    await expectAccessible(page, `the registration form in ${lng}`);

    await modal.getByRole('button', { name: text(lng, 'auth.loginLink'), exact: true }).click();
    await modal.getByRole('button', { name: text(lng, 'auth.forgotLink'), exact: true }).click();
    await expect(modal.getByTestId('forgot-form')).toBeVisible();
    await expectAccessible(page, `the forgotten-password form in ${lng}`);
  }
});

test('axe: the menus of the header and the search suggestions', async ({ page }) => {
  for (const lng of languages) {
    await openIn(page, lng, '/');
    if (isPhone(page)) {
      await page.getByTestId('burger').click();
      const menu = page.getByTestId('mobile-menu');
      await expect(menu).toBeVisible();
      await expectAccessible(page, `the mobile menu in ${lng}`);
      // A category opened to its subcategories.
      await menu.locator('button[aria-expanded="false"]').first().click();
      await expect(menu.locator('button[aria-expanded="true"]').first()).toBeVisible();
      await expectAccessible(page, `the mobile menu with a category open in ${lng}`);

      // The panel covers the page: Escape closes it and the focus goes back to the toggle, from
      // inside the panel or on the toggle itself.
      await menu.getByRole('link').first().focus();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      const burger = page.getByTestId('burger');
      await expect(burger).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(burger).toHaveAttribute('aria-expanded', 'false');
    } else {
      await page.getByTestId('catalog-menu').click();
      await expect(page.getByTestId('catalog-menu')).toHaveAttribute('aria-expanded', 'true');
      await expectAccessible(page, `the category dropdown in ${lng}`);
      // Escape from a link in the panel closes it and puts the focus back on its toggle.
      await page.locator('.category-menu__panel a').first().focus();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('catalog-menu')).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByTestId('catalog-menu')).toBeFocused();
    }

    // The search box's suggestions, open under it.
    const search = page.getByTestId('search-input');
    await search.click();
    await search.pressSequentially('кур');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, `the search suggestions in ${lng}`);
  }
});

for (const lng of languages) {
  test(`axe: signed in, the account pages, prices, and the success page of a stored order, in ${lng}`, async ({
    page,
    request,
  }) => {
    // An account, an order and seven pages checked: more than one page's worth of time.
    test.slow();
    const account = newAccount('axe');
    await register(request, account);
    const tokens = await login(request, account.email, account.password);
    const product = await productToBuy(request, 3);
    const placed = await request.post('/api/orders/', {
      ...bearer(tokens.access),
      data: {
        first_name: account.firstName,
        last_name: account.lastName,
        email: account.email,
        phone_number: account.telephone,
        payment_method: 'cash',
        delivery_type: 'self_delivery',
        items: [
          {
            product: product.id,
            quantity: 2,
            size: product.sizes[0]?.id ?? null,
            color: product.colors[0]?.id ?? null,
          },
        ],
        isAgreement: true,
      },
    });
    expect(placed.status()).toBe(201);
    const order = await placed.json();
    expect(
      (await request.post('/api/wishlist/', { ...bearer(tokens.access), data: { product_id: product.id } })).status(),
    ).toBe(201);

    await open(page, '/');
    await storeSession(page, tokens);
    await expect(page.getByTestId('profile-link')).toBeVisible();
    await openIn(page, lng, '/profile');
    await expect(page.getByTestId('profile-full-name')).toBeVisible();
    await expectAccessible(page, `/profile in ${lng}`);
    await page.getByRole('button', { name: text(lng, 'profile.edit'), exact: true }).click();
    await expect(page.getByTestId('profile-form')).toBeVisible();
    await expectAccessible(page, `/profile in edit mode in ${lng}`);

    await openIn(page, lng, '/profile-wishlist');
    await expect(page.getByTestId('product-card')).toHaveCount(1);
    await expectAccessible(page, `/profile-wishlist in ${lng}`);

    await openIn(page, lng, '/profile-orders');
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await expectAccessible(page, `/profile-orders in ${lng}`);

    // Prices are the signed-in shopper's: on cards and on the product page.
    await openIn(page, lng, `/category/${product.category_full_path}`);
    await expect(page.getByTestId('price').first()).toBeVisible();
    await expectAccessible(page, `a category with prices in ${lng}`);
    await openIn(page, lng, productUrl(product));
    await expect(page.getByTestId('purchase').getByTestId('price')).toBeVisible();
    await expectAccessible(page, `a product with its price in ${lng}`);

    // The success page shows the stored order once.
    await page.evaluate((o) => localStorage.setItem('orderData', JSON.stringify(o)), order);
    await openIn(page, lng, '/success-order');
    await expect(page.getByTestId('order-details')).toBeVisible();
    await expectAccessible(page, `/success-order in ${lng}`);
  });
}
