import { expect, isPhone, open, test } from '../fixtures.ts';

/** The six information pages: their titles in Ukrainian and Russian (spec section 2). */
const pages = [
  { path: '/delivery', uk: 'Доставка і оплата', ru: 'Доставка и оплата', crumb: 'Доставка і оплата', legal: false },
  { path: '/contacts', uk: 'Контакти', ru: 'Контакты', crumb: 'Контакти', legal: false },
  { path: '/about', uk: 'Про нас', ru: 'О нас', crumb: 'Про нас', legal: false },
  {
    path: '/conf',
    uk: 'Угода про конфіденційність',
    ru: 'Соглашение о конфиденциальности',
    crumb: 'Угода про конфіденційність',
    legal: true,
  },
  {
    path: '/return',
    uk: 'Умови повернення товару',
    ru: 'Условия возврата товара',
    crumb: 'Умови повернення',
    legal: true,
  },
  { path: '/oferta', uk: 'Договір оферти', ru: 'Договор оферты', crumb: 'Договір оферти', legal: true },
];

for (const { path, uk, ru, crumb, legal } of pages) {
  test(`${path} renders its title in Ukrainian and in Russian`, async ({ page }) => {
    const response = await open(page, path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(uk);
    await expect(page).toHaveTitle(new RegExp(`^${uk} — kram$`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));

    // Breadcrumbs (Home and the page) and the legal side menu show on wide screens only.
    const crumbs = page.getByRole('navigation', { name: 'Ви тут' });
    const menu = page.getByRole('navigation', { name: 'Інформація для покупців' });
    if (isPhone(page)) {
      await expect(crumbs).toBeHidden();
      await expect(menu).toBeHidden();
    } else {
      await expect(crumbs.getByRole('listitem')).toHaveText(['Головна', crumb]);
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText(crumb);
      if (legal) await expect(menu.locator('[aria-current="page"]')).toHaveAttribute('href', path);
      else await expect(menu).toHaveCount(0);
    }

    // The Russian page lives under /ru/ (decision 029).
    await open(page, `/ru${path}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ru);
    await expect(page).toHaveTitle(new RegExp(`^${ru} — kram$`));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/ru${path}$`));
  });
}

test('the footer’s links reach every information page', async ({ page }) => {
  await open(page, '/');
  const footer = page.locator('footer');
  for (const { path, uk, crumb } of pages) {
    // The footer names the pages as the breadcrumbs do.
    await footer.getByRole('link', { name: crumb, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(uk);
  }
});

test('the offer scrolls smoothly to its heading and ends with the call-centre links', async ({ page }) => {
  await open(page, '/oferta');
  const heading = page.getByRole('heading', { level: 1, name: 'Договір оферти' });
  await expect.poll(async () => Math.round((await heading.boundingBox())?.y ?? -1)).toBe(16);
  for (const button of ['«У корзину»', '«Перейти в корзину»', '«Оформити Замовлення»', '«Продовжити»']) {
    await expect(page.getByText(button, { exact: false }).first()).toBeVisible();
  }
  await expect(page.getByText('10.6.', { exact: true })).toBeVisible();
  const callCentre = page.getByTestId('call-centre');
  await expect(callCentre.locator('a[href^="tel:"]')).toHaveCount(3);
  await expect(callCentre.locator('a[href^="mailto:"]')).toHaveCount(1);
  await expect(callCentre).toContainText('Пн–Пт 09:00–17:00, Сб 09:00–14:00');
});

test('the privacy agreement is accepted with its button, and the browser remembers it', async ({ page }) => {
  await open(page, '/conf');
  await page.getByRole('button', { name: 'Приймаю Угоду про конфіденційність' }).click();
  await expect(page.getByTestId('notification-message')).toHaveText('Дякуємо! Ви прийняли Угоду про конфіденційність.');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('privacy-consent-status')).toContainText('Ви прийняли Угоду');
  await page.reload();
  await expect(page.getByTestId('privacy-consent-status')).toContainText('Ви прийняли Угоду');
  expect(await page.evaluate(() => localStorage.getItem('privacy_consent'))).toMatch(/^\d{4}-\d\d-\d\dT/);
});

test('the about page links to the catalogue’s own top-level categories', async ({ page, request }) => {
  await open(page, '/about');
  const categories = (await (await request.get('/api/categories/')).json()) as {
    results: { slug: string; name: string }[];
  };
  const links = page.getByTestId('about-categories').getByRole('link');
  await expect(links).toHaveText(categories.results.map((c) => c.name));
  const [first] = categories.results;
  expect(first).toBeDefined();
  await links.first().click();
  await expect(page).toHaveURL(new RegExp(`/category/${first?.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first?.name ?? '');
});

test('the delivery page shows its drawn banners', async ({ page }) => {
  await open(page, '/delivery');
  const banners = page.locator('img.doc__banner');
  await expect(banners).toHaveCount(2);
  for (const banner of await banners.all()) {
    await banner.scrollIntoViewIfNeeded();
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
  }
});
