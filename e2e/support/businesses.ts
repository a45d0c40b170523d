import { expect, type Page } from '@playwright/test';
import { register, uniqueEmail } from './accounts.ts';
import { APP_URL } from './ports.ts';

/** The journeys' steps through onboarding, the creation wizard and the plan choice. */

export const DESCRIPTION =
  'Una plataforma que conecta a productores locales de aceite de oliva con restaurantes de toda España, con entregas semanales y trazabilidad completa del origen.';

export const next = (page: Page) => page.getByRole('button', { name: 'Continuar' });
export const planCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** Registers a new user and answers onboarding steps 1 and 2; the page is on step 3. */
export async function onboardToBusinessStep(page: Page, name: string) {
  await register(page, { name, email: uniqueEmail('negocios') });
  await expect(page).toHaveURL(/\/onboard$/);
  await expect(page.getByRole('heading', { name: '¿Dónde nos has conocido?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await page.getByText('Instagram', { exact: true }).click();
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/users/me/onboarding'));
  await next(page).click();
  expect((await saved).status()).toBe(204);

  await expect(
    page.getByRole('heading', { name: '¿Cuándo empezaste tu aventura emprendedora?' }),
  ).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await page.getByText('Hace más de 2 años', { exact: true }).click();
  await next(page).click();
  await expect(
    page.getByRole('heading', { name: 'Genial! Ahora vamos a registrar tu empresa' }),
  ).toBeVisible();
}

/** Steps 1 to 5 of the wizard for an idea, all valid, with a gradient logo. Ends on the last step. */
export async function fillIdea(page: Page, name: string) {
  await page.getByText('Idea de negocio', { exact: true }).click();
  await next(page).click();
  await page.getByRole('radio', { name: 'Color 1' }).check({ force: true });
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await next(page).click();
  await page.getByLabel('Descripción', { exact: true }).fill(DESCRIPTION);
  await next(page).click();
  await page.getByLabel('Descripción del equipo').fill('Dos fundadores');
  await next(page).click();
  await page.getByLabel('Objetivo principal').fill('Validar la demanda');
}

export async function chooseStarter(page: Page) {
  await expect(page).toHaveURL(/\/plans$/);
  await planCard(page, 'Starter').getByRole('button', { name: 'Seleccionar plan' }).click();
  await expect(page).toHaveURL(`${APP_URL}/`);
}
