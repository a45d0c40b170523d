import type { Page } from '@playwright/test';
import { register, signOut, uniqueEmail } from './support/accounts.ts';
import { scanScreen } from './support/axe.ts';
import { chooseStarter, fillIdea, next, onboardToBusinessStep } from './support/businesses.ts';
import { mailsTo, operatorLinkOf, type ReceivedMail } from './support/mail.ts';
import { MAIL_INSPECTOR_URL } from './support/ports.ts';
import { keepScreenshot } from './support/shots.ts';
import { expect, test } from './support/test.ts';

/**
 * First-party analytics in Chromium (ADR 0017, ADR 0030): analytics along a new user's first
 * session (campaign, page names, Sign Up once, the discovery source, business created, first message),
 * every screen working while the analytics endpoint fails, and the operator's console.
 */

interface StoredEvent {
  name: string;
  properties: Record<string, unknown>;
  user_id: number | null;
  session_id: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
}

async function storedEvents(email: string): Promise<StoredEvent[]> {
  const res = await fetch(`${MAIL_INSPECTOR_URL}/?analytics-of=${encodeURIComponent(email)}`);
  return (await res.json()) as StoredEvent[];
}

/** What was stored for one campaign, signed in or not. */
async function campaignEvents(campaign: string): Promise<StoredEvent[]> {
  const res = await fetch(`${MAIL_INSPECTOR_URL}/?analytics-campaign=${encodeURIComponent(campaign)}`);
  return (await res.json()) as StoredEvent[];
}

/** The anonymous analytics session of the page's tab (lib/analytics/visit.ts). */
const analyticsSession = (page: Page) =>
  page.evaluate(() => sessionStorage.getItem('rumbo.analytics.session') ?? '');

/** The events as 'name' or 'Página vista: page name', in the order they happened. */
const labels = (events: StoredEvent[]) =>
  events.map((event) =>
    event.name === 'Página vista' ? `Página vista: ${event.properties.name}` : event.name,
  );

/** Onboarding steps 1–3 (with its idea), then Starter: the user ends on the home. */
async function onboardWithIdea(page: Page, person: string, business: string) {
  await onboardToBusinessStep(page, person);
  await fillIdea(page, business);
  await page.getByRole('button', { name: 'Crear chat' }).click();
  await chooseStarter(page);
}

/** The console's figures of today about people and plans, as the page's session reads them. */
async function overviewOf(page: Page) {
  return page.evaluate(async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await fetch(`/api/admin/overview?from=${today}&to=${today}`);
    const body = (await res.json()) as {
      funnel: { registered: number; plan_chosen: number };
      signups_per_day: Array<{ count: number }>;
      users_per_plan: Array<{ plan_id: number; users: number }>;
    };
    return {
      funnel: body.funnel,
      signups: body.signups_per_day.reduce((sum, day) => sum + day.count, 0),
      usersPerPlan: body.users_per_plan,
    };
  });
}

async function sendFirstMessage(page: Page, business: string) {
  await page.getByRole('link', { name: 'Chats' }).click();
  await page
    .getByRole('article', { name: business })
    .getByRole('link', { name: /Entrar/ })
    .click();
  await expect(page.getByLabel('Mensaje')).toBeVisible();
  await page.getByLabel('Mensaje').fill('¿Cómo valido la demanda?');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('article[data-sender="ai_model"]').last()).toHaveAttribute(
    'data-finished',
    'true',
  );
}

