import { login, newAccount, register } from '../accounts.ts';
import { searchList, signInToBackOffice } from '../back-office.ts';
import { expectFailedResponses } from '../expected-failures.ts';
import { expect, isPhone, open, test } from '../fixtures.ts';

test.describe('the back office and a customer', () => {
  test.skip(({ page }) => isPhone(page), 'staff work at a desk; the storefront journeys cover phones');
  test.slow();

  test('staff block a customer, who then cannot sign in, and unblock them', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const customer = newAccount('blocked');
    await register(request, customer);
    const tokens = await login(request, customer.email, customer.password);

    await signInToBackOffice(page);
    await page.getByRole('menu').getByText('Покупці').click();
    await expect(page).toHaveURL(/\/uk\/admin\/customers/);
    await searchList(page, 'Ім’я, пошта або телефон', customer.email);
    await page.getByRole('cell', { name: customer.email }).click();
    await page.getByTestId('customer-block').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Заблокувати' }).click();
    await expect(page.getByText('Покупця заблоковано')).toBeVisible();

    // Signing in is refused, and the token the customer already held no longer works.
    const refused = await request.post('/api/login/', {
      data: { email_or_phone: customer.email, password: customer.password },
    });
    expect(refused.status()).toBe(403);
    const profile = await request.get('/api/user-profile/', { headers: { Authorization: `Bearer ${tokens.access}` } });
    expect(profile.status()).toBe(401);

    // On the storefront the sign-in form says so. (The back office keeps its session under the
    // storefront's keys: this browser signs out first.)
    await page.evaluate(() => localStorage.clear());
    await open(page, '/');
    await page.getByTestId('sign-in').click();
    const modal = page.getByTestId('auth-modal');
    await modal.getByLabel('E-mail або телефон').fill(customer.email);
    await modal.getByLabel('Пароль').fill(customer.password);
    await modal.getByRole('button', { name: 'Увійти' }).click();
    await expect(modal.getByTestId('login-failed')).toContainText('Обліковий запис вимкнено.');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('profile-link')).toHaveCount(0);
    expectFailedResponses(consoleErrors, [{ status: 403, path: '/api/login/' }]);

    await signInToBackOffice(page);
    await page.getByRole('menu').getByText('Покупці').click();
    await searchList(page, 'Ім’я, пошта або телефон', customer.email);
    await page.getByRole('cell', { name: customer.email }).click();
    await page.getByTestId('customer-unblock').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Розблокувати' }).click();
    await expect(page.getByText('Покупця розблоковано')).toBeVisible();
    await login(request, customer.email, customer.password);
  });
});
