import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

let clientsOfThisWorker = 0;

/**
 * Each test is a client of its own, as shoppers on their own devices are: the shop counts
 * registrations, sign-ins and orders per client address, and a whole run from one address would
 * reach those limits. The e2e server trusts its loopback proxy's X-Forwarded-For (TRUST_PROXY in
 * playwright.config.ts), and every request of a test, the browser's and the API's, names the
 * test's address there: 10.x.y.z from the worker's index and the test's number in it.
 */
function clientAddress(info: TestInfo): string {
  const n = ((info.workerIndex & 0xfff) << 12) | (clientsOfThisWorker++ & 0xfff);
  return `10.${(n >> 16) & 0xff}.${(n >> 8) & 0xff}.${n & 0xff}`;
}

/**
 * Every page a test opens is watched: a console error or an uncaught exception fails the test
 * (CONVENTIONS.md: unexpected console.error fails a test).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, info) =>
    use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddress(info) }),
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // A page that answers 404 on purpose makes the browser log the status; that is no error.
      const notFoundDocuments = new Set<string>();
      page.on('response', (response) => {
        if (response.status() === 404 && response.request().resourceType() === 'document') {
          notFoundDocuments.add(response.url());
        }
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (notFoundDocuments.has(message.location().url)) return;
        errors.push(`console.error: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 768;

/** A page's address in `lng`: Ukrainian at the root, Russian under /ru/ (decision 029). */
export const inLanguage = (path: string, lng: 'uk' | 'ru'): string =>
  lng === 'ru' ? (path === '/' ? '/ru/' : `/ru${path}`) : path;

/** Opens a page and waits until React has hydrated it, so buttons have their handlers. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}

/**
 * An amount of the API ("2350.00") as the shop shows it: "2 350,00 ₴", with a narrow no-break space
 * (U+202F) between thousands and a no-break space (U+00A0) before the sign. Written here on its own,
 * not imported from the shop, so the journeys check the shop's formatter rather than repeat it.
 */
export function shownMoney(amount: string, sign: '₴' | 'грн' = '₴'): string {
  const [whole = '', kopiyky = ''] = amount.split('.');
  const groups: string[] = [];
  for (let end = whole.length; end > 0; end -= 3) groups.unshift(whole.slice(Math.max(0, end - 3), end));
  return `${groups.join('\u202F')},${kopiyky.padEnd(2, '0')}\u00A0${sign}`;
}

/** A price on a card as the shop writes it ("2 350,00 ₴"), matched exactly, spaces included. */
export const shownPricePattern = /^\d{1,3}(\u202F\d{3})*,\d{2}\u00A0₴$/;

/** A shown price back to a number, for comparing order: "2 350,00 ₴" → 2350. */
export const shownPriceValue = (text: string): number => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