test('a first session from an Instagram campaign is recorded in order, with the campaign on the profile', async ({
  page,
}) => {
  await page.goto('/?utm_source=instagram&utm_campaign=lanzamiento');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await scanScreen(page, 'login');
  const email = uniqueEmail('analitica');
  await page.getByRole('button', { name: 'Regístrate' }).click();
  await page.getByLabel('Nombre completo').fill('Inés Campaña');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('contraseña-segura-1');
  await page.getByRole('checkbox', { name: /condiciones/i }).check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/onboard$/);
  await page.getByText('Instagram', { exact: true }).click();
  await next(page).click();
  await page.getByText('Hace más de 2 años', { exact: true }).click();
  await next(page).click();
  await fillIdea(page, 'Campaña Oliva');
  await page.getByRole('button', { name: 'Crear chat' }).click();
  await chooseStarter(page);
  await sendFirstMessage(page, 'Campaña Oliva');
  await scanScreen(page, 'chat: first answer');

  // The client sends every 5 s; the server's own events are stored at once.
  await expect
    .poll(async () => labels(await storedEvents(email)), { timeout: 20_000 })
    .toContain('Mensaje enviado a Rumbo');
  const events = await storedEvents(email);
  const order = labels(events);
  const expected = [
    'Página vista: Login',
    'Página vista: Registro',
    'Sign Up',
    'Página vista: On Board',
    'Fuente de tráfico',
    'Negocio creado',
    'Página vista: Planes',
    'Página vista: Dashboard Home',
    'Página vista: Panel de negocios',
    'Página vista: Chat',
    'Nuevo chat creado',
    'Mensaje enviado a Rumbo',
  ];
  // In this order (other events may come between them).
  let from = 0;
  for (const label of expected) {
    const at = order.indexOf(label, from);
    expect(at, `${label} after position ${from} in ${order.join(' → ')}`).toBeGreaterThanOrEqual(from);
    from = at + 1;
  }
  expect(order.filter((label) => label === 'Sign Up')).toHaveLength(1);
  expect(order).not.toContain('Login');
  expect(events.find((event) => event.name === 'Fuente de tráfico')?.properties).toEqual({
    source: 'instagram',
  });
  const signUp = events.find((event) => event.name === 'Sign Up');
  expect(signUp?.properties).toMatchObject({ $email: email, $name: 'Inés Campaña', id: signUp?.user_id });
  // The server's 'Sign Up' carries the browser's session and landing campaign (its visit cookie), so the
  // page views before it are found as the same visit.
  expect(signUp).toMatchObject({ utm_source: 'instagram', utm_campaign: 'lanzamiento' });
  const login = events[0];
  expect(login).toMatchObject({ session_id: signUp?.session_id, utm_source: 'instagram' });
  expect(login?.properties).toMatchObject({ route: '/login', page: '/login', utm_campaign: 'lanzamiento' });
  const profiles = events.filter((event) => event.name === '$profile');
  expect(profiles.at(-1)?.properties).toMatchObject({
    $email: email,
    plan: 'Starter',
    utm_source: 'instagram',
    utm_campaign: 'lanzamiento',
  });
  expect(events.find((event) => event.name === '$group')?.properties).toEqual({ membership: 'STARTER' });
  const sent = events.find((event) => event.name === 'Mensaje enviado a Rumbo');
  expect(sent?.properties).toMatchObject({ business_id: expect.any(Number), date: expect.any(String) });
});

test("registering and at once opening another address records one 'Sign Up', with the visit, and no 'Login'", async ({
  page,
}) => {
  await page.goto('/?utm_source=boletin&utm_campaign=invierno');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await scanScreen(page, 'login');
  const session = await analyticsSession(page);
  const email = uniqueEmail('deprisa');
  await page.getByRole('button', { name: 'Regístrate' }).click();
  await page.getByLabel('Nombre completo').fill('Rita Deprisa');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('contraseña-segura-1');
  await page.getByRole('checkbox', { name: /condiciones/i }).check();
  const created = page.waitForResponse((res) => res.url().endsWith('/api/auth/sign-up/email'));
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  expect((await created).ok()).toBe(true);
  // At once, by address: the tab that registered never gets to report anything itself.
  await page.goto('/plans');
  await expect(page.getByRole('heading', { name: 'Selecciona un plan para continuar' })).toBeVisible();
  await scanScreen(page, 'plans: right after registering');
  // Leaving hands what the page queued to the browser, so the plans page's own events are in too.
  await page.goto('about:blank');

  await expect
    .poll(async () => labels(await storedEvents(email)), { timeout: 20_000 })
    .toContain('Página vista: Planes');
  const order = labels(await storedEvents(email));
  expect(
    order.filter((label) => label === 'Sign Up'),
    order.join(' → '),
  ).toHaveLength(1);
  expect(order).not.toContain('Login');
  const signUp = (await storedEvents(email)).find((event) => event.name === 'Sign Up');
  expect(signUp).toMatchObject({ session_id: session, utm_source: 'boletin', utm_campaign: 'invierno' });
});

