import type { Page } from '@playwright/test';
import { register, uniqueEmail } from './support/accounts.ts';
import { scanScreen } from './support/axe.ts';
import { APP_URL } from './support/ports.ts';
import { expect, test } from './support/test.ts';

/**
 * Plans and payments (ADR 0007, 0008): plans, the local test checkout (no payment keys: what a fresh install
 * uses) and the payment result screens, offline.
 */

const HOME_URL = `${APP_URL}/`;
const CHECKOUT_TITLE = 'Pago de prueba — no se realizará ningún cargo';

const planCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const creditsCard = (page: Page) => page.getByRole('region', { name: 'Tus créditos' });
const planSummary = (page: Page) => page.getByRole('region', { name: 'Tu suscripción' });
const currentPlan = (page: Page) => page.getByRole('region', { name: 'Tu plan actual' });

/** A new account, on /plans (registration lands on /onboard, the plan selection comes after it). */
async function newUserOnPlans(page: Page, name: string) {
  await register(page, { name, email: uniqueEmail('planes') });
  await expect(page).toHaveURL(/\/onboard$/);
  await page.goto('/plans');
  await expect(page.getByRole('heading', { name: 'Selecciona un plan para continuar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(planCard(page, 'Starter').getByRole('button')).toHaveText('Seleccionar plan');
  await scanScreen(page, 'plans: choose one');
}

test('a new user: Starter, then a paid plan through the test checkout, then the portal', async ({ page }) => {
  test.setTimeout(120_000);
  await newUserOnPlans(page, 'Paula Planes');
  for (const name of ['Starter', 'Founder', 'CEO']) {
    await expect(planCard(page, name).getByRole('button')).toHaveText('Seleccionar plan');
  }

  // Starter: applied at once, home with its 100 credits.
  await planCard(page, 'Starter').getByRole('button', { name: 'Seleccionar plan' }).click();
  await expect(page).toHaveURL(HOME_URL);
  await expect(creditsCard(page)).toContainText('100 créditos');
  await expect(planSummary(page)).toContainText('Starter');
  await scanScreen(page, 'home');

  // The subscription tab: the real date the free credits renew; no portal without a paid plan.
  await planSummary(page).getByRole('link', { name: 'Ver mi plan' }).click();
  await expect(page).toHaveURL(/\/profile\/sub$/);
  await expect(currentPlan(page)).toContainText('Starter');
  await expect(currentPlan(page)).toContainText(
    /Tus 100 créditos gratuitos se renuevan el \d{1,2} de \p{L}+ de \d{4}/u,
  );
  await expect(page.getByRole('button', { name: 'Gestionar suscripción' })).toBeDisabled();
  await expect(planCard(page, 'Starter').getByRole('button')).toHaveText('Tu plan actual');
  await expect(planCard(page, 'Founder').getByRole('button')).toHaveText('Mejorar plan');
  await scanScreen(page, 'profile: subscription (Starter)');

  // CEO with 1400 credits: the slider moves the third card to plan 11.
  const slider = page.getByRole('slider', { name: 'Créditos al mes' });
  await slider.focus();
  await slider.press('ArrowRight');
  await expect(planCard(page, 'CEO')).toContainText('39 €');
  await planCard(page, 'CEO').getByRole('button', { name: 'Mejorar plan' }).click();

  await expect(page.getByRole('heading', { name: CHECKOUT_TITLE })).toBeVisible();
  await expect(page.getByText('1400 créditos al mes')).toBeVisible();
  await scanScreen(page, 'test checkout');
  await page.getByRole('button', { name: 'Pagar' }).click();

  await expect(page).toHaveURL(/\/stripe_success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Pago realizado con éxito' })).toBeVisible();
  const shownAt = Date.now();
  await scanScreen(page, 'payment succeeded');
  await expect(page).toHaveURL(HOME_URL, { timeout: 10_000 });
  // 7 s after the screen opened, of which the first second was the spinner.
  expect(Date.now() - shownAt).toBeGreaterThan(5000);
  await expect(planSummary(page)).toContainText('CEO');
  await expect(creditsCard(page)).toContainText('1400 créditos');

  // The portal (the local test one): switch to Founder, then cancel, which leaves the user without a plan.
  await page.goto('/profile/sub');
  await expect(currentPlan(page)).toContainText('39 €');
  await expect(currentPlan(page)).toContainText(
    /Tu plan se renueva automáticamente el \d{1,2} de \p{L}+ de \d{4}/u,
  );
  await expect(page.getByRole('slider', { name: 'Créditos al mes' })).toHaveValue('1');
  await expect(planCard(page, 'CEO').getByRole('button')).toHaveText('Tu plan actual');
  await expect(planCard(page, 'Starter').getByRole('button')).toHaveText('Cambiar plan');
  await scanScreen(page, 'profile: subscription (paid plan)');
  await page.getByRole('button', { name: 'Gestionar suscripción' }).click();
  await expect(page.getByRole('heading', { name: 'Gestionar suscripción (prueba)' })).toBeVisible();
  await scanScreen(page, 'test billing portal');
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Founder' })
    .getByRole('button', { name: 'Cambiar a este plan' })
    .click();
  await expect(page).toHaveURL(/\/profile\/sub$/);
  await expect(currentPlan(page)).toContainText('Founder');
  await expect(currentPlan(page)).toContainText('19 €');

  await page.getByRole('button', { name: 'Gestionar suscripción' }).click();
  await page.getByRole('button', { name: 'Cancelar suscripción' }).click();
  // Plan -1 again: the guard sends the user to choose a plan (ADR 0006, 0007).
  await expect(page).toHaveURL(/\/plans$/);
  await expect(planCard(page, 'Starter').getByRole('button')).toHaveText('Seleccionar plan');
});

test('a cancelled payment says so, changes nothing and returns to the root', async ({ page }) => {
  await newUserOnPlans(page, 'Carlos Cancela');
  await planCard(page, 'Founder').getByRole('button', { name: 'Seleccionar plan' }).click();
  await expect(page.getByRole('heading', { name: CHECKOUT_TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar' }).click();

  await expect(page).toHaveURL(/\/stripe_cancel$/);
  await expect(page.getByRole('heading', { name: 'No se ha podido realizar el pago' })).toBeVisible();
  const dots = page.getByTestId('payment-dots');
  const seen = new Set<string>();
  for (let i = 0; i < 4; i++) {
    seen.add((await dots.textContent()) ?? '');
    await page.waitForTimeout(1000);
  }
  expect([...seen].every((value) => /^\.{1,3}$/.test(value))).toBe(true);
  expect(seen.size).toBeGreaterThan(1);

  // The root; still without a plan, so the guard shows the plan selection again.
  await expect(page).toHaveURL(/\/plans$/, { timeout: 10_000 });
  const me = await (await page.request.get('/api/users/me')).json();
  expect(me).toMatchObject({ plan_id: -1 });
});

test('the success screen shows a failure for a missing or unknown session, and signs nobody out', async ({
  page,
}) => {
  await newUserOnPlans(page, 'Sara Sesiones');
  await page.goto('/stripe_success');
  await expect(page.getByRole('heading', { name: 'No se ha podido realizar el pago' })).toBeVisible();

  await page.goto('/stripe_success?session_id=cs_unknown');
  await expect(page.getByRole('heading', { name: 'No se ha podido realizar el pago' })).toBeVisible();
  await scanScreen(page, 'payment failed');
  await page.getByRole('link', { name: 'Ir al inicio ahora' }).click();
  // Still signed in: the root sends a user without a plan to /plans, not to the login.
  await expect(page).toHaveURL(/\/plans$/);

  // Signed out (another browser): the lookup answers 401, the screen shows the failure, then the login.
  await page.context().clearCookies();
  await page.goto('/stripe_success?session_id=cs_unknown');
  await expect(page.getByRole('heading', { name: 'No se ha podido realizar el pago' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(HOME_URL);
});
