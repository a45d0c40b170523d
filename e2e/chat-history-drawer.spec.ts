import { scanScreen } from './support/axe.ts';
import { starterWithIdea } from './support/businesses.ts';
import { MODEL_TITLE } from './support/model-script.ts';
import { expect, test } from './support/test.ts';

/**
 * The chat history at phone width (product.md §2.6, ADR 0018): a modal drawer that keeps the keyboard
 * inside while open, closes with Escape back to the button that opened it, and opens a chat when one is
 * chosen.
 */

test('at 375 px the history is a modal drawer: focus stays in it, Escape gives it back, a chat opens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { businessId } = await starterWithIdea(
    page,
    { name: 'Inés Robles', emailPrefix: 'chat-drawer' },
    {
      name: 'aceites del sur',
      goal: 'Validar la demanda en Andalucía',
      team: 'Dos socios con experiencia en hostelería',
    },
  );
  await page.goto(`/chat/idea/${businessId}`);
  // One answered thread to choose later, then a new chat so that choosing it changes the screen.
  await page.getByLabel('Mensaje').fill('¿Cómo valido que los restaurantes quieren mi aceite?');
  await page.keyboard.press('Enter');
  const answer = page.locator('article[data-sender="ai_model"]').last();
  await expect(answer).toHaveAttribute('data-finished', 'true');
  await page.getByRole('button', { name: 'Nuevo chat' }).click();
  await expect(page).not.toHaveURL(/[?&]chat=/);
  await expect(answer).toHaveCount(0);

  const opener = page.getByRole('button', { name: 'Abrir el historial' });
  const drawer = page.getByRole('dialog', { name: 'Historial de chats' });
  await opener.click();
  await expect(drawer).toBeVisible();
  // A drawer on the left edge, narrower than the phone, once it has slid in.
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  expect((await drawer.boundingBox())?.width).toBeLessThan(375);
  // The conversation behind is out of reach: hidden from assistive technology while the drawer is open.
  await expect(page.getByRole('main')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Mensaje' })).toHaveCount(0);
  await scanScreen(page, 'chat: history drawer at phone width', { widths: [375] });

  // Tab and Shift+Tab go round the drawer's own controls and never reach the page behind.
  const focusInDrawer = () =>
    page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.getAttribute('aria-labelledby'));
  const drawerLabel = await drawer.getAttribute('aria-labelledby');
  expect(drawerLabel).toBeTruthy();
  for (let step = 0; step < 20; step += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInDrawer(), `focus after ${step + 1} Tab presses`).toBe(drawerLabel);
  }
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInDrawer(), `focus after ${step + 1} Shift+Tab presses`).toBe(drawerLabel);
  }

  // On the close button its tooltip shows: the first Escape hides it (WCAG 1.4.13), the next closes.
  const close = drawer.getByRole('button', { name: 'Cerrar el historial' });
  await close.focus();
  await expect(page.getByRole('tooltip')).toHaveText('Cerrar el historial');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toBeHidden();
  await expect(close).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(opener).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Mensaje' })).toBeVisible();

  await opener.click();
  await drawer.getByRole('button', { name: MODEL_TITLE, exact: true }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]chat=\d+/);
  await expect(answer.getByRole('heading', { name: 'Plan de validación' })).toBeVisible();
  await expect(opener).toBeFocused();
});