test('a campaign visit that leaves after 200 ms records its page view with the campaign', async ({
  page,
}) => {
  const campaign = `visita-corta-${Date.now()}`;
  // The app's script has run by DOMContentLoaded; its first screen waits for the 1 s start delay.
  await page.goto(`/?utm_source=instagram&utm_campaign=${campaign}`, { waitUntil: 'domcontentloaded' });
  await page.waitForTimeout(200);
  await page.goto('about:blank');

  await expect
    .poll(async () => (await campaignEvents(campaign)).length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  expect(await campaignEvents(campaign)).toEqual([
    expect.objectContaining({
      name: 'Página vista',
      path: '/',
      user_id: null,
      session_id: expect.stringMatching(/^s[0-9a-f]{32}$/),
      utm_source: 'instagram',
      // Its route is '/' or, once the login screen has drawn in its place, '/login' (product.md §2.12).
      properties: expect.objectContaining({
        route: expect.stringMatching(/^\/(login)?$/),
        utm_source: 'instagram',
        utm_campaign: campaign,
      }),
    }),
  ]);
  // The visitor comes back later: the login works as ever.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await scanScreen(page, 'login after a short campaign visit');
});

test("Google: the first sign-in records one 'Sign Up' and no 'Login'; the next one a 'Login'", async ({
  page,
}) => {
  const email = uniqueEmail('google.analitica');
  const continueWithGoogle = async () => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuar con Google' }).click();
  };
  await continueWithGoogle();
  // The fake Google asks who you are the first time in this browser, and remembers it afterwards.
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('cualquiera');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboard$/);
  await scanScreen(page, 'onboarding after Google');
  await expect.poll(async () => labels(await storedEvents(email))).toContain('Sign Up');
  expect(labels(await storedEvents(email))).not.toContain('Login');

  await signOut(page);
  await continueWithGoogle();
  await expect(page).toHaveURL(/\/plans$/);
  await expect.poll(async () => labels(await storedEvents(email))).toContain('Login');
  const order = labels(await storedEvents(email));
  expect(order.filter((label) => label === 'Sign Up')).toHaveLength(1);
  expect(order.filter((label) => label === 'Login')).toHaveLength(1);
});

