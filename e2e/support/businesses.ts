import { expect, type Page } from '@playwright/test';
import { register, uniqueEmail } from './accounts.ts';
import { scanScreen } from './axe.ts';
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
  await scanScreen(page, 'onboarding: where did you hear of us');
  await page.getByText('Instagram', { exact: true }).click();
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/users/me/onboarding'));
  await next(page).click();
  expect((await saved).status()).toBe(204);

  await expect(
    page.getByRole('heading', { name: '¿Cuándo empezaste tu aventura emprendedora?' }),
  ).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await scanScreen(page, 'onboarding: when did you start');
  await page.getByText('Hace más de 2 años', { exact: true }).click();
  await next(page).click();
  await expect(
    page.getByRole('heading', { name: 'Genial! Ahora vamos a registrar tu empresa' }),
  ).toBeVisible();
  await scanScreen(page, 'wizard 1: the type');
}

/**
 * Steps 1 to 5 of the wizard for an idea, all valid, with a gradient logo, in the given country (the
 * form's default when none is given). Ends on the last step.
 */
export async function fillIdea(page: Page, name: string, country?: string) {
  await page.getByText('Idea de negocio', { exact: true }).click();
  await next(page).click();
  await page.getByRole('radio', { name: 'Color 1' }).check({ force: true });
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  if (country) await page.getByLabel('País').selectOption(country);
  await scanScreen(page, 'wizard 2: logo and name');
  await next(page).click();
  await page.getByLabel('Descripción', { exact: true }).fill(DESCRIPTION);
  await scanScreen(page, 'wizard 3: description');
  await next(page).click();
  await page.getByLabel('Descripción del equipo').fill('Dos fundadores');
  await scanScreen(page, 'wizard 4: team and investment (idea)');
  await next(page).click();
  await page.getByLabel('Objetivo principal').fill('Validar la demanda');
  await scanScreen(page, 'wizard 5: goals');
}

export async function chooseStarter(page: Page) {
  await expect(page).toHaveURL(/\/plans$/);
  await expect(planCard(page, 'Starter').getByRole('button')).toHaveText('Seleccionar plan');
  await scanScreen(page, 'plans: choose one');
  await planCard(page, 'Starter').getByRole('button', { name: 'Seleccionar plan' }).click();
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expect(page.getByRole('region', { name: 'Tus créditos' })).toContainText('créditos');
  await scanScreen(page, 'home');
}

/**
 * A new Starter user (100 credits) with one idea created through the API, the quick start of the chat
 * journeys; the page is left on the home.
 */
export async function starterWithIdea(
  page: Page,
  who: { name: string; emailPrefix: string },
  idea: { name: string; goal: string; team: string },
): Promise<{ email: string; businessId: number }> {
  const email = uniqueEmail(who.emailPrefix);
  await register(page, { name: who.name, email });
  await expect(page).toHaveURL(/\/onboard$/);
  await page.goto('/plans');
  await planCard(page, 'Starter').getByRole('button', { name: 'Seleccionar plan' }).click();
  await expect(page).toHaveURL(/\/$/);
  const created = await page.request.post('/api/businesses/ideas', {
    data: {
      name: idea.name,
      description: DESCRIPTION,
      goal: idea.goal,
      investment: 5000,
      investment_currency: 'euro',
      location: 'España',
      team_description: idea.team,
      team_size: 2,
      user_position: 'CEO',
      competitor_existence: false,
      competitor_differentiation: '',
    },
  });
  expect(created.status()).toBe(201);
  return { email, businessId: ((await created.json()) as { id: number }).id };
}

/**
 * A new user with an idea made through onboarding, on `plan` through the local checkout; the page is left on
 * the payment result.
 */
export async function paidWithIdea(page: Page, who: string, business: string, plan: 'CEO' | 'Founder') {
  await onboardToBusinessStep(page, who);
  await fillIdea(page, business);
  await page.getByRole('button', { name: 'Crear chat' }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await planCard(page, plan).getByRole('button', { name: 'Seleccionar plan' }).click();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByRole('heading', { name: 'Pago realizado con éxito' })).toBeVisible();
  const [created] = (await (await page.request.get('/api/businesses')).json()) as Array<{ id: number }>;
  const { email } = (await (await page.request.get('/api/auth/profile')).json()) as { email: string };
  return { businessId: created?.id ?? 0, email };
}
