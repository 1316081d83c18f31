import type { Page } from '@playwright/test';
import { expect, isPhone, test } from '../fixtures.ts';

// The home page's sliders are laid out by the server's HTML and CSS alone: the page is as tall
// without scripts, when React has hydrated it and once the sliders' own code runs, and nothing on it
// shifts, on a phone, a tablet and a desktop.

declare global {
  interface Window {
    layoutShift: number;
    /** Each shift counted: its value, and what moved from where to where. */
    layoutShifts: string[];
  }
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/** How the sliders lay out their first slides: width and height of each, rounded to the pixel. */
const slideBoxes = (page: Page) =>
  page
    .locator('.product-slider .swiper-slide')
    .evaluateAll((slides) =>
      slides
        .slice(0, 2)
        .map((s) => [Math.round(s.getBoundingClientRect().width), Math.round(s.getBoundingClientRect().height)]),
    );

test('home sliders: as tall without scripts as with them, before and after the sliders run, with no layout shift', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const widths = isPhone(page) ? [375] : [768, 1366];
  const device = info.project.use;
  // Layout shifts are counted from each load's first paint.
  await page.addInitScript(() => {
    window.layoutShift = 0;
    window.layoutShifts = [];
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] };
    const box = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    const name = (node?: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        window.layoutShift += entry.value;
        const moved = entry.sources.map((s) => `${name(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`);
        window.layoutShifts.push(`${entry.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const width of widths) {
    const viewport = { width, height: 800 };

    // Without scripts: what the server sends is all there is.
    const still = await browser.newContext({
      viewport,
      javaScriptEnabled: false,
      isMobile: device.isMobile,
      hasTouch: device.hasTouch,
      deviceScaleFactor: device.deviceScaleFactor,
      userAgent: device.userAgent,
    });
    const stillPage = await still.newPage();
    await stillPage.goto('/');
    await expect(stillPage.locator('.product-slider')).toHaveCount(2);
    const withoutScripts = await pageHeight(stillPage);
    const stillSlides = await slideBoxes(stillPage);
    await still.close();

    // With scripts.
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const hydrated = await pageHeight(page);

    // Each slider's code loads as it comes near the screen, then takes over the same slides.
    for (const slider of await page.locator('.product-slider').all()) {
      await slider.scrollIntoViewIfNeeded();
      await expect(slider.locator('.swiper-initialized')).toHaveCount(1);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    const running = await pageHeight(page);
    const runningSlides = await slideBoxes(page);

    const at = `${width} px`;
    expect(
      Math.abs(hydrated - withoutScripts),
      `${at}: ${withoutScripts} without scripts, ${hydrated} hydrated`,
    ).toBeLessThanOrEqual(3);
    expect(
      Math.abs(running - withoutScripts),
      `${at}: ${withoutScripts} without scripts, ${running} running`,
    ).toBeLessThanOrEqual(3);
    expect(runningSlides, at).toEqual(stillSlides);
    // Zero as CLS is reported (to three decimals): the first load after a server start once
    // measured 0.00004, too small to name its source; every warm load measures 0.
    const shifts = await page.evaluate(() => window.layoutShifts);
    expect(await page.evaluate(() => window.layoutShift), `${at}: ${shifts.join('\n') || 'no shift'}`).toBeLessThan(
      0.001,
    );
  }
});
