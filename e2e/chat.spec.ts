import type { Page } from '@playwright/test';
import { creditsExhaustedMessage, DEFAULT_PRODUCT_NAME } from '@rumbo/contract';
import { makePdf } from '../apps/api/src/test/documents.ts';
import { scanScreen } from './support/axe.ts';
import { chooseStarter, fillIdea, onboardToBusinessStep, starterWithIdea } from './support/businesses.ts';
import { png } from './support/files.ts';
import { MODEL_TITLE, SLOW_ANSWER_WORDS, SLOW_WORD, slowWord } from './support/model-script.ts';
import { MAIL_INSPECTOR_URL } from './support/ports.ts';
import { expect, test } from './support/test.ts';

/**
 * The chat in Chromium (ADR 0010, ADR 0013) against the loopback OpenAI-compatible model: the whole
 * conversation journey, attachments, stop and leaving mid-answer, running out of credits on Starter,
 * and the mobile layout.
 */

interface ModelRequest {
  body: { stream?: boolean; messages: Array<{ role: string; content: unknown }> };
  disconnected: boolean;
}

async function modelRequests(): Promise<ModelRequest[]> {
  return (await (await fetch(`${MAIL_INSPECTOR_URL}/model/requests`)).json()) as ModelRequest[];
}

/** A new Starter user with one idea ('aceites del sur'), left on the business dashboard. */
async function starterWithBusiness(page: Page): Promise<{ email: string; businessId: number }> {
  const started = await starterWithIdea(
    page,
    { name: 'Lucía Prieto', emailPrefix: 'chat' },
    {
      name: 'aceites del sur',
      goal: 'Validar la demanda en Andalucía',
      team: 'Dos socios con experiencia en hostelería',
    },
  );
  await page.goto('/chats/true');
  return started;
}

async function enterChat(page: Page) {
  await page
    .getByRole('article', { name: 'aceites del sur' })
    .getByRole('link', { name: /Entrar/ })
    .click();
  await expect(page).toHaveURL(/\/chat\/idea\/\d+/);
  await expect(page.getByLabel('Mensaje')).toBeVisible();
}

const suggestions = (page: Page) =>
  page.getByRole('region', { name: 'Preguntas sugeridas' }).getByRole('button');
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Historial de chats' });
const answers = (page: Page) => page.locator('article[data-sender="ai_model"]');
const credits = (page: Page) => page.locator('header [data-credits]');
/** The text bubbles of the user's messages. */
const questions = (page: Page) => page.locator('article[data-sender="user"] p');

test('a conversation: suggested question, streamed markdown, credits, title, new chat and back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The business is created through onboarding's wizard, then Starter, then the dashboard.
  await onboardToBusinessStep(page, 'Lucía Prieto');
  await fillIdea(page, 'aceites del sur');
  await page.getByRole('button', { name: 'Crear chat' }).click();
  await chooseStarter(page);
  await page.goto('/chats');
  await enterChat(page);

  // Empty state: the capitalised name, the default icon and four questions for an idea.
  await expect(page.getByRole('heading', { name: 'Aceites del sur', exact: true })).toBeVisible();
  await expect(suggestions(page)).toHaveCount(4);
  await expect(page.getByLabel('Mensaje')).toHaveAttribute(
    'placeholder',
    `Envía un mensaje a ${DEFAULT_PRODUCT_NAME}`,
  );
  await expect(
    page.getByText(
      `${DEFAULT_PRODUCT_NAME} puede cometer errores. Considera verificar la información importante.`,
    ),
  ).toBeVisible();
  await expect(credits(page)).toHaveAttribute('data-credits', '100');
  await expect(page.getByTestId('chat-status')).toContainText('Última investigación de mercado: Desactivado');
  await scanScreen(page, 'chat: empty, suggested questions');

  const question = (await suggestions(page).first().textContent()) ?? '';
  await suggestions(page).first().click();
  await expect(questions(page)).toHaveText(question);
  // While it streams: the stop button, then the answer's markdown.
  await expect(page.getByRole('button', { name: 'Detener la respuesta' })).toBeVisible();
  const answer = answers(page).last();
  await expect(answer.getByRole('heading', { name: 'Plan de validación' })).toBeVisible();
  await expect(answer.getByRole('listitem')).toHaveText([
    'Habla con 10 clientes potenciales',
    'Mide cuántos pagarían por adelantado',
  ]);
  await expect(answer.locator('strong')).toHaveText('esencial');
  await expect(answer.getByRole('table')).toBeVisible();
  await expect(answer.getByRole('cell', { name: '50 €' })).toBeVisible();
  await expect(answer).toHaveAttribute('data-finished', 'true');
  await expect(credits(page)).toHaveAttribute('data-credits', '99');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled();

  // The thread is named by the model, in the sidebar; the address names it too.
  const thread = sidebar(page).getByRole('button', { name: MODEL_TITLE, exact: true });
  // The title is a model call of its own after the answer: the list is read again until it shows.
  await expect(thread).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\?chat=\d+$/);
  await scanScreen(page, 'chat: a markdown answer');

  await sidebar(page).getByRole('button', { name: 'Nuevo chat' }).click();
  await expect(suggestions(page)).toHaveCount(4);
  await expect(answers(page)).toHaveCount(0);

  await thread.click();
  await expect(thread).toHaveAttribute('aria-current', 'true');
  await expect(questions(page)).toHaveText(question);
  await expect(answers(page).last().getByRole('heading', { name: 'Plan de validación' })).toBeVisible();

  // Typing: Shift+Enter adds a line, Enter sends.
  const input = page.getByLabel('Mensaje');
  await input.fill('Primera línea');
  await input.press('Shift+Enter');
  await input.pressSequentially('segunda línea');
  await expect(input).toHaveValue('Primera línea\nsegunda línea');
  await input.press('Enter');
  await expect(questions(page).last()).toHaveText('Primera línea\nsegunda línea');
  await expect(input).toHaveValue('');
  await expect(answers(page)).toHaveCount(2);
  await expect(credits(page)).toHaveAttribute('data-credits', '98');
});

