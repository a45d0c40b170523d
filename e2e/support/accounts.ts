import { expect, type Page } from '@playwright/test';
import { scanScreen } from './axe.ts';

let counter = 0;
/** An e-mail address no other test uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

export const PASSWORD = 'contraseña-segura-1';

/** Opens the app signed out and waits for the login view. */
export async function openLogin(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await scanScreen(page, 'login');
}

export async function register(page: Page, user: { name: string; email: string; password?: string }) {
  await openLogin(page);
  await page.getByRole('button', { name: 'Regístrate' }).click();
  await page.getByLabel('Nombre completo').fill(user.name);
  await page.getByLabel('Correo electrónico').fill(user.email);
  await page.getByLabel('Contraseña').fill(user.password ?? PASSWORD);
  await page.getByRole('checkbox', { name: /condiciones/i }).check();
  await scanScreen(page, 'registration, filled in');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
}

export async function signIn(page: Page, user: { email: string; password?: string; remember?: boolean }) {
  await page.getByLabel('Correo electrónico').fill(user.email);
  await page.getByLabel('Contraseña').fill(user.password ?? PASSWORD);
  const remember = page.getByRole('checkbox', { name: 'Recordarme en este dispositivo' });
  if (user.remember) await remember.check();
  else await remember.uncheck();
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
}
