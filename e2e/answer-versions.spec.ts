import type { Page } from '@playwright/test';
import { scanScreen } from './support/axe.ts';
import { starterWithIdea } from './support/businesses.ts';
import { VARIANT_WORD } from './support/model-script.ts';
import { expect, test } from './support/test.ts';

/**
 * Versions of answers and branches of a chat (ADR 0043): 'Regenerar' keeps the earlier answer behind a
 * '‹ 1/2 ›' switcher, editing the first question of a thread forks it there, and the original branch
 * stays reachable and unchanged after a reload.
 */

const SHOTS = process.env.SHOTS_DIR;
const input = (page: Page) => page.getByLabel('Mensaje', { exact: true });
const answers = (page: Page) => page.locator('article[data-sender="ai_model"]');
const questions = (page: Page) => page.locator('article[data-sender="user"]');
const proposal = async (page: Page, index: number) =>
  (await answers(page).nth(index).textContent())?.match(/Propuesta número (\d+)/)?.[1];

async function ask(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
  await expect(questions(page).last()).toContainText(text);
  await expect(answers(page).last()).toContainText(/Propuesta número \d+/);
  await expect(answers(page).last()).toHaveAttribute('data-finished', 'true');
}

/** Screenshots at 1280 and 375 px when SHOTS_DIR is set; at 375 the page is read again, its history closed. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(answers(page).last()).toHaveAttribute('data-finished', 'true');
  await page.screenshot({ path: `${SHOTS}/${name}-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(answers(page).last()).toHaveAttribute('data-finished', 'true');
}

test('regenerate keeps the first answer; editing the first question forks the thread', async ({ page }) => {
  // Seven answers, reloads and scans at two widths: longer than a journey's default minute.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { businessId } = await starterWithIdea(
    page,
    { name: 'Lucía Ferrer', emailPrefix: 'versiones' },
    { name: 'Cerámica Lucía', goal: 'Vender en ferias de artesanía', team: 'Una ceramista' },
  );
  await page.goto(`/chat/idea/${businessId}`);
  await expect(input(page)).toBeVisible();

  // 'Regenerar': a different answer, '2/2'; going back shows the first, also after a reload.
  await ask(page, `Dame una ${VARIANT_WORD} de precio`);
  const first = await proposal(page, 0);
  await answers(page).last().getByRole('button', { name: 'Regenerar la respuesta' }).click();
  const versions = answers(page).last().getByRole('group', { name: 'Versiones de la respuesta' });
  await expect(versions).toContainText('2/2');
  await expect(answers(page).last()).toHaveAttribute('data-finished', 'true');
  const second = await proposal(page, 0);
  expect(second).not.toBe(first);
  await expect(answers(page)).toHaveCount(1);
  await scanScreen(page, 'chat: a regenerated answer, version 2 of 2');
  await shot(page, 'regenerated-2-of-2');
  await versions.getByRole('button', { name: 'Versión anterior' }).click();
  await expect(versions).toContainText('1/2');
  await expect(answers(page).last()).toContainText(`Propuesta número ${first}`);
  await page.reload();
  await expect(versions).toContainText('1/2');
  await expect(answers(page).last()).toContainText(`Propuesta número ${first}`);
  await versions.getByRole('button', { name: 'Versión siguiente' }).click();
  await expect(answers(page).last()).toContainText(`Propuesta número ${second}`);

  // A thread of three exchanges; its first question edited makes a new branch from there.
  await page.goto(`/chat/idea/${businessId}`);
  await expect(input(page)).toBeVisible();
  await expect(questions(page)).toHaveCount(0);
  await ask(page, `Primera ${VARIANT_WORD}: tazas`);
  await ask(page, `Segunda ${VARIANT_WORD}: platos`);
  await ask(page, `Tercera ${VARIANT_WORD}: jarrones`);
  const original = await answers(page).allTextContents();
  expect(original).toHaveLength(3);
  await questions(page).first().getByRole('button', { name: 'Editar tu pregunta' }).click();
  const field = page.getByLabel('Nuevo texto de tu pregunta');
  await field.fill(`Primera ${VARIANT_WORD}: cuencos`);
  await field.press('Enter');
  const questionVersions = questions(page).first().getByRole('group', { name: 'Versiones de tu pregunta' });
  await expect(questionVersions).toContainText('2/2');
  await expect(questions(page)).toHaveCount(1);
  await expect(answers(page)).toHaveCount(1);
  await expect(answers(page).last()).toHaveAttribute('data-finished', 'true');
  await expect(questions(page).first()).toContainText('cuencos');
  await scanScreen(page, 'chat: a first question edited, a new branch');
  await shot(page, 'edited-first-question');

  // The original branch: one switch away, whole, and the same after a reload.
  await questionVersions.getByRole('button', { name: 'Versión anterior' }).click();
  await expect(questionVersions).toContainText('1/2');
  await expect(questions(page)).toHaveCount(3);
  await expect(questions(page).first()).toContainText('tazas');
  expect(await answers(page).allTextContents()).toEqual(original);
  await page.reload();
  await expect(questions(page)).toHaveCount(3);
  await expect(questionVersions).toContainText('1/2');
  expect(await answers(page).allTextContents()).toEqual(original);
  await shot(page, 'original-branch-after-reload');
  await questionVersions.getByRole('button', { name: 'Versión siguiente' }).click();
  await expect(questions(page)).toHaveCount(1);
  await expect(questions(page).first()).toContainText('cuencos');
});
