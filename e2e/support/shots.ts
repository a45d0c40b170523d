import path from 'node:path';
import type { Page } from '@playwright/test';

/** The folder E2E_SCREENSHOTS names, where journeys keep screenshots of what a person looks at; none without. */
export const SHOTS_DIR = process.env.E2E_SCREENSHOTS;

/** Keeps a screenshot of the page as `file` in that folder, when one is named. */
export async function keepScreenshot(page: Page, file: string, options: { fullPage?: boolean } = {}) {
  if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, file), ...options });
}
