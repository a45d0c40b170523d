import { openLogin, PASSWORD, register, signIn, signOut, uniqueEmail } from './support/accounts.ts';
import { scanScreen } from './support/axe.ts';
import { mailsTo, resetLinkOf } from './support/mail.ts';
import { MAIL_INSPECTOR_URL } from './support/ports.ts';
import { expect, test } from './support/test.ts';

const sessionCookie = async (page: import('@playwright/test').Page) =>
  (await page.context().cookies()).find((c) => c.name === 'rumbo.session_token');

test('register, sign out, a wrong password, then sign in with and without remember me', async ({ page }) => {
  const email = uniqueEmail('ana');
  await register(page, { name: 'Ana Pérez', email });
  await expect(page).toHaveURL(/\/onboard$/);

  await signOut(page);
  await signIn(page, { email, password: 'no-es-esta-1' });
  await expect(page.getByText('Correo o contraseña incorrectos')).toBeVisible();
  await scanScreen(page, 'login: wrong password');

  await signIn(page, { email, remember: false });
  await expect(page).toHaveURL(/\/plans$/);
  const browserSession = await sessionCookie(page);
  expect(browserSession?.expires).toBe(-1);
  expect(browserSession?.httpOnly).toBe(true);

  await signOut(page);
  await signIn(page, { email, remember: true });
  await expect(page).toHaveURL(/\/plans$/);
  const persistent = await sessionCookie(page);
  expect(persistent?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 24 * 3600);

  const me = await (await page.request.get('/api/users/me')).json();
  expect(me).toMatchObject({
    full_name: 'Ana Pérez',
    plan_id: -1,
    username: expect.stringMatching(/^ana_perez/),
  });
});

test('registration needs the terms accepted', async ({ page }) => {
  await openLogin(page);
  await page.getByRole('button', { name: 'Regístrate' }).click();
  await page.getByLabel('Nombre completo').fill('Sin Términos');
  await page.getByLabel('Correo electrónico').fill(uniqueEmail('terminos'));
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await expect(page.getByLabel('Contraseña')).toHaveAttribute('placeholder', 'Mínimo 8 caracteres');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('Obligatorio')).toBeVisible();
  await scanScreen(page, 'registration: terms not accepted');
  await expect(page).not.toHaveURL(/\/onboard$/);
});

test('the fourth failed sign-in is refused as too many attempts', async ({ page }) => {
  const email = uniqueEmail('bloqueo');
  await register(page, { name: 'Bloqueo', email });
  await expect(page).toHaveURL(/\/onboard$/);
  await signOut(page);
  for (let i = 0; i < 3; i++) {
    await signIn(page, { email, password: `mala-clave-${i}` });
    await expect(page.getByText('Correo o contraseña incorrectos')).toBeVisible();
  }
  await signIn(page, { email });
  await expect(page.getByText('Demasiados intentos fallidos, intenta más tarde')).toBeVisible();
  await scanScreen(page, 'login: too many attempts');
});

