import { login, newAccount, register } from '../accounts.ts';
import { expectFailedResponses } from '../expected-failures.ts';
import { expect, open, test } from '../fixtures.ts';
import { mailsTo } from '../outbox.ts';

/** The reset link of the newest mail to `email` that holds one. */
function resetLinkFor(email: string): string | null {
  for (const text of mailsTo(email)) {
    const link = text.match(/https?:\/\/\S+?\/change-password\?[^\s"<>]+/)?.[0];
    if (link) return link.replace(/&amp;/g, '&');
  }
  return null;
}

test('forgotten password: the mailed link sets a new one', async ({ page, request, consoleErrors }) => {
  const account = newAccount('reset');
  await register(request, account);

  await open(page, '/');
  await page.getByTestId('sign-in').click();
  const modal = page.getByTestId('auth-modal');
  await modal.getByRole('button', { name: 'Забули пароль?' }).click();
  await expect(modal.getByRole('heading', { name: 'Відновлення пароля' })).toBeVisible();
  const form = modal.getByTestId('forgot-form');
  await form.getByRole('button', { name: 'Надіслати посилання' }).click();
  await expect(form.getByTestId('field-error')).toHaveText('Вкажіть e-mail');
  // An unknown address reads exactly as a registered one: the page tells nobody which addresses are.
  await form.getByLabel('E-mail').fill('nobody-here@example.com');
  await form.getByRole('button', { name: 'Надіслати посилання' }).click();
  await expect(modal.getByTestId('reset-sent').getByRole('status')).toHaveText(
    'Якщо nobody-here@example.com зареєстровано в магазині, на цю адресу вже йде лист із посиланням для зміни пароля. Посилання діє одну годину.',
  );
  await modal.getByRole('button', { name: 'Зрозуміло' }).click();
  await expect(modal).toHaveCount(0);

  await page.getByTestId('sign-in').click();
  await modal.getByRole('button', { name: 'Забули пароль?' }).click();
  await form.getByLabel('E-mail').fill(account.email);
  await form.getByRole('button', { name: 'Надіслати посилання' }).click();
  await expect(modal.getByTestId('reset-sent')).toContainText(account.email);

  await expect.poll(() => resetLinkFor(account.email), { timeout: 10_000 }).not.toBeNull();
  const link = new URL(resetLinkFor(account.email) ?? '');
  expect(link.pathname).toBe('/change-password');

  // Without both parameters the page sends the visitor home.
  await open(page, `/change-password?token=${link.searchParams.get('token')}`);
  await expect(page).toHaveURL(/\/$/);

  // A tampered link is refused by the server, and the page says so.
  const tampered = new URLSearchParams(link.search);
  tampered.set('token', `x${tampered.get('token')}`);
  await open(page, `/change-password?${tampered}`);
  const reset = page.getByTestId('change-password-form');
  await reset.getByLabel('Новий пароль', { exact: true }).fill('new-secret-1');
  await reset.getByLabel('Повторіть новий пароль').fill('new-secret-1');
  await reset.getByRole('button', { name: 'Продовжити' }).click();
  await expect(reset.getByTestId('change-password-failure')).toContainText('недійсне або його термін минув');

  await open(page, `${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Зміна пароля' })).toBeVisible();
  const errorOf = (label: string) =>
    reset.locator('.auth-field', { has: page.getByLabel(label, { exact: true }) }).getByTestId('field-error');
  await reset.getByRole('button', { name: 'Продовжити' }).click();
  await expect(errorOf('Новий пароль')).toHaveText('Вкажіть пароль');
  await reset.getByLabel('Новий пароль', { exact: true }).fill('12345');
  await reset.getByRole('button', { name: 'Продовжити' }).click();
  await expect(errorOf('Новий пароль')).toHaveText('Пароль має містити від 6 до 20 символів');
  await reset.getByLabel('Новий пароль', { exact: true }).fill('new-secret-1');
  await reset.getByLabel('Повторіть новий пароль').fill('new-secret-2');
  await reset.getByRole('button', { name: 'Продовжити' }).click();
  await expect(errorOf('Повторіть новий пароль')).toHaveText('Паролі не збігаються');
  await expect(errorOf('Новий пароль')).toHaveCount(0);
  await reset.getByLabel('Повторіть новий пароль').fill('new-secret-1');
  await reset.getByRole('button', { name: 'Продовжити' }).click();

  const popup = page.getByTestId('password-changed');
  await expect(popup).toContainText('Пароль змінено');
  await popup.getByRole('button', { name: 'Закрити' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Sign in with the new password.
  await page.getByTestId('sign-in').click();
  await modal.getByLabel('E-mail або телефон').fill(account.email);
  await modal.getByLabel('Пароль').fill('new-secret-1');
  await modal.getByRole('button', { name: 'Увійти' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('profile-link')).toBeVisible();

  // The server holds the new password only, and the link worked once.
  const old = await request.post('/api/login/', {
    data: { email_or_phone: account.email, password: account.password },
  });
  expect(old.status()).toBe(401);
  await login(request, account.email, 'new-secret-1');
  const again = await request.post('/api/reset-password/', {
    data: { token: link.searchParams.get('token'), uid: link.searchParams.get('uid'), new_password: 'other-secret' },
  });
  expect(again.status()).toBe(400);

  expectFailedResponses(consoleErrors, [{ status: 400, path: '/api/reset-password/' }]);
});
