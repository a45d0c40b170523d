import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { PASSWORD, signIn, signOut } from './support/accounts.ts';
import { scanScreen } from './support/axe.ts';
import { chooseStarter, fillIdea, onboardToBusinessStep } from './support/businesses.ts';
import { expect, test } from './support/test.ts';

/**
 * An account the user controls (ADR 0047): the name shows everywhere at once, two-factor sign-in with
 * an authenticator app (a code computed here, as the app would), a backup code that works once, the
 * data download and the deletion of the account.
 */

/** RFC 6238 (SHA-1, 6 digits, 30 s) from the base32 key the profile shows for manual entry. */
function totp(base32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32.replace(/[\s=]/g, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)?.map((byte) => Number.parseInt(byte, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = (hmac.at(-1) ?? 0) & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A code that is wrong now and in the neighbouring periods the server also accepts. */
function wrongCode(base32: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((shift) => totp(base32, Date.now() + shift)));
  for (let i = 0; ; i++) {
    const code = String(i).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

async function enterCode(page: Page, label: string, code: string) {
  await page.getByLabel(label).fill(code);
  await page.getByRole('button', { name: 'Verificar' }).click();
}

test('name, password-protected two-factor sign-in with backup codes, data download and account deletion', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = 'Lucía Gómez';
  await onboardToBusinessStep(page, name);
  await fillIdea(page, 'Aceites del Sur');
  await page.getByRole('button', { name: 'Crear chat' }).click();
  await chooseStarter(page);
  await expect(page.getByText('Hola, Lucía')).toBeVisible();
  const email = ((await (await page.request.get('/api/auth/profile')).json()) as { email: string }).email;

  // The name: saved, and shown by the home at once, without a reload.
  await page.getByRole('link', { name: 'Ajustes' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const fullName = page.getByLabel('Nombre completo');
  await fullName.fill('   ');
  await page.getByRole('button', { name: 'Guardar nombre' }).click();
  await expect(page.getByText('Escribe tu nombre')).toBeVisible();
  await fullName.fill('  Marta Ruiz ');
  await page.getByRole('button', { name: 'Guardar nombre' }).click();
  await expect(page.getByText('Nombre guardado')).toBeVisible();
  await expect(fullName).toHaveValue('Marta Ruiz');
  await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('readonly', '');
  await scanScreen(page, 'profile: account controls');
  await page.getByRole('link', { name: 'Inicio' }).first().click();
  await expect(page.getByText('Hola, Marta')).toBeVisible();

  // Two-factor sign-in: the password, the QR code and key, backup codes, then a first code.
  await page.getByRole('link', { name: 'Ajustes' }).click();
  await page.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
  await page.getByLabel('Confirma tu contraseña para activarla').fill('no-es-la-mía');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('La contraseña no es correcta')).toBeVisible();
  await page.getByLabel('Confirma tu contraseña para activarla').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('img', { name: /Código QR/ })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent()) ?? '';
  const backupCodes = await page
    .getByRole('list', { name: '2. Guarda tus códigos de respaldo' })
    .getByRole('listitem')
    .allTextContents();
  expect(backupCodes).toHaveLength(10);
  const downloadCodes = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar códigos' }).click();
  const codesFile = fs.readFileSync((await (await downloadCodes).path()) ?? '', 'utf8');
  expect(codesFile).toContain(backupCodes[0]);
  await scanScreen(page, 'profile: two-factor setup');
  await page.getByLabel('Código de 6 dígitos').fill(totp(secret));
  await page.getByRole('button', { name: 'Confirmar y activar' }).click();
  await expect(page.getByText('Verificación en dos pasos activada.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Desactivar verificación en dos pasos' })).toBeVisible();

  // Sign-in now asks for the code: a wrong one, then the right one, then home.
  await signOut(page);
  await signIn(page, { email });
  await expect(page.getByText('Introduce el código de tu aplicación de autenticación')).toBeVisible();
  await scanScreen(page, 'login: second factor');
  await enterCode(page, 'Código de 6 dígitos', wrongCode(secret));
  await expect(page.getByText('Código incorrecto')).toBeVisible();
  await scanScreen(page, 'login: second factor, wrong code');
  await enterCode(page, 'Código de 6 dígitos', totp(secret));
  await expect(page.getByText('Hola, Marta')).toBeVisible();

  // A backup code works once.
  await page.getByRole('link', { name: 'Ajustes' }).click();
  await signOut(page);
  await signIn(page, { email });
  await page.getByRole('button', { name: 'Usar un código de respaldo' }).click();
  await enterCode(page, 'Código de respaldo', backupCodes[0] ?? '');
  await expect(page.getByText('Hola, Marta')).toBeVisible();
  await page.getByRole('link', { name: 'Ajustes' }).click();
  await signOut(page);
  await signIn(page, { email });
  await page.getByRole('button', { name: 'Usar un código de respaldo' }).click();
  await enterCode(page, 'Código de respaldo', backupCodes[0] ?? '');
  await expect(page.getByText('Código incorrecto')).toBeVisible();
  await enterCode(page, 'Código de respaldo', backupCodes[1] ?? '');
  await expect(page.getByText('Hola, Marta')).toBeVisible();

  // Download my data: one zip.
  await page.getByRole('link', { name: 'Ajustes' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar mis datos' }).click();
  const archive = await download;
  expect(archive.suggestedFilename()).toMatch(/^rumbo-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = fs.readFileSync((await archive.path()) ?? '');
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(Buffer.from('perfil.json'))).toBe(true);
  await expect(page.getByText('Descarga lista.')).toBeVisible();

  // Delete the account: typed confirmation, then the login with a Spanish confirmation.
  const openDeletion = page.getByRole('button', { name: 'Eliminar mi cuenta' });
  await openDeletion.click();
  const dialog = page.getByRole('alertdialog', { name: '¿Eliminar tu cuenta para siempre?' });
  await expect(dialog).toBeVisible();
  // Keyboard: focus starts in the field, Tab cycles inside the dialog, Escape closes it and focus
  // goes back to the button that opened it.
  const confirmation = dialog.getByLabel('Escribe ELIMINAR o tu correo para confirmar');
  await expect(confirmation).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Eliminar definitivamente' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirmation).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(openDeletion).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirmation).toBeFocused();
  await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
  await expect(dialog.getByText('Escribe ELIMINAR o tu correo para confirmar').last()).toBeVisible();
  await scanScreen(page, 'profile: delete account dialog');
  await dialog.getByLabel('Escribe ELIMINAR o tu correo para confirmar').fill('ELIMINAR');
  await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
  await expect(page.getByText('Tu cuenta y todos tus datos se han eliminado.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await scanScreen(page, 'login: account deleted');
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
  await signIn(page, { email });
  await expect(page.getByText('Correo o contraseña incorrectos')).toBeVisible();
});
