import { expect, type Page } from '@playwright/test';
import { mailsTo, operatorLinkOf } from './mail.ts';

/**
 * An operator's way into the console on a fresh install (ADR 0022): signed in with an address
 * ADMIN_EMAILS lists, /admin offers the verification link; the link from the mail, opened in the same
 * browser, verifies the address and opens the console.
 */
export async function verifyOperator(page: Page, email: string): Promise<void> {
  await page.goto('/admin');
  await expect(
    page.getByRole('heading', { name: 'Confirma tu correo para entrar en la consola' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Enviarme el enlace de verificación' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Te hemos enviado el enlace' })).toBeVisible();
  const [mail] = await mailsTo(email);
  if (!mail) throw new Error(`no verification mail for ${email}`);
  await page.goto(operatorLinkOf(mail));
  await expect(page.getByRole('heading', { name: 'Consola de operación' })).toBeVisible();
}
