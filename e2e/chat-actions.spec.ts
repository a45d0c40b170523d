import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { scanScreen } from './support/axe.ts';
import { starterWithIdea } from './support/businesses.ts';
import { MARKDOWN_ANSWER, MODEL_TITLE } from './support/model-script.ts';
import { expect, test } from './support/test.ts';

/**
 * Chat actions (product.md §2.6): copy an answer (Markdown and text), rate it with a reason, rename, search
 * (accents ignored), export and delete a thread — each still so after a reload.
 */

/** A new Starter user with one idea, on its chat screen. */
async function chatOfNewUser(page: Page): Promise<number> {
  const { businessId } = await starterWithIdea(
    page,
    { name: 'Marta Gil', emailPrefix: 'chat-actions' },
    {
      name: 'aceites del sur',
      goal: 'Validar la demanda en Andalucía',
      team: 'Dos socios con experiencia en hostelería',
    },
  );
  await page.goto(`/chat/idea/${businessId}`);
  await expect(page.getByLabel('Mensaje')).toBeVisible();
  return businessId;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Historial de chats' });
const answer = (page: Page) => page.locator('article[data-sender="ai_model"]').last();
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test('copy, rate, rename, search, export and delete a thread', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 800 });
  await chatOfNewUser(page);

  await page.getByLabel('Mensaje').fill('¿Cómo valido que los restaurantes quieren mi aceite?');
  await page.keyboard.press('Enter');
  await expect(answer(page)).toHaveAttribute('data-finished', 'true');
  await expect(sidebar(page).getByRole('button', { name: MODEL_TITLE, exact: true })).toBeVisible();

  // Tooltips (WCAG 1.4.13): keyboard focus shows one, Escape hides it and leaves focus where it is.
  const off = page.getByTestId('chat-status').getByRole('button', { name: 'Desactivado' });
  const tooltip = page.getByRole('tooltip');
  await off.first().focus();
  await expect(tooltip).toHaveText('Mejora tu plan para activar las investigaciones de mercado');
  await page.keyboard.press('Tab');
  await expect(off.last()).toBeFocused();
  await expect(tooltip).toHaveText('Mejora al plan CEO o al plan Empresa para acceder a fuentes avanzadas');
  await expect(tooltip).toBeVisible();
  await scanScreen(page, 'chat: a tooltip open', { widths: [1280] });
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await expect(off.last()).toBeFocused();
  // An icon-only button shows its name the same way.
  await page.getByRole('button', { name: 'Adjuntar archivos' }).focus();
  await expect(tooltip).toHaveText('Adjuntar archivos');
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();

  // Copy: as Markdown, then as text; 'Copiado' shows and goes back after 3 s.
  const tools = answer(page).getByRole('group', { name: 'Acciones de la respuesta' });
  await tools.getByRole('button', { name: 'Copiar en Markdown' }).click();
  await expect(tools.getByRole('button', { name: 'Copiado' })).toBeVisible();
  expect(await clipboard(page)).toBe(MARKDOWN_ANSWER);
  await expect(tools.getByRole('button', { name: 'Copiar en Markdown' })).toBeVisible({ timeout: 5000 });
  await tools.getByRole('button', { name: 'Copiar como texto' }).focus();
  await page.keyboard.press('Enter');
  await expect(tools.getByRole('button', { name: 'Copiado' })).toBeVisible();
  const text = await clipboard(page);
  expect(text).toContain('Plan de validación\n');
  expect(text).toContain('• Habla con 10 clientes potenciales');
  expect(text).not.toContain('**');

  // Thumbs down with a reason, kept after a reload.
  await tools.getByRole('button', { name: 'Mala respuesta' }).click();
  await expect(answer(page).getByLabel('Cuéntanos qué falló (opcional)')).toBeFocused();
  await scanScreen(page, 'chat: an answer rated down, its reason form', { widths: [1280] });
  await answer(page).getByLabel('Cuéntanos qué falló (opcional)').fill('Faltan precios de la competencia');
  await answer(page).getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(tools.getByText('Gracias por tu valoración')).toBeVisible();
  await page.reload();
  await expect(answer(page).getByRole('button', { name: 'Mala respuesta' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(answer(page).getByRole('button', { name: 'Buena respuesta' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Rename from the thread's menu.
  const menuButton = (title: string) => sidebar(page).getByRole('button', { name: `Opciones de «${title}»` });
  await menuButton(MODEL_TITLE).click();
  const menu = page.getByRole('menu', { name: `Opciones de «${MODEL_TITLE}»` });
  await expect(menu.getByRole('menuitem')).toHaveText(['Renombrar', 'Exportar en Markdown', 'Eliminar']);
  await expect(menu.getByRole('menuitem', { name: 'Renombrar' })).toBeFocused();
  await scanScreen(page, 'chat: a thread menu open', { widths: [1280] });
  // The arrows move through the items (round the ends), Home and End jump to them.
  const item = (name: string) => menu.getByRole('menuitem', { name });
  await page.keyboard.press('ArrowDown');
  await expect(item('Exportar en Markdown')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Eliminar')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Renombrar')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(item('Eliminar')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(item('Renombrar')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton(MODEL_TITLE)).toBeFocused();
  // ArrowDown opens it on the first item, ArrowUp on the last.
  await page.keyboard.press('ArrowUp');
  await expect(item('Eliminar')).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowDown');
  await expect(item('Renombrar')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menuButton(MODEL_TITLE)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(item('Renombrar')).toBeFocused();
  await page.keyboard.press('Enter');
  const rename = page.getByRole('dialog', { name: 'Renombrar chat' });
  // Focus starts in the field and Tab cycles inside the dialog (the page behind is out of reach).
  await expect(rename.getByLabel('Título')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(rename.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(rename.getByRole('button', { name: 'Guardar' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(rename.getByLabel('Título')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(rename.getByRole('button', { name: 'Guardar' })).toBeFocused();
  // Escape closes it and gives focus back to the menu's button; the menu's item opens it again.
  await page.keyboard.press('Escape');
  await expect(rename).toBeHidden();
  await expect(menuButton(MODEL_TITLE)).toBeFocused();
  await menuButton(MODEL_TITLE).click();
  await item('Renombrar').click();
  await rename.getByLabel('Título').fill('   ');
  await rename.getByRole('button', { name: 'Guardar' }).click();
  await expect(rename.getByRole('alert')).toHaveText('Escribe un título');
  await scanScreen(page, 'chat: rename dialog with an error', { widths: [1280] });
  await rename.getByLabel('Título').fill('  Plan de aceites  ');
  await rename.getByRole('button', { name: 'Guardar' }).click();
  await expect(rename).toBeHidden();
  await expect(sidebar(page).getByRole('button', { name: 'Plan de aceites', exact: true })).toBeVisible();
  await page.reload();
  await expect(sidebar(page).getByRole('button', { name: 'Plan de aceites', exact: true })).toBeVisible();

  // Search: a word of the answer, typed without its accent, finds the thread with the word marked.
  const search = sidebar(page).getByRole('searchbox', { name: 'Buscar chats' });
  await search.fill('pagarian');
  const results = sidebar(page).getByRole('list', { name: 'Resultados de la búsqueda' });
  await expect(results.getByRole('button')).toHaveCount(1);
  await expect(results.getByRole('button')).toContainText('Plan de aceites');
  await expect(results.locator('mark')).toHaveText('pagarían');
  await scanScreen(page, 'chat: search results', { widths: [1280] });
  await search.fill('criptomonedas');
  await expect(sidebar(page).getByText('Ningún chat coincide con «criptomonedas»')).toBeVisible();
  await search.fill('validacion');
  await results.getByRole('button', { name: /Plan de aceites/ }).click();
  await expect(search).toHaveValue('');
  await expect(page).toHaveURL(/[?&]chat=\d+/);

  // Export: a Markdown download named after the title.
  await menuButton('Plan de aceites').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Exportar en Markdown' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('plan-de-aceites.md');
  const exported = await fs.readFile(await download.path(), 'utf8');
  expect(exported.startsWith('# Plan de aceites\n')).toBe(true);
  expect(exported).toContain('¿Cómo valido que los restaurantes quieren mi aceite?');
  expect(exported).toContain(MARKDOWN_ANSWER);

  // Delete, with a confirmation: the open thread goes and a new empty chat is left.
  await menuButton('Plan de aceites').click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar este chat?' });
  await expect(confirm).toContainText('Se borrarán «Plan de aceites»');
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await scanScreen(page, 'chat: delete confirmation', { widths: [1280] });
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Eliminar chat' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(menuButton('Plan de aceites')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Eliminar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Eliminar chat' }).click();
  await expect(confirm).toBeHidden();
  await expect(
    sidebar(page).getByText('Aún no hay conversaciones. Escribe tu primera pregunta.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aceites del sur', exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]chat=/);
  await page.reload();
  await expect(
    sidebar(page).getByText('Aún no hay conversaciones. Escribe tu primera pregunta.'),
  ).toBeVisible();
});

test('at phone width: the thread menu, its dialogs and the search', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await chatOfNewUser(page);
  await page.getByLabel('Mensaje').fill('¿Cómo valido que los restaurantes quieren mi aceite?');
  await page.keyboard.press('Enter');
  await expect(answer(page)).toHaveAttribute('data-finished', 'true');

  await answer(page).getByRole('button', { name: 'Mala respuesta' }).click();
  await expect(answer(page).getByLabel('Cuéntanos qué falló (opcional)')).toBeFocused();
  await scanScreen(page, 'chat: an answer rated down, its reason form', { widths: [375] });

  // Below 768 px the history is an overlay, opened from the header.
  await page.getByRole('button', { name: 'Abrir el historial' }).click();
  const menuButton = sidebar(page).getByRole('button', { name: `Opciones de «${MODEL_TITLE}»` });
  await menuButton.click();
  const menu = page.getByRole('menu', { name: `Opciones de «${MODEL_TITLE}»` });
  await expect(menu.getByRole('menuitem', { name: 'Renombrar' })).toBeFocused();
  await scanScreen(page, 'chat: a thread menu open', { widths: [375] });
  await menu.getByRole('menuitem', { name: 'Renombrar' }).click();
  const rename = page.getByRole('dialog', { name: 'Renombrar chat' });
  await rename.getByLabel('Título').fill('   ');
  await rename.getByRole('button', { name: 'Guardar' }).click();
  await expect(rename.getByRole('alert')).toHaveText('Escribe un título');
  await scanScreen(page, 'chat: rename dialog with an error', { widths: [375] });
  // Escape is the dialog's: it closes, and the history under it stays open.
  await page.keyboard.press('Escape');
  await expect(rename).toBeHidden();
  await expect(sidebar(page)).toBeVisible();

  const search = sidebar(page).getByRole('searchbox', { name: 'Buscar chats' });
  await search.fill('pagarian');
  await expect(
    sidebar(page).getByRole('list', { name: 'Resultados de la búsqueda' }).locator('mark'),
  ).toHaveText('pagarían');
  await scanScreen(page, 'chat: search results', { widths: [375] });
  await search.fill('');

  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar este chat?' });
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await scanScreen(page, 'chat: delete confirmation', { widths: [375] });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(sidebar(page).getByRole('button', { name: MODEL_TITLE, exact: true })).toBeVisible();
});
