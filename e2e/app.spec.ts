import { scanScreen } from './support/axe.ts';
import { expect, test } from './support/test.ts';

test('the app loads in Spanish, under a strict CSP, and deep links survive a reload', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/tools');
  // Each page names the document (product.md §2.2); signed out, the login shows in its place.
  await expect(page).toHaveTitle('Iniciar sesión · Rumbo');
  expect(await page.locator('html').getAttribute('lang')).toBe('es');
  // Signed out: the login screen, in place, without losing the address.
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page).toHaveURL(/\/tools$/);
  await page.reload();
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();

  // Open pages need no session.
  await page.goto('/terminos');
  await expect(page.getByRole('heading', { name: 'Condiciones del servicio' })).toBeVisible();
  await scanScreen(page, 'terms');
  await page.goto('/stripe_cancel');
  await expect(page.getByText('No se ha podido realizar el pago')).toBeVisible();
  await scanScreen(page, 'payment failed');

  expect(problems).toEqual([]);
});
