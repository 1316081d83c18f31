import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every page a test opens is watched: a console error or an uncaught exception fails the test
 * (CONVENTIONS.md: unexpected console.error fails a test).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
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

/** Opens a page and waits until React has hydrated it, so buttons have their handlers. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}
