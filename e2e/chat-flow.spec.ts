import type { Locator, Page } from '@playwright/test';
import { scanScreen } from './support/axe.ts';
import { starterWithIdea } from './support/businesses.ts';
import { FLAKY_WORD, REFUSED_WORD, SLOW_WORD, VARIANT_WORD } from './support/model-script.ts';
import { MAIL_INSPECTOR_URL } from './support/ports.ts';
import { expect, test } from './support/test.ts';

/**
 * The chat's flow (ADR 0010, ADR 0013): long threads that follow a new question and its answer (and stop
 * following when the reader scrolls up), failures that explain themselves and offer 'Reintentar',
 * retries of passing failures charged once, stop marked 'Respuesta detenida' after a reload,
 * regenerating the last answer, editing the last question, and the keyboard shortcuts.
 */

const FAILED_TEXT =
  'Lo sentimos, ha ocurrido un error al procesar tu solicitud. Por favor, inténtalo de nuevo en unos minutos.';

/** A new Starter user (100 credits) with one idea; returns the business id. */
async function starterWithBusiness(page: Page): Promise<number> {
  const { businessId } = await starterWithIdea(
    page,
    { name: 'Irene Campos', emailPrefix: 'flujo' },
    { name: 'quesos del norte', goal: 'Vender a tiendas gourmet', team: 'Una quesera y un comercial' },
  );
  return businessId;
}

/** A chat of `count` stored messages, the answer at `failedAt` a failed one. */
async function seedThread(businessId: number, count: number, failedAt: number): Promise<number> {
  const res = await fetch(
    `${MAIL_INSPECTOR_URL}/?seed-thread=${businessId}&messages=${count}&failed-at=${failedAt}`,
    { method: 'POST' },
  );
  return ((await res.json()) as { chatId: number }).chatId;
}

async function credits(page: Page): Promise<number> {
  const me = await page.request.get('/api/users/me');
  return ((await me.json()) as { available_credits: number }).available_credits;
}

const list = (page: Page) => page.getByRole('region', { name: 'Conversación' });
const input = (page: Page) => page.getByLabel('Mensaje', { exact: true });
const answers = (page: Page) => page.locator('article[data-sender="ai_model"]');
const questions = (page: Page) => page.locator('article[data-sender="user"]');
const jump = (page: Page) => page.getByRole('button', { name: 'Ir al último mensaje' });

/** Whether `inner`'s box lies inside `outer`'s (the message list's visible area). */
async function expectInside(inner: Locator, outer: Locator) {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  expect(a && b).toBeTruthy();
  if (!a || !b) return;
  expect(a.y).toBeGreaterThanOrEqual(b.y - 1);
  expect(a.y + a.height).toBeLessThanOrEqual(b.y + b.height + 1);
}

const distanceFromBottom = (page: Page) =>
  list(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

async function send(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
}

test('long threads follow a new question and its answer, and stop following when scrolled up', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const businessId = await starterWithBusiness(page);

  // 60 messages with a failed answer in the middle: the new exchange lands in view.
  const shortThread = await seedThread(businessId, 60, 31);
  await page.goto(`/chat/idea/${businessId}?chat=${shortThread}`);
  await expect(questions(page).last()).toContainText('Pregunta número 30');
  await expect(page.getByText(FAILED_TEXT)).toHaveCount(1);
  await send(page, '¿Cómo valido el precio?');
  await expect(questions(page).last()).toContainText('¿Cómo valido el precio?');
  await expectInside(questions(page).last(), list(page));
  await expect(answers(page).last().getByRole('heading', { name: 'Plan de validación' })).toBeVisible();
  await expect(answers(page).last()).toHaveAttribute('data-finished', 'true');
  await expectInside(answers(page).last(), list(page));
  await expectInside(page.getByText('Con esto sabrás si merece la pena seguir.'), list(page));
  await scanScreen(page, 'chat: a long thread after a new exchange');

  // 250 messages: the latest 40 are rendered; a slow answer is followed, then the reader scrolls up.
  const longThread = await seedThread(businessId, 250, 121);
  await page.goto(`/chat/idea/${businessId}?chat=${longThread}`);
  await expect(questions(page).last()).toContainText('Pregunta número 125');
  await send(page, `Explícamelo ${SLOW_WORD}`);
  await expectInside(questions(page).last(), list(page));
  await expect(answers(page).last()).toContainText('palabra40');
  await expectInside(answers(page).last(), list(page));
  expect(await distanceFromBottom(page)).toBeLessThan(48);

  await list(page).hover();
  await page.mouse.wheel(0, -700);
  await expect(jump(page)).toBeVisible();
  const held = await list(page).evaluate((el) => el.scrollTop);
  const grownFrom = (await answers(page).last().textContent())?.length ?? 0;
  await page.waitForTimeout(1500);
  expect((await answers(page).last().textContent())?.length ?? 0).toBeGreaterThan(grownFrom);
  expect(Math.abs((await list(page).evaluate((el) => el.scrollTop)) - held)).toBeLessThan(2);
  await scanScreen(page, 'chat: scrolled up while an answer is written');

  await jump(page).click();
  await expect(jump(page)).toBeHidden();
  await page.waitForTimeout(600);
  expect(await distanceFromBottom(page)).toBeLessThan(48);

  // Escape stops the answer: marked stopped, and charged (it keeps its charge), after a reload too.
  const before = await credits(page);
  await page.keyboard.press('Escape');
  const stoppedLine = page.getByText('Respuesta detenida · se descontó 1 crédito');
  await expect(stoppedLine).toBeVisible();
  await expectInside(stoppedLine, list(page));
  expect(await credits(page)).toBe(before);
  await scanScreen(page, 'chat: an answer stopped');
  await page.reload();
  await expect(page.getByText('Respuesta detenida · se descontó 1 crédito')).toBeVisible();
});

