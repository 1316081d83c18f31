import { expect, open, test } from '../fixtures.ts';

test('wishlist as a guest: heart, counter, page, removal, empty state', async ({ page }) => {
  await open(page, '/category/vzuttia');
  const card = page.getByTestId('product-card').first();
  const name = (await card.locator('.card__name').innerText()).trim();
  const heart = card.getByTestId('wishlist-heart');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('wishlist-count')).toHaveText('1');

  await open(page, '/wishlist');
  await expect(page.getByTestId('wishlist-count')).toHaveText('1');
  const saved = page.getByTestId('product-card');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText(name);
  await saved.getByTestId('wishlist-remove').click();
  await expect(page.getByTestId('wishlist-empty')).toBeVisible();
  await expect(page.getByTestId('wishlist-count')).toHaveText('0');
});
