import { expect, type Page } from '@playwright/test';

/** What the businesses journeys read of the dashboard cards and of the API. */

export const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
export const message = (page: Page, text: string) => page.getByText(text, { exact: true });

export async function businesses(page: Page): Promise<Array<Record<string, unknown>>> {
  const res = await page.request.get('/api/businesses');
  expect(res.status()).toBe(200);
  return res.json();
}

/** What the tests read of an <img> (this project's e2e code is typed without the DOM library). */
export type LoadedImage = { complete: boolean; naturalWidth: number };

/** The logo on a dashboard card has really loaded (owner-only, same origin). */
export async function expectLogoShown(page: Page, name: string) {
  const logo = card(page, name).getByRole('img', { name: `Logo de ${name}` });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', /\/logo\?v=/);
  await expect
    .poll(() =>
      logo.evaluate((img) => {
        const loaded = img as unknown as LoadedImage;
        return loaded.complete ? loaded.naturalWidth : 0;
      }),
    )
    .toBeGreaterThan(0);
  return logo;
}