test('password reset by e-mail: new password, countdown, single use, expiry', async ({ page }) => {
  const email = uniqueEmail('olvido');
  await register(page, { name: 'Olvido', email });
  await expect(page).toHaveURL(/\/onboard$/);
  await signOut(page);

  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  await page.getByLabel('Correo electrónico').fill(email);
  await scanScreen(page, 'password recovery');
  await page.getByRole('button', { name: 'Recuperar mi cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa tu bandeja de entrada' })).toBeVisible();
  await scanScreen(page, 'password recovery: check your inbox');

  const [mail] = await mailsTo(email);
  expect(mail?.subject).toBe('Restablece tu contraseña de Rumbo');
  const link = resetLinkOf(mail as NonNullable<typeof mail>);
  expect(link).toMatch(/\/reset-password\?mode=resetPassword&oobCode=/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Establecer nueva contraseña' })).toBeVisible();
  await scanScreen(page, 'new password');
  await page.getByLabel('Nueva contraseña').fill('nueva-clave-123');
  await page.getByLabel('Confirmar contraseña').fill('otra-clave-123');
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await scanScreen(page, 'new password: they differ');
  await page.getByLabel('Confirmar contraseña').fill('nueva-clave-123');
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expect(page.getByText(/\b5\b/)).toBeVisible();
  await expect(page.getByText(/\b1\b/)).toBeVisible({ timeout: 6_000 });
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible({ timeout: 8_000 });
  await expect(page).not.toHaveURL(/reset-password/);

  await signIn(page, { email, password: PASSWORD });
  await expect(page.getByText('Correo o contraseña incorrectos')).toBeVisible();
  await signIn(page, { email, password: 'nueva-clave-123' });
  await expect(page).toHaveURL(/\/onboard$|\/plans$/);
  await signOut(page);

  // A used link says so before any form, and offers a new one.
  await page.goto(link);
  await expect(page.getByText('El enlace no es válido o ya ha sido usado')).toBeVisible();
  await expect(page.getByLabel('Nueva contraseña')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Enviarme un enlace nuevo' })).toBeVisible();
  await scanScreen(page, 'new password: link already used');

  await page.goto('/reset-password');
  await expect(page.getByText('El enlace de recuperación no es válido o ha expirado.')).toBeVisible();
  await scanScreen(page, 'new password: no link');
  await page.goto('/reset-password?mode=resetPassword');
  await expect(page.getByText('El enlace de recuperación no es válido o ha expirado.')).toBeVisible();

  // A second request, then its code expires.
  await openLogin(page);
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Recuperar mi cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa tu bandeja de entrada' })).toBeVisible();
  const mails = await mailsTo(email, 2);
  const second = resetLinkOf(mails[1] as NonNullable<(typeof mails)[number]>);
  await fetch(`${MAIL_INSPECTOR_URL}/expire-reset-codes`, { method: 'POST' });
  await page.goto(second);
  await expect(page.getByText('El enlace ha expirado')).toBeVisible();
  await expect(page.getByLabel('Nueva contraseña')).toHaveCount(0);
});

test('an unknown address gets the same confirmation', async ({ page }) => {
  await openLogin(page);
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  await page.getByLabel('Correo electrónico').fill(uniqueEmail('nadie'));
  await page.getByRole('button', { name: 'Recuperar mi cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa tu bandeja de entrada' })).toBeVisible();
  await scanScreen(page, 'password recovery: check your inbox');
});

test.describe('Google', () => {
  /**
   * Signs in through the fake Google. The first time in a browser it asks for a login and consent;
   * afterwards it remembers the user (signing out of Rumbo does not sign out of Google).
   */
  async function googleSignIn(page: import('@playwright/test').Page, email: string, firstTime: boolean) {
    await openLogin(page);
    await page.getByRole('button', { name: 'Continuar con Google' }).click();
    if (!firstTime) return;
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill('cualquiera');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  test('a first sign-in creates the account from the profile and opens onboarding; the next goes by plan', async ({
    page,
  }) => {
    await googleSignIn(page, 'marta.google@example.com', true);
    await expect(page).toHaveURL(/\/onboard$/);
    await expect(page.getByRole('heading', { name: '¿Dónde nos has conocido?' })).toBeVisible();
    await scanScreen(page, 'onboarding: where did you hear of us');
    expect(await (await page.request.get('/api/users/me')).json()).toMatchObject({
      full_name: 'Marta Gómez',
      username: expect.stringMatching(/^marta_gomez/),
      plan_id: -1,
    });
    await signOut(page);
    await googleSignIn(page, 'marta.google@example.com', false);
    await expect(page).toHaveURL(/\/plans$/);
  });

  test('without a name in the profile the e-mail local part is the name', async ({ page }) => {
    const email = uniqueEmail('sin.nombre');
    await googleSignIn(page, email, true);
    await expect(page).toHaveURL(/\/onboard$/);
    await expect(page.getByRole('heading', { name: '¿Dónde nos has conocido?' })).toBeVisible();
    await scanScreen(page, 'onboarding: where did you hear of us');
    const me = (await (await page.request.get('/api/users/me')).json()) as { full_name: string };
    expect(me.full_name).toBe(email.split('@')[0]);
  });
});
