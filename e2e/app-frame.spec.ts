import type { Page } from '@playwright/test';
import { register, uniqueEmail } from './support/accounts.ts';
import { scanScreen } from './support/axe.ts';
import { DESCRIPTION, planCard } from './support/businesses.ts';
import { startDemoServer } from './support/demo-server.ts';
import { APP_PORT } from './support/ports.ts';
import { keepScreenshot } from './support/shots.ts';
import { expect, test } from './support/test.ts';

/**
 * Every signed-in screen inside the app, in demo mode: at 1280 and 375 px each shows the app's
 * navigation and the demo banner and nothing scrolls sideways; the chat's header, at 375, breaks the
 * business's name only between words, and its suggested questions show above the input.
 */

const DEMO_PORT = APP_PORT + 7;
const BANNER = 'Modo demostración: las respuestas son de ejemplo';
const WIDTHS = [1280, 375] as const;
// A name long enough to need two lines in the chat's header at 375 px.
const BUSINESS = 'Panadería La Espiga Dorada del Barrio';

let demo: Awaited<ReturnType<typeof startDemoServer>> | undefined;
test.use({ baseURL: `http://127.0.0.1:${DEMO_PORT}` });
test.beforeAll(async () => {
  demo = await startDemoServer(DEMO_PORT);
});
test.afterAll(async () => {
  await demo?.stop();
});

/** The page's width is the viewport's: nothing on it scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function checkScreen(page: Page, name: string, { navigation = true } = {}) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // The last one: a page over the app (the wizard) has its own, above the app's.
    await expect(page.getByText(BANNER).last(), `${name} at ${width}: the demo banner`).toBeVisible();
    if (navigation) {
      const nav = page.getByRole('navigation', { name: 'Principal' });
      await expect(nav.getByRole('link', { name: 'Inicio' }), `${name} at ${width}`).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Chats' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Ajustes' })).toBeVisible();
    }
    expect(await pageWidth(page), `${name} at ${width} scrolls sideways`).toBe(width);
    await keepScreenshot(page, `app-frame-${name.replace(/\W+/g, '-')}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await scanScreen(page, `app frame: ${name}`);
}

/** Words of the heading that the browser laid out over two lines (a word broken in two). */
function brokenWords(page: Page) {
  return page.locator('header h1').evaluate((heading) => {
    const text = heading.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) return ['(no text)'];
    const broken: string[] = [];
    const content = text.textContent ?? '';
    for (const match of content.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
    return broken;
  });
}

test('every signed-in screen is inside the app, with the navigation and the demo banner, at 1280 and 375 px', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await register(page, { name: 'Paula Panadera', email: uniqueEmail('marco') });
  await expect(page).toHaveURL(/\/onboard$/);
  // Before a plan there is nowhere else to go (ADR 0006): the banner, no navigation.
  await checkScreen(page, 'onboarding', { navigation: false });
  await page.goto('/plans');
  await expect(planCard(page, 'Starter').getByRole('button')).toBeVisible();
  await checkScreen(page, 'plans', { navigation: false });
  await planCard(page, 'Starter').getByRole('button', { name: 'Seleccionar plan' }).click();
  await expect(page).toHaveURL(/\/$/);
  const created = await page.request.post('/api/businesses/ideas', {
    data: {
      name: BUSINESS,
      description: DESCRIPTION,
      goal: 'Abrir un segundo local',
      investment: 5000,
      investment_currency: 'euro',
      location: 'México',
      team_description: 'Dos personas',
      team_size: 2,
      user_position: 'CEO',
      competitor_existence: false,
      competitor_differentiation: '',
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;

  // Each screen's own title names it (the document's title), once it has loaded.
  const screens: Array<[string, string, string]> = [
    ['home', '/', 'Inicio'],
    // The wizard of a new business is the same screen as its edit (Starter allows one business).
    ['chats', '/chats', 'Chats'],
    ['tools', '/tools', 'Herramientas'],
    ['report', `/report/${id}`, 'Investigación de mercado'],
    ['finance', `/finanzas/${id}`, 'Plan financiero'],
    ['profile', '/profile', 'Perfil'],
    ['subscription', '/profile/sub', 'Suscripción'],
    ['terms', '/terminos', 'Condiciones del servicio'],
    ['privacy', '/privacidad', 'Política de privacidad'],
  ];
  for (const [name, path, title] of screens) {
    await page.goto(path);
    await expect(page, name).toHaveTitle(new RegExp(`^${title} · `));
    await expect(page.getByRole('heading', { level: 1 }).first(), name).toBeVisible();
    await checkScreen(page, name);
  }
  // The business wizard is a page of its own over the app (its close button at the top right): the
  // banner stays.
  await page.goto(`/edit-business/idea/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar chat' })).toBeVisible();
  await checkScreen(page, 'business wizard', { navigation: false });

  // The profile's close button is at the top right, where a reader looks for it.
  await page.goto('/profile');
  const close = page.getByRole('link', { name: 'Volver al inicio' });
  const box = await close.boundingBox();
  expect(box && box.y < 120 && box.x > 1280 - 120, `the X at ${JSON.stringify(box)}`).toBe(true);

  // The chat: its own layout, with the banner; at 375 the business's name breaks only between words
  // and the suggested questions show above the input.
  await page.goto(`/chat/idea/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: BUSINESS })).toBeVisible();
  await checkScreen(page, 'chat', { navigation: false });
  // Opened at 375 px, as a phone opens it (the history starts closed there).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: BUSINESS })).toBeVisible();
  expect(await brokenWords(page)).toEqual([]);
  // Nor is a word cut off at the edge.
  const clipped = await page
    .locator('header h1')
    .evaluate((heading) => heading.scrollWidth > heading.clientWidth);
  expect(clipped).toBe(false);
  await expect(page.locator('header h1')).toHaveAttribute('title', BUSINESS);
  const suggestions = page.getByRole('region', { name: /preguntas/i }).getByRole('button');
  await expect(suggestions).toHaveCount(4);
  for (const index of [0, 1]) await expect(suggestions.nth(index)).toBeInViewport();
  await keepScreenshot(page, 'app-frame-chat-header-375.png');
});
