import type { Page } from '@playwright/test';
import { signInToBackOffice } from '../back-office.ts';
import { expect, isPhone, test } from '../fixtures.ts';

// The back office's app bar on a 375 px phone: every screen's title whole (wrapped, never cut) and
// clear of the language switch, which stays there to be pressed.

const texts = {
  uk: { openMenu: 'Відкрити меню', dashboard: 'Огляд магазину', switchTo: 'Русский' },
  ru: { openMenu: 'Открыть меню', dashboard: 'Обзор магазина', switchTo: 'Українська' },
} as const;

/** How the title sits in the bar: its content against its box, and its box against the switch's. */
async function titleFit(page: Page) {
  return page.evaluate(() => {
    const title = document.querySelector('#react-admin-title');
    const languageSwitch = document.querySelector('[data-testid="language-switch"]');
    if (!title || !languageSwitch) return 'missing';
    const t = title.getBoundingClientRect();
    const s = languageSwitch.getBoundingClientRect();
    return {
      text: title.textContent ?? '',
      cutAcross: title.scrollWidth > title.clientWidth,
      cutBelow: title.scrollHeight > title.clientHeight,
      overlapsSwitch: t.right > s.left && s.right > t.left && t.bottom > s.top && s.bottom > t.top,
      switchOnScreen: s.left >= 0 && s.right <= window.innerWidth && s.width > 0,
    };
  });
}

async function expectWholeTitle(page: Page, screen: string) {
  await expect
    .poll(() => titleFit(page), { message: `the title bar of ${screen}` })
    .toEqual({
      text: expect.stringMatching(/\S/),
      cutAcross: false,
      cutBelow: false,
      overlapsSwitch: false,
      switchOnScreen: true,
    });
}

test.describe('the back office on a phone', () => {
  test.skip(({ page }) => !isPhone(page), 'the title has the whole bar on a desk');
  test.slow();

  for (const lng of ['uk', 'ru'] as const) {
    test(`every screen’s title is whole beside the language switch (${lng})`, async ({ page }) => {
      const t = texts[lng];
      await signInToBackOffice(page, lng);
      await expect(page.locator('#react-admin-title')).toHaveText(t.dashboard);
      await expectWholeTitle(page, 'the dashboard');

      // Each screen as staff reach it: the menu, then its entry.
      await page.getByRole('button', { name: t.openMenu }).click();
      const entries = await page.getByRole('menu').getByRole('menuitem').allInnerTexts();
      expect(entries.length).toBeGreaterThan(10);
      for (const [index, entry] of entries.entries()) {
        if (index > 0) await page.getByRole('button', { name: t.openMenu }).click();
        const item = page.getByRole('menu').getByRole('menuitem').nth(index);
        const href = (await item.getAttribute('href')) ?? '';
        await item.click();
        await expect(page).toHaveURL((url) => url.pathname.replace(/\/$/, '') === href.replace(/\/$/, ''));
        await expectWholeTitle(page, entry.trim());
      }

      // The switch is there to be pressed, and opens the same screen in the other language.
      const languageSwitch = page.getByRole('link', { name: t.switchTo });
      await expect(languageSwitch).toBeInViewport();
      const before = new URL(page.url()).pathname;
      await languageSwitch.click();
      const other = lng === 'uk' ? 'ru' : 'uk';
      // A whole page load of the back office, which a busy two-core runner has taken over 7 s to commit.
      await expect(page).toHaveURL((url) => url.pathname === before.replace(`/${lng}/admin`, `/${other}/admin`), {
        timeout: 20_000,
      });
      await expectWholeTitle(page, `the same screen in ${other}`);
    });
  }
});