test('failures explain themselves; regenerate and edit-and-resend persist', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const businessId = await starterWithBusiness(page);
  await page.goto(`/chat/idea/${businessId}`);
  await expect(input(page)).toBeVisible();
  const start = await credits(page);

  // A model that refuses the question (400): the error and 'Reintentar' within 3 s, nothing charged.
  // The fake model fails each question only the first times it sees it: the texts are unique per run.
  const tag = Math.random().toString(36).slice(2, 8);
  await send(page, `Pregunta ${REFUSED_WORD} por el modelo (${tag})`);
  await expect(page.getByText(FAILED_TEXT)).toBeVisible({ timeout: 3000 });
  const retry = page.getByRole('button', { name: 'Reintentar' });
  await expect(retry).toBeVisible({ timeout: 3000 });
  expect(await credits(page)).toBe(start);
  await scanScreen(page, 'chat: a failed answer with Reintentar');
  await retry.click();
  await expect(answers(page).last().getByRole('heading', { name: 'Plan de validación' })).toBeVisible();
  await expect(page.getByText(FAILED_TEXT)).toBeHidden();
  await expect.poll(() => credits(page)).toBe(start - 1);

  // A model that fails twice with 503 and then answers: the answer comes, charged once.
  await expect(answers(page).last()).toHaveAttribute('data-finished', 'true');
  await send(page, `Pregunta ${FLAKY_WORD} sobre precios (${tag})`);
  await expect(answers(page).nth(1).getByRole('heading', { name: 'Plan de validación' })).toBeVisible();
  await expect(answers(page).nth(1)).toHaveAttribute('data-finished', 'true');
  await expect.poll(() => credits(page)).toBe(start - 2);

  // Regenerate the last answer: a new text replaces the old one, charged as an answer.
  await send(page, `Dame una ${VARIANT_WORD} de precio`);
  const last = answers(page).last();
  await expect(last).toContainText(/Propuesta número \d+/);
  await expect(last).toHaveAttribute('data-finished', 'true');
  const first = (await last.textContent())?.match(/Propuesta número (\d+)/)?.[1];
  await last.getByRole('button', { name: 'Regenerar la respuesta' }).click();
  await expect(last).not.toContainText(`Propuesta número ${first}`);
  await expect(last).toContainText(/Propuesta número \d+/);
  await expect(last).toHaveAttribute('data-finished', 'true');
  const regenerated = (await last.textContent())?.match(/Propuesta número (\d+)/)?.[1];
  await expect.poll(() => credits(page)).toBe(start - 4);
  await scanScreen(page, 'chat: a regenerated answer with Regenerar and Editar');

  // Edit the last question: Escape cancels, Enter sends the new text and its answer is made again.
  const editLast = questions(page).last().getByRole('button', { name: 'Editar tu pregunta' });
  await editLast.click();
  const field = page.getByLabel('Nuevo texto de tu pregunta');
  await expect(field).toBeFocused();
  await field.press('Escape');
  await expect(field).toBeHidden();
  await editLast.click();
  await scanScreen(page, 'chat: editing the last question');
  await field.fill(`Otra ${VARIANT_WORD}, para tiendas gourmet`);
  await field.press('Enter');
  await expect(questions(page).last()).toContainText('Otra variante, para tiendas gourmet');
  await expect(last).not.toContainText(`Propuesta número ${regenerated}`);
  await expect(last).toHaveAttribute('data-finished', 'true');
  const edited = (await last.textContent())?.match(/Propuesta número (\d+)/)?.[1];

  await page.reload();
  await expect(questions(page)).toHaveCount(3);
  await expect(answers(page)).toHaveCount(3);
  await expect(questions(page).last()).toContainText('Otra variante, para tiendas gourmet');
  await expect(answers(page).last()).toContainText(`Propuesta número ${edited}`);
  await expect(page.getByText(FAILED_TEXT)).toHaveCount(0);

  // Keyboard: '?' lists the shortcuts, '/' goes to the message field.
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Atajos de teclado' });
  await expect(dialog).toBeVisible();
  await scanScreen(page, 'chat: keyboard shortcuts');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // From its button: focus is on 'Cerrar', the one control inside, and Tab keeps it there; Escape
  // closes the list and focus goes back to the button.
  const shortcutsButton = page.getByRole('button', { name: 'Atajos de teclado' });
  await shortcutsButton.click();
  const close = dialog.getByRole('button', { name: 'Cerrar' });
  await expect(close).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(shortcutsButton).toBeFocused();
  await page.getByRole('region', { name: 'Conversación' }).focus();
  await page.keyboard.press('/');
  await expect(input(page)).toBeFocused();
});
