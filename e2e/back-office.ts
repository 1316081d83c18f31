import { expect, type Page } from '@playwright/test';
import { staffAccount } from './accounts.ts';

/** Signs the e2e server's superuser in to the back office through its own sign-in form. */
export async function signInToBackOffice(page: Page, lng: 'uk' | 'ru' = 'uk'): Promise<void> {
  await page.goto(`/${lng}/admin/`);
  await page
    .getByLabel(lng === 'uk' ? 'Електронна пошта або телефон' : 'Электронная почта или телефон')
    .fill(staffAccount.email);
  await page.getByRole('textbox', { name: 'Пароль' }).fill(staffAccount.password);
  await page.getByRole('button', { name: lng === 'uk' ? 'Увійти' : 'Войти' }).click();
  // Signed in: the app bar's user menu, with the session stored under the storefront's keys.
  await expect(page.getByRole('button', { name: lng === 'uk' ? 'Профіль' : 'Профиль' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('is_superuser'))).toBe('true');
}

/**
 * Types into a list's search box and waits until the list has applied it (react-admin waits for a
 * pause in typing, then writes the filter into the address): a row clicked before that would be
 * replaced under the pointer, and the click lost.
 */
export async function searchList(page: Page, placeholder: string | RegExp, text: string): Promise<void> {
  await page.getByPlaceholder(placeholder).fill(text);
  await expect(page).toHaveURL((url) => (url.searchParams.get('filter') ?? '').includes(JSON.stringify(text)));
}

/**
 * Opens the order as a manager does, from the orders list (the menu, a search by its number, a click
 * on its row), and confirms it after the phone call.
 */
export async function confirmInBackOffice(page: Page, orderId: string): Promise<void> {
  const number = `#${orderId.slice(-7)}`;
  await page.getByRole('menu').getByText('Замовлення').click();
  await expect(page).toHaveURL(/\/uk\/admin\/orders/);
  await searchList(page, /Номер, ім’я, пошта або телефон/, orderId.slice(-7));
  await page.getByRole('cell', { name: number }).click();
  await expect(page).toHaveURL(new RegExp(`/uk/admin/orders/${orderId}/show`));
  await expect(page.getByRole('heading', { level: 1, name: `Замовлення ${number}` })).toBeVisible();
  await expect(page.getByTestId('order-lines')).toBeVisible();
  await page.getByTestId('order-to-confirmed').click();
  await page.getByTestId('order-status-confirm').click();
  await expect(page.getByTestId('order-to-confirmed')).toHaveCount(0);
}