test('attachments: a PDF and an image on the message, and the PDF text reaches the model', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await starterWithBusiness(page);
  await enterChat(page);

  await page.getByTestId('chat-file-input').setInputFiles([
    {
      name: 'presupuesto-anual-2026.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(['Presupuesto de marketing: 1.200 euros para la campaña de otoño']),
    },
    { name: 'foto-del-local.png', mimeType: 'image/png', buffer: png(64, 48) },
    { name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
  ]);
  // The empty file is left out, with a notice; the others wait with their shortened names.
  await expect(page.getByRole('alert')).toHaveText('«notas.txt» está vacío; no se adjuntará.');
  const form = page.locator('form');
  await expect(form.getByText('presupuesto-...', { exact: true })).toBeVisible();
  await expect(form.getByText('foto-del-loc...', { exact: true })).toBeVisible();
  await expect(form.getByText(/^\d+ KB$/)).toHaveCount(2);
  await scanScreen(page, 'chat: attachments waiting, one refused');

  const before = (await modelRequests()).length;
  await page.getByLabel('Mensaje').fill('¿Es razonable este presupuesto?');
  await page.getByRole('button', { name: 'Enviar' }).click();

  const sent = page.locator('article[data-sender="user"]');
  await expect(
    sent.getByRole('link', { name: 'Abrir presupuesto-anual-2026.pdf en una ventana nueva' }),
  ).toContainText('presupuesto-...');
  await expect(
    sent.getByRole('link', { name: 'Abrir foto-del-local.png en una ventana nueva' }),
  ).toContainText('foto-del-loc...');
  await expect(sent.locator('img')).toHaveCount(1);
  await expect(sent.locator('[data-icon="document"]')).toHaveCount(1);
  await expect(answers(page).last()).toHaveAttribute('data-finished', 'true');
  await scanScreen(page, 'chat: a message with attachments');

  await expect
    .poll(async () =>
      (await modelRequests())
        .slice(before)
        .some((r) => JSON.stringify(r.body.messages).includes('Presupuesto de marketing: 1.200 euros')),
    )
    .toBe(true);

  // Reopened from the server, each file opens in a new window from its owner-only address; the PDF in
  // the app's own viewer (ADR 0032, e2e/attachments-inert.spec.ts).
  await sidebar(page).getByRole('button', { name: 'Nuevo chat' }).click();
  await sidebar(page).getByRole('button', { name: MODEL_TITLE, exact: true }).click();
  const image = page.getByRole('link', { name: 'Abrir foto-del-local.png en una ventana nueva' });
  await expect(image).toHaveAttribute('href', /^\/api\/businesses\/\d+\/chats\/\d+\/attachments\//);
  const link = page.getByRole('link', { name: 'Abrir presupuesto-anual-2026.pdf en una ventana nueva' });
  await expect(link).toHaveAttribute(
    'href',
    /^\/pdf\?src=%2Fapi%2Fbusinesses%2F\d+%2Fchats%2F\d+%2Fattachments%2F/,
  );
  const popup = page.waitForEvent('popup');
  await link.click();
  const opened = await popup;
  await expect(opened.getByRole('img', { name: 'Página 1 de 1' })).toHaveAttribute('data-state', 'drawn');
  await opened.close();
});

test('stop keeps the partial answer; leaving mid-answer and coming back shows it complete', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await starterWithBusiness(page);
  await enterChat(page);
  const input = page.getByLabel('Mensaje');

  await input.fill(`Explícamelo ${SLOW_WORD}, por favor`);
  await input.press('Enter');
  const answer = answers(page).last();
  await expect(answer).toContainText(slowWord(5));
  const stopped = page.waitForResponse((r) => /\/messages\/\d+\/stop$/.test(r.url()));
  await page.getByRole('button', { name: 'Detener la respuesta' }).click();
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible();
  // The answer shows the text as the server kept it (a little past what had arrived), and stays so.
  const keptText = (((await (await stopped).json()) as { content: string }).content ?? '').trim();
  expect(keptText).toContain(slowWord(5));
  expect(keptText).not.toContain(slowWord(SLOW_ANSWER_WORDS));
  await expect(answer).toContainText(keptText);
  const partial = (await answer.textContent()) ?? '';
  await page.waitForTimeout(1000);
  await expect(answer).toHaveText(partial);
  await scanScreen(page, 'chat: a stopped answer');
  // Reloaded, the same partial answer, finished.
  await page.reload();
  const kept = answers(page).last();
  await expect(kept).toContainText(keptText);
  await expect(kept).toHaveAttribute('data-finished', 'true');
  expect(await kept.textContent()).not.toContain(slowWord(SLOW_ANSWER_WORDS));

  // A second question; the page is closed while the answer streams.
  await sidebar(page).getByRole('button', { name: 'Nuevo chat' }).click();
  await input.fill(`Y ahora, también ${SLOW_WORD}`);
  await input.press('Enter');
  await expect(answers(page).last()).toContainText(slowWord(3));
  await expect(page).toHaveURL(/\?chat=\d+$/);
  const address = page.url();
  await page.close();

  const again = await context.newPage();
  await again.setViewportSize({ width: 1280, height: 800 });
  await again.goto(address);
  await expect(answers(again).last()).toContainText(slowWord(SLOW_ANSWER_WORDS), { timeout: 30_000 });
  await expect(answers(again).last()).toHaveAttribute('data-finished', 'true');
  await scanScreen(again, 'chat: a long answer, reopened');
});

