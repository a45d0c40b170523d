import path from 'node:path';
import type { Page } from '@playwright/test';

/** The folder E2E_SCREENSHOTS names, where journeys keep screenshots of what a person looks at; none without. */
export const SHOTS_DIR = process.env.E2E_SCREENSHOTS;

/** Keeps a screenshot of the page as `file` in that folder, when one is named. */
export async function keepScreenshot(page: Page, file: string, options: { fullPage?: boolean } = {}) {
  if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, file), ...options });
}

/** Keeps `name-1280.png` and `name-375.png`, the page at a desktop's and a phone's width, when a folder is named. */
export async function keepScreenshotsAtWidths(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
) {
  if (!SHOTS_DIR) return;
  const original = page.viewportSize();
  for (const [width, height] of [
    [1280, 900],
    [375, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await keepScreenshot(page, `${name}-${width}.png`, options);
  }
  if (original) await page.setViewportSize(original);
}
