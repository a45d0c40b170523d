import type { Page } from '@playwright/test';
import { FAKE_ASSUMPTIONS } from '../apps/api/src/test/fakes/research-model.ts';
import { scanScreen } from './support/axe.ts';
import { paidWithIdea } from './support/businesses.ts';
import { keepScreenshot, keepScreenshotsAtWidths, SHOTS_DIR } from './support/shots.ts';
import { expect, test } from './support/test.ts';

/**
 * The roadmap (ADR 0055): a founder on a CEO plan creates a business, its research completes against the
 * fake model, 'Crear mi hoja de ruta' turns the report's riskiest assumptions into experiments; they mark
 * one done, reorder with the keyboard, add one, discard one (and undo it), reload and find it all kept.
 * A Founder sees what it would give and 'Mejorar plan'. axe at 1280 and 375 px on every state.
 */

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** 'Supuesto: X. Experimento: …' → the experiment's title, 'Comprobar: x'. */
const experimentTitle = (claim: string) => {
  const assumption = (/^Supuesto: (.*?)\. Experimento:/.exec(claim)?.[1] ?? '').trim();
  return `Comprobar: ${assumption.charAt(0).toLowerCase()}${assumption.slice(1)}`;
};

async function noSidewaysScroll(page: Page) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 740 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  if (original) await page.setViewportSize(original);
}