test('out of credits on Starter: the local message with Mejorar plan, and no model request', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { email } = await starterWithBusiness(page);
  const spent = await fetch(`${MAIL_INSPECTOR_URL}/?spend-all-credits=${encodeURIComponent(email)}`, {
    method: 'POST',
  });
  expect(spent.status).toBe(204);
  await page.reload();
  await enterChat(page);
  await expect(credits(page)).toHaveAttribute('data-credits', '0');

  const before = (await modelRequests()).length;
  await page.getByLabel('Mensaje').fill('¿Qué hago ahora?');
  await page.getByLabel('Mensaje').press('Enter');
  await expect(answers(page).last()).toContainText(creditsExhaustedMessage(DEFAULT_PRODUCT_NAME, 9));
  await page.waitForTimeout(500);
  expect((await modelRequests()).length).toBe(before);
  await scanScreen(page, 'chat: out of credits');

  await page.getByRole('link', { name: 'Mejorar plan' }).click();
  await expect(page).toHaveURL(/\/profile\/sub$/);
});

test('at 375 px the sidebar is an overlay that closes after choosing a thread, with no sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await starterWithBusiness(page);
  await enterChat(page);
  await expect(sidebar(page)).toHaveCount(0);

  await suggestions(page).first().click();
  await expect(answers(page).last()).toHaveAttribute('data-finished', 'true');
  await scanScreen(page, 'chat: a markdown answer, history closed');

  const noSidewaysScroll = () =>
    page.evaluate(() =>
      [document.documentElement, ...document.querySelectorAll<HTMLElement>('*')]
        .filter((el) => {
          const style = getComputedStyle(el);
          const scrolls = el === document.documentElement || /(auto|scroll)/.test(style.overflowX);
          return scrolls && el.scrollWidth > el.clientWidth + 1;
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    );
  expect(await noSidewaysScroll()).toEqual([]);

  await page.getByRole('button', { name: 'Abrir el historial' }).click();
  await expect(sidebar(page)).toBeVisible();
  const box = await sidebar(page).boundingBox();
  expect(box?.width).toBeLessThanOrEqual(375);
  await scanScreen(page, 'chat: history overlay', { widths: [375] });
  expect(await noSidewaysScroll()).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(sidebar(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Abrir el historial' }).click();
  await sidebar(page).getByRole('button', { name: 'Nuevo chat' }).click();
  await expect(sidebar(page)).toHaveCount(0);
  await expect(suggestions(page)).toHaveCount(4);

  await page.getByRole('button', { name: 'Abrir el historial' }).click();
  await sidebar(page).getByRole('button', { name: MODEL_TITLE, exact: true }).click();
  await expect(sidebar(page)).toHaveCount(0);
  await expect(answers(page).last().getByRole('heading', { name: 'Plan de validación' })).toBeVisible();
  expect(await noSidewaysScroll()).toEqual([]);
});
