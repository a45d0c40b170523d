import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register, uniqueEmail } from './support/accounts.ts';
import { scanScreen } from './support/axe.ts';
import { APP_PORT } from './support/ports.ts';
import { expect, test } from './support/test.ts';

/**
 * ADR 0018: without PUBLIC_URL, a user who opens the app at 127.0.0.1 (not localhost, the default
 * address) pays and comes back to 127.0.0.1, where their session cookie lives, still signed in.
 * The journey runs its own server, configured without PUBLIC_URL, beside the suite's.
 */

const PORT = APP_PORT + 5;
const LOOPBACK_URL = `http://127.0.0.1:${PORT}`;
let server: ChildProcess | undefined;

test.use({ baseURL: LOOPBACK_URL });

test.beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-e2e-addresses-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/serve-app.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BETTER_AUTH_SECRET: 'addresses-e2e-secret-addresses-e2e-0123',
      ...(process.env.E2E_WEB_DIST ? { E2E_WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server?.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready at')) resolve();
    });
    server?.once('exit', (code) => reject(new Error(`the second server exited (${code})`)));
  });
  server.stdout?.resume();
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

test('on 127.0.0.1 without PUBLIC_URL: register, pay a plan, come back signed in', async ({ page }) => {
  test.setTimeout(90_000);
  await register(page, { name: 'Lucía Loopback', email: uniqueEmail('direcciones') });
  await expect(page).toHaveURL(`${LOOPBACK_URL}/onboard`);
  await page.goto('/plans');
  const founder = page.getByRole('article', { name: 'Founder', exact: true });
  await founder.getByRole('button', { name: 'Seleccionar plan' }).click();

  // The test checkout is served at the address in use, and returns to it.
  await expect(
    page.getByRole('heading', { name: 'Pago de prueba — no se realizará ningún cargo' }),
  ).toBeVisible();
  expect(new URL(page.url()).origin).toBe(LOOPBACK_URL);
  await page.getByRole('button', { name: 'Pagar' }).click();

  await expect(page).toHaveURL(new RegExp(`^${LOOPBACK_URL}/stripe_success\\?session_id=`));
  await expect(page.getByRole('heading', { name: 'Pago realizado con éxito' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir al inicio ahora' })).toHaveAttribute('href', '/');
  await scanScreen(page, 'payment succeeded (on 127.0.0.1)');
  // The success page takes the founder home on its own after a few seconds; a scan under load can
  // outlast that, so the journey follows the redirect instead of racing it with the link.
  await expect(page).toHaveURL(`${LOOPBACK_URL}/`, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tu suscripción' })).toContainText('Founder');
});
