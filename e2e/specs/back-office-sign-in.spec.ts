import type { Page } from '@playwright/test';
import { staffAccount } from '../accounts.ts';
import { expect, test } from '../fixtures.ts';

/** Counts the page's own navigations (history entries and redirects) from now on. */
function countNavigations(page: Page): { count: () => number } {
  let count = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return { count: () => count };
}

test('a signed-out visit to a back-office screen shows the sign-in form at once, and signing in returns to that screen', async ({
  page,
}) => {
  const navigations = countNavigations(page);
  await page.goto('/uk/admin/orders?page=2');
  const email = page.getByLabel('Електронна пошта або телефон');
  await expect(email).toBeVisible();
  await expect(page).toHaveURL(/\/uk\/admin\/login$/);
  // The load and a redirect or two: not a redirect repeated until it settles, each a new history entry.
  expect(navigations.count()).toBeLessThanOrEqual(4);
  expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);

  await email.fill(staffAccount.email);
  await page.getByRole('textbox', { name: 'Пароль' }).fill(staffAccount.password);
  await page.getByRole('button', { name: 'Увійти' }).click();
  await expect(page).toHaveURL(/\/uk\/admin\/orders\?page=2$/);
  await expect(page.getByRole('button', { name: 'Профіль' })).toBeVisible();

  const afterSignIn = navigations.count();
  await page.getByRole('button', { name: 'Профіль' }).click();
  await page.getByRole('menuitem', { name: 'Вийти' }).click();
  await expect(page.getByLabel('Електронна пошта або телефон')).toBeVisible();
  // A few (the gate's redirect, react-admin's own, an address the list was writing): not thousands.
  expect(navigations.count() - afterSignIn).toBeLessThanOrEqual(6);
});
