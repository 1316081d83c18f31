import { staffAccount } from '../accounts.ts';
import { signInToBackOffice } from '../back-office.ts';
import { expect, isPhone, open, test } from '../fixtures.ts';

// Which width the tabs have changes nothing of the refresh; staff work at a desk.
test.skip(({ page }) => isPhone(page), 'the same tabs and refresh on every screen');

test('a storefront tab and a back-office tab refreshing at the same moment spend the refresh token once and both stay signed in', async ({
  page,
  context,
  request,
  consoleErrors,
}) => {
  // Both apps load in two tabs, twice.
  test.slow();
  const office = await context.newPage();
  await signInToBackOffice(office);
  // One browser: the storefront tab finds the sign-in the back office stored.
  await open(page, '/profile');
  await expect(page.getByTestId('profile-email')).toHaveText(staffAccount.email);

  const refreshes: string[] = [];
  context.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/token/refresh/') refreshes.push(sent.postData() ?? '');
  });
  const refused = { storefront: 0, office: 0 };
  page.on('response', (answer) => {
    if (answer.status() === 401 && new URL(answer.url()).pathname.startsWith('/api/')) refused.storefront += 1;
  });
  office.on('response', (answer) => {
    if (answer.status() === 401 && new URL(answer.url()).pathname.startsWith('/api/')) refused.office += 1;
  });
  // The first refresh is answered only once both tabs have met their 401, so the second tab's
  // refresh certainly overlaps the first, however the two tabs' calls happen to be timed.
  await context.route('**/api/token/refresh/', async (route) => {
    await expect.poll(() => refused.storefront > 0 && refused.office > 0, { timeout: 20_000 }).toBe(true);
    await route.continue();
  });
  // The access token both tabs share is no longer accepted (as when it expires), and each tab makes
  // a protected call at the same moment: both meet a 401 and must refresh.
  await page.evaluate(() => localStorage.setItem('access', 'an-expired-access-token'));
  await Promise.all([
    page.getByTestId('account-menu').getByRole('link', { name: 'Історія замовлень' }).click(),
    office.getByRole('menu').getByText('Покупці').click(),
  ]);

  await expect(page.getByTestId('orders-empty')).toBeVisible();
  // The customers' list came back: the newest accounts (any, the run's tests register many).
  await expect(office.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expect(office.getByRole('button', { name: 'Профіль' })).toBeVisible();
  expect(refused.storefront).toBeGreaterThan(0);
  expect(refused.office).toBeGreaterThan(0);
  expect(refreshes).toHaveLength(1);
  // The pair the one refresh bought is the one both tabs hold, and its sign-in is live (a reused
  // refresh token would have ended it): a write, which the server checks against the sign-in afresh.
  const access = await office.evaluate(() => localStorage.getItem('access'));
  expect(access).not.toBe('an-expired-access-token');
  expect(await page.evaluate(() => localStorage.getItem('access'))).toBe(access);
  const write = await request.patch('/api/user-profile/', { headers: { Authorization: `Bearer ${access}` }, data: {} });
  expect(write.status()).toBe(200);
  // Each 401 that started a refresh is logged by the browser.
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((line) => !/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\//.test(line)),
  );
});