test('with the analytics endpoint failing, every screen still works', async ({ page }) => {
  let refused = 0;
  await page.route('**/api/analytics/events', async (route) => {
    refused += 1;
    await (refused % 2 ? route.fulfill({ status: 503, body: '' }) : route.abort('connectionrefused'));
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await onboardWithIdea(page, 'Sin Analítica', 'Negocio sin analítica');
  await sendFirstMessage(page, 'Negocio sin analítica');
  await scanScreen(page, 'chat: answer with analytics down');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Perfil', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Asociar mis datos de uso a mi cuenta' })).toBeChecked();
  await page.goto('/tools');
  await expect(page.getByText('Herramientas!')).toBeVisible();
  // Keep going long enough for the client to retry a few times.
  await page.waitForTimeout(6_000);
  expect(refused).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('the operator console: figures from the journeys, a grant of 50 credits with its audit line; others get 404 and 403', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A member first, to receive the credits, who arrives from a newsletter campaign.
  const memberEmail = uniqueEmail('miembro');
  const member = await browser.newPage();
  await member.goto('/?utm_source=boletin&utm_campaign=otono');
  await expect(member.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await register(member, { name: 'Marta Miembro', email: memberEmail });
  await expect(member).toHaveURL(/\/onboard$/);
  await member.goto('/plans');
  await member.getByRole('article', { name: 'Starter', exact: true }).getByRole('button').click();
  await expect(member).toHaveURL(/\/$/);
  await member.goto('/admin');
  await expect(member.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await scanScreen(member, 'admin: not an operator');
  const apiStatus = await member.evaluate(
    async () => (await fetch('/api/admin/overview?from=2026-01-01&to=2026-01-31')).status,
  );
  expect(apiStatus).toBe(403);

  // The operator is an account whose e-mail ADMIN_EMAILS names (e2e/support/serve.ts), typed here in
  // capitals: the address alone opens nothing until the mailed link proves it is theirs (ADR 0022).
  // An operator is not a customer: right after registering, with no plan, /admin opens (no detour to
  // the plans).
  await register(page, { name: 'Olga Operadora', email: 'OPERADORA@example.com' });
  await expect(page).toHaveURL(/\/onboard$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(
    page.getByRole('heading', { name: 'Confirma tu correo para entrar en la consola' }),
  ).toBeVisible();
  await scanScreen(page, 'admin: verify the operator address');
  const refused = await page.evaluate(async () => {
    const res = await fetch('/api/admin/overview?from=2026-01-01&to=2026-01-31');
    const me = (await (await fetch('/api/users/me')).json()) as { role: string };
    return { status: res.status, code: ((await res.json()) as { code: string }).code, role: me.role };
  });
  expect(refused).toEqual({ status: 403, code: 'EMAIL_NOT_VERIFIED', role: 'user' });
  await page.getByRole('button', { name: 'Enviarme el enlace de verificación' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Te hemos enviado el enlace' })).toBeVisible();
  await scanScreen(page, 'admin: verification link sent');
  const [mail] = await mailsTo('operadora@example.com');
  expect(mail?.subject).toBe('Verifica tu correo para la consola de Rumbo');
  await page.goto(operatorLinkOf(mail as ReceivedMail));
  await expect(page.getByRole('heading', { name: 'Consola de operación' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: 'Consola' })).toBeVisible();
  // The operator tries the product as a customer would, choosing a plan: no customer figure moves.
  const before = await overviewOf(page);
  await page.goto('/plans');
  await page.getByRole('article', { name: 'Starter', exact: true }).getByRole('button').click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Consola de operación' })).toBeVisible();
  expect(await overviewOf(page)).toEqual(before);
  // The member's visit and every other journey on this server fill the period's figures.
  const funnel = page.getByRole('region', { name: 'Embudo de activación' });
  await expect(funnel).toContainText('Registrados');
  await expect(funnel).toContainText('Con primera respuesta');
  const summary = page.getByRole('region', { name: 'Resumen del periodo' });
  await expect(summary.getByRole('term').filter({ hasText: 'Altas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Altas por día' })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  const pages = page.getByRole('region', { name: 'Páginas más vistas', exact: true });
  // Pages by the names the app gives its screens; the console itself is named too.
  await expect(pages).toContainText('Inicio');
  await expect(pages).toContainText('Consola');
  await expect(pages).not.toContainText('Dashboard Home');
  await expect(page.getByRole('region', { name: 'Fuentes UTM', exact: true })).toContainText('boletin');
  await scanScreen(page, 'admin: console');

  const users = page.getByRole('region', { name: 'Usuarios', exact: true });
  await users.getByLabel('Buscar por correo o nombre').fill(memberEmail);
  const row = users.getByRole('row', { name: new RegExp(memberEmail) });
  await expect(row).toBeVisible();
  await expect(users.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('100');
  // The row's actions are in a menu, so that the table fits 1280 px.
  const actionsButton = row.getByRole('button', { name: `Acciones para ${memberEmail}` });
  await actionsButton.click();
  await page.getByRole('menuitem', { name: 'Añadir créditos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Añadir créditos' });
  // Keyboard: focus starts on the amount, Shift+Tab from there stays inside (on the last button),
  // Escape closes the dialog and focus goes back to the row's button.
  await expect(dialog.getByLabel('Cantidad de créditos')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Cerrar' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Añadir créditos' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(actionsButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Añadir créditos' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Cantidad de créditos')).toBeFocused();
  await dialog.getByLabel('Cantidad de créditos').fill('50');
  await dialog.getByLabel('Motivo').fill('Compensación por la caída del martes');
  await scanScreen(page, 'admin: grant credits');
  await dialog.getByRole('button', { name: 'Añadir créditos' }).click();
  await expect(page.getByText(/Saldo nuevo: 150/)).toBeVisible();
  await expect(row).toContainText('150');
  const audit = page.getByRole('region', { name: 'Registro de auditoría', exact: true });
  await expect(audit).toContainText('operadora@example.com');
  await expect(audit).toContainText('Compensación por la caída del martes');
  // The user acted on by e-mail, not by id.
  await expect(audit.getByRole('cell', { name: memberEmail })).toBeVisible();

  // The whole console fits the widths of the gate: nothing scrolls sideways, the tables neither.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('heading', { name: 'Consola de operación' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width}`).toBe(width);
    if (width === 1280) {
      const region = users.getByRole('region', { name: 'Tabla «Usuarios» (desplazable)' });
      const fits = await region.evaluate((element) => element.scrollWidth <= element.clientWidth);
      expect(fits, 'the users table fits 1280 px').toBe(true);
    }
    await keepScreenshot(page, `console-${width}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The member sees the new balance.
  await member.goto('/');
  await expect(member.getByRole('region', { name: 'Tus créditos' })).toContainText('150');
});
