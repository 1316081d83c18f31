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
