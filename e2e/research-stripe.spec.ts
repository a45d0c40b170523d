import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FakeOpenAI, startFakeOpenAI } from '../apps/api/src/test/fakes/openai.ts';
import { isResearchRequest, requestedSection } from '../apps/api/src/test/fakes/research-model.ts';
import { type FakeStripe, startFakeStripe } from '../apps/api/src/test/fakes/stripe.ts';
import { scanScreen } from './support/axe.ts';
import { planCard, starterWithIdea } from './support/businesses.ts';
import { e2eModelScript, RESEARCH_STEP_MS, setResearchStepMs } from './support/model-script.ts';
import { APP_PORT } from './support/ports.ts';
import { expect, test } from './support/test.ts';

/**
 * Paying through Stripe starts the study (ADR 0049): a second server configured with the Stripe fake, whose
 * hosted checkout a browser pays on; Stripe delivers each of the payment's events twice (it delivers at
 * least once), and exactly one study runs, against the loopback model.
 */

const PORT = APP_PORT + 8;
const URL = `http://127.0.0.1:${PORT}`;
const WEBHOOK_SECRET = 'whsec_e2e_rumbo';

let server: ChildProcess | undefined;
let stripe: FakeStripe;
let model: FakeOpenAI;

test.use({ baseURL: URL });

test.beforeAll(async () => {
  stripe = await startFakeStripe({
    hostedCheckout: {
      webhookUrl: `${URL}/api/webhooks/stripe`,
      webhookSecret: WEBHOOK_SECRET,
      deliveries: 2,
    },
  });
  model = await startFakeOpenAI({ script: e2eModelScript });
  server = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/serve-app.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: URL,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-e2e-stripe-')),
      LOG_LEVEL: 'warn',
      WRITE_LIMIT_MULTIPLIER: '5',
      BETTER_AUTH_SECRET: 'stripe-e2e-secret-stripe-e2e-secret-0123',
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: model.url,
      AI_MODEL: 'fake-mentor',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_5: 'price_founder',
      STRIPE_PRICE_7: 'price_ceo_min',
      STRIPE_PRICE_11: 'price_ceo_medium',
      STRIPE_PRICE_12: 'price_ceo_max',
      STRIPE_API_URL: stripe.url,
      ...(process.env.E2E_WEB_DIST ? { E2E_WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server?.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready at')) resolve();
    });
    server?.once('exit', (code) => reject(new Error(`the Stripe server exited (${code})`)));
  });
  server.stdout?.resume();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await stripe?.close();
  await model?.close();
});

test('Founder through Stripe’s checkout: each event delivered twice, one study, and it completes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { businessId } = await starterWithIdea(
    page,
    { name: 'Sara Stripe', emailPrefix: 'stripe' },
    { name: 'Miel del Valle', goal: 'Vender a tiendas', team: 'Sara y su padre' },
  );

  // Each research step of this process's model slowed, so that the run can be seen working.
  setResearchStepMs(1500);
  await page.goto('/profile/sub');
  await planCard(page, 'Founder').getByRole('button', { name: 'Mejorar plan' }).click();
  // Stripe's hosted page (the fake's), outside the app.
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/stripe_success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Pago realizado con éxito' })).toBeVisible();

  // Both events reached the app twice, and every delivery was accepted.
  expect(stripe.webhookDeliveries.map((d) => [d.type, d.status])).toEqual([
    ['checkout.session.completed', 200],
    ['checkout.session.completed', 200],
    ['invoice.paid', 200],
    ['invoice.paid', 200],
  ]);
  expect(new Set(stripe.webhookDeliveries.map((d) => d.eventId)).size).toBe(2);

  // The study is under way within 5 s, with nothing else to do, and completes.
  await page.goto(`/chat/idea/${businessId}`);
  const notice = page.getByRole('complementary').filter({ hasText: /Tu mentor/ });
  await expect(notice).toContainText('Tu mentor está estudiando Miel del Valle', { timeout: 5_000 });
  setResearchStepMs(RESEARCH_STEP_MS);
  await expect(notice).toContainText('Tu mentor ya está preparado', { timeout: 120_000 });
  await expect(page.getByTestId('chat-status')).toContainText('Hace menos de 1 minuto');
  await scanScreen(page, 'chat: the study paid through Stripe, done');

  // One study: each section was written once.
  const sections = model.requests
    .filter((r) => isResearchRequest(r.body))
    .map((r) => requestedSection(r.body))
    .filter((s): s is string => s !== null);
  expect(sections.length).toBeGreaterThan(0);
  expect(sections.length).toBe(new Set(sections).size);

  const me = (await (await page.request.get('/api/users/me')).json()) as { plan_id: number };
  expect(me.plan_id).toBe(5);
});