test('a CEO founder builds a roadmap from the report, edits it with the keyboard, and finds it kept', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { businessId } = await paidWithIdea(page, 'Rita Ruta', 'Aceite Ruta', 'CEO');

  // The research completes against the fake model; the home says so and leads to the roadmap.
  await page.goto('/');
  const businesses = region(page, 'Tus negocios');
  await expect(businesses.getByRole('link', { name: 'Abrir el chat de Aceite Ruta' })).toContainText(
    'Investigación lista',
    { timeout: 120_000 },
  );
  await businesses.getByRole('link', { name: 'Hoja de ruta de Aceite Ruta' }).click();
  await expect(page).toHaveURL(new RegExp(`/roadmap/${businessId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Hoja de ruta de Aceite Ruta' })).toBeVisible();
  await scanScreen(page, 'roadmap: none yet');
  await keepScreenshotsAtWidths(page, '01-roadmap-empty', { fullPage: true });

  await page.getByRole('button', { name: 'Crear mi hoja de ruta' }).click();
  await expect(page.getByText('Plantilla a partir de tu perfil y de tu estudio de mercado')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Próximos 30 días' })).toBeVisible();

  // The experiments are the report's riskiest assumptions, each with its success criterion.
  const experiments = region(page, 'Probar los supuestos más arriesgados');
  const [first, second] = FAKE_ASSUMPTIONS.map(experimentTitle) as [string, string];
  const checkboxes = experiments.getByRole('checkbox');
  await expect(checkboxes).toHaveCount(2);
  await expect(checkboxes.nth(0)).toHaveAccessibleName(first);
  await expect(checkboxes.nth(1)).toHaveAccessibleName(second);
  await expect(experiments).toContainText('se confirma si al menos 3 hacen un pedido de prueba.');
  await expect(experiments.getByText('Experimento', { exact: true })).toHaveCount(2);
  await scanScreen(page, 'roadmap: the template from the report');
  await keepScreenshotsAtWidths(page, '02-roadmap-created', { fullPage: true });

  // Mark the first experiment done, with the keyboard.
  await experiments.getByRole('checkbox', { name: first }).focus();
  await page.keyboard.press('Space');
  await expect(experiments.getByRole('checkbox', { name: first })).toBeChecked();
  const status = page.getByTestId('estado-hoja-de-ruta');
  await expect(status).toContainText(`Marcar «${first}» como hecha`);

  // Reorder with the keyboard: pick the second up, move it up, drop it.
  await experiments.getByRole('button', { name: `Mover «${second}»`, exact: false }).focus();
  // The drag library measures between steps: a person's pace, not a burst.
  for (const key of ['Space', 'ArrowUp', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
  await expect(checkboxes.nth(0)).toHaveAccessibleName(second);
  await expect(status).toContainText(`Mover «${second}»`);

  // Add one.
  const newTask = experiments.getByRole('textbox', {
    name: 'Añadir tarea a «Probar los supuestos más arriesgados»',
  });
  await newTask.fill('Pedir presupuestos de etiquetas');
  await newTask.press('Enter');
  await expect(experiments.getByRole('checkbox', { name: 'Pedir presupuestos de etiquetas' })).toBeVisible();

  // Discard one through its menu, with the keyboard; undo it; discard it again.
  const goal = region(page, 'Primeros clientes');
  const review = 'Revisar tu plan financiero con lo aprendido';
  const discard = async () => {
    await goal.getByRole('button', { name: `Opciones de «${review}»` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Descartar' }).focus();
    await page.keyboard.press('Enter');
    await expect(goal.getByRole('checkbox', { name: review })).toBeDisabled();
  };
  await discard();
  await expect(goal).toContainText('Descartada');
  await scanScreen(page, 'roadmap: edited');
  await keepScreenshotsAtWidths(page, '03-roadmap-edited', { fullPage: true });
  await page.getByRole('button', { name: `Deshacer: Marcar «${review}» como descartada` }).click();
  await expect(status).toHaveText('Cambio deshecho');
  await expect(goal.getByRole('checkbox', { name: review })).toBeEnabled();
  await discard();

  // Reload: all kept.
  await page.reload();
  await expect(checkboxes.nth(0)).toHaveAccessibleName(second);
  await expect(checkboxes.nth(1)).toHaveAccessibleName(first);
  await expect(experiments.getByRole('checkbox', { name: first })).toBeChecked();
  await expect(experiments.getByRole('checkbox', { name: 'Pedir presupuestos de etiquetas' })).toBeVisible();
  await expect(goal.getByRole('checkbox', { name: review })).toBeDisabled();
  await expect(goal).toContainText('Descartada');
  await scanScreen(page, 'roadmap: kept after a reload', { widths: [375, 1280] });
  await noSidewaysScroll(page);
  await keepScreenshotsAtWidths(page, '04-roadmap-reloaded', { fullPage: true });

  // 'Revisar mi hoja de ruta': the fake mentor's revision, shown before it applies, then applied.
  const revision = region(page, 'Revisar mi hoja de ruta');
  await revision.getByRole('button', { name: 'Revisar mi hoja de ruta' }).click();
  await expect(revision.getByRole('heading', { name: /^Se añaden/ })).toBeVisible();
  await expect(revision).toContainText('Cata con diez restaurantes del barrio');
  await expect(revision).toContainText('Tu tarea hecha se conserva.');
  await expect(experiments.getByRole('checkbox', { name: first })).toBeVisible();
  await scanScreen(page, 'roadmap: a revision to answer');
  await keepScreenshotsAtWidths(page, '05-roadmap-revision', { fullPage: true });
  await revision.getByRole('button', { name: 'Aplicar cambios' }).click();
  await expect(
    region(page, 'Validar con restaurantes').getByRole('checkbox', {
      name: 'Cata con diez restaurantes del barrio',
    }),
  ).toBeVisible();
  await expect(region(page, 'Hecho hasta ahora').getByRole('checkbox', { name: first })).toBeChecked();
  await expect(page.getByText('Propuesta por tu mentor', { exact: true })).toBeVisible();
  await scanScreen(page, 'roadmap: the revision applied');
  await keepScreenshotsAtWidths(page, '06-roadmap-revised', { fullPage: true });

  // The advisor answers from it and proposes a task, shown first and added with one click.
  await page.goto(`/chat/idea/${businessId}`);
  await page.getByLabel('Mensaje').fill('¿Qué me toca esta semana?');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const proposed = page.getByTestId('tareas-propuestas');
  await expect(proposed).toContainText(
    'Llamar a cinco restaurantes del barrio — Hecha cuando: Dos aceptan una cata',
  );
  await expect(page.locator('article[data-sender="ai_model"]').last()).not.toContainText(
    '[[tarea-hoja-de-ruta',
  );
  await scanScreen(page, 'chat: tasks proposed for the roadmap');
  await noSidewaysScroll(page);
  if (SHOTS_DIR) {
    await keepScreenshot(page, '07-chat-proposed-tasks-1280.png');
    // At 375 as a phone opens it (the history starts closed there).
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await proposed.scrollIntoViewIfNeeded();
    await keepScreenshot(page, '07-chat-proposed-tasks-375.png');
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await proposed.getByRole('button', { name: 'Añadir a mi hoja de ruta' }).click();
  await expect(proposed).toContainText('Tarea añadida a tu hoja de ruta');

  // The chat header leads to the roadmap, where the task is, in the milestone chosen (the first).
  await page.locator('header').getByRole('link', { name: 'Ver hoja de ruta' }).click();
  await expect(page).toHaveURL(new RegExp(`/roadmap/${businessId}$`));
  await expect(
    region(page, 'Validar con restaurantes').getByRole('checkbox', {
      name: 'Llamar a cinco restaurantes del barrio',
    }),
  ).toBeVisible();
});

test("a Founder sees what the roadmap would give and 'Mejorar plan'", async ({ page }) => {
  test.setTimeout(120_000);
  const { businessId } = await paidWithIdea(page, 'Fermín Founder', 'Aceite Fermín', 'Founder');
  await page.goto(`/roadmap/${businessId}`);
  await expect(
    page.getByRole('heading', { name: 'Tu hoja de ruta personalizada, en los planes CEO' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear mi hoja de ruta' })).toHaveCount(0);
  await scanScreen(page, 'roadmap: a Founder');
  await keepScreenshotsAtWidths(page, '08-roadmap-founder', { fullPage: true });
  await page.getByRole('link', { name: 'Mejorar plan' }).click();
  await expect(page).toHaveURL(/\/profile\/sub$/);
});
