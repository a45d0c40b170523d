import { expect, test } from '@playwright/test';

test('the app loads in Spanish, under a strict CSP, and client routes survive a reload', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/tools');
  await expect(page.getByRole('heading', { name: 'Herramientas!' })).toBeVisible();
  await expect(page).toHaveTitle('Rumbo');
  expect(await page.locator('html').getAttribute('lang')).toBe('es');

  await page.getByRole('link', { name: 'Chats' }).click();
  await expect(page.getByRole('heading', { name: 'Aquí empieza algo grande...' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Aquí empieza algo grande...' })).toBeVisible();

  await page.goto('/una/ruta/que/no/existe');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();

  expect(problems).toEqual([]);
});
