import { scanScreen } from './support/axe.ts';
import { businesses, card, expectLogoShown } from './support/business-cards.ts';
import {
  chooseStarter,
  DESCRIPTION,
  fillIdea,
  next,
  onboardToBusinessStep,
  planCard,
} from './support/businesses.ts';
import { expect, test } from './support/test.ts';

/**
 * Business screens (ADR 0009, 0018) in the browser: the edit wizard and its popup, deletion, and the Founder
 * plan's limit (guard, add card and API).
 */

test('edit: leave without saving, close twice, save from the popup; then delete', async ({ page }) => {
  test.setTimeout(120_000);
  await onboardToBusinessStep(page, 'Eva Edita');
  await fillIdea(page, 'Huerto Urbano');
  await page.getByRole('button', { name: 'Crear chat' }).click();
  await chooseStarter(page);
  await page.goto('/chats');
  const [created] = await businesses(page);

  const openEdit = async (name: string) => {
    await card(page, name)
      .getByRole('button', { name: `Opciones de ${name}` })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeVisible();
    await scanScreen(page, 'dashboard: options menu');
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-business/idea/${created?.id}$`));
    await expect(page.getByRole('dialog', { name: 'Editar chat' })).toBeVisible();
    await expect(page.getByText('Paso 1 de 4')).toBeVisible();
    await scanScreen(page, 'edit dialog');
  };
  const close = () =>
    page
      .getByRole('dialog', { name: 'Editar chat' })
      .getByRole('button', { name: 'Cerrar', exact: true })
      .click();
  const popup = page.getByRole('alertdialog', { name: '¿Quieres guardar los cambios?' });

  // 'Salir sin guardar' leaves it unchanged.
  await openEdit('Huerto Urbano');
  await page.getByLabel('Nombre', { exact: true }).fill('Huerto Cambiado');
  await close();
  await expect(popup).toBeVisible();
  await scanScreen(page, 'edit dialog: save the changes?');
  await popup.getByRole('button', { name: 'Salir sin guardar' }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(card(page, 'Huerto Urbano')).toBeVisible();
  expect((await businesses(page))[0]?.name).toBe('Huerto Urbano');

  // Nothing changed: closing (or Escape) leaves without asking (ADR 0018).
  await openEdit('Huerto Urbano');
  await close();
  await expect(page).toHaveURL(/\/chats$/);
  await openEdit('Huerto Urbano');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/chats$/);

  // After a change, Escape asks; dismissing the popup, then closing again, leaves without asking.
  await openEdit('Huerto Urbano');
  await page.getByLabel('Nombre', { exact: true }).fill('Huerto Otro');
  await page.keyboard.press('Escape');
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await close();
  await expect(page).toHaveURL(/\/chats$/);

  // 'Guardar cambios' saves (a change on a later step, and a new logo colour).
  await openEdit('Huerto Urbano');
  await page.getByRole('radio', { name: 'Color 5' }).check({ force: true });
  await page.getByLabel('Nombre', { exact: true }).fill('Huerto Vertical');
  await next(page).click();
  await next(page).click();
  await page.getByLabel('Tamaño del equipo').selectOption('4');
  await close();
  await popup.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL(/\/chats\/true$/);
  await expect(card(page, 'Huerto Vertical')).toBeVisible();
  const [saved] = await businesses(page);
  expect(saved).toMatchObject({ name: 'Huerto Vertical', team_size: 4 });
  expect(saved?.logo_url).not.toBe(created?.logo_url);
  await expectLogoShown(page, 'Huerto Vertical');

  // Delete: asked first, and gone once the server confirms.
  await card(page, 'Huerto Vertical').getByRole('button', { name: 'Opciones de Huerto Vertical' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar Huerto Vertical?' });
  await expect(confirm).toBeVisible();
  await scanScreen(page, 'dashboard: delete confirmation');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(card(page, 'Huerto Vertical')).toBeVisible();
  await card(page, 'Huerto Vertical').getByRole('button', { name: 'Opciones de Huerto Vertical' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(card(page, 'Huerto Vertical')).toBeHidden();
  await expect(confirm).toBeHidden();
  expect(await businesses(page)).toEqual([]);
  await expect(page.getByText(/Todavía no tienes ningún chat/)).toBeVisible();
  await scanScreen(page, 'dashboard: no business');
  // With room again, the add card creates.
  await page.getByRole('link', { name: /Crear nuevo chat/ }).click();
  await expect(page).toHaveURL(/\/new-business$/);
  await expect(page.getByRole('dialog', { name: 'Crear nuevo chat' })).toBeVisible();
  await scanScreen(page, 'new business dialog');
  await page.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(page).toHaveURL(/\/chats$/);
});

test('Founder allows one business: the guard, the add card and the API refuse a second', async ({ page }) => {
  test.setTimeout(120_000);
  await onboardToBusinessStep(page, 'Fede Founder');
  await fillIdea(page, 'Primer Negocio');
  await page.getByRole('button', { name: 'Crear chat' }).click();
  await expect(page).toHaveURL(/\/plans$/);

  // Founder (plan 5) through the local test checkout.
  await planCard(page, 'Founder').getByRole('button', { name: 'Seleccionar plan' }).click();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByRole('heading', { name: 'Pago realizado con éxito' })).toBeVisible();
  const me = await (await page.request.get('/api/users/me')).json();
  expect(me.plan_id).toBe(5);

  // The guard.
  await page.goto('/new-business');
  await expect(page).toHaveURL(/\/chats\/true$/);
  await expect(card(page, 'Primer Negocio')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();

  // The add card.
  const add = page.getByRole('link', { name: /Has llegado al límite de tu plan/ });
  await expect(add).toHaveAttribute('href', '/profile/sub');
  await scanScreen(page, 'dashboard: plan limit reached');
  await add.click();
  await expect(page).toHaveURL(/\/profile\/sub$/);

  // The API.
  const refused = await page.request.post('/api/businesses/ideas', {
    data: {
      name: 'Segundo Negocio',
      location: 'España',
      description: DESCRIPTION,
      goal: 'Crecer',
      extra_info: '',
      team_description: 'Yo',
      team_size: 1,
      user_position: '',
      competitor_existence: false,
      competitor_differentiation: '',
      investment: 0,
      investment_currency: 'euro',
    },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'BUSINESS_LIMIT_REACHED' });
  expect(await businesses(page)).toHaveLength(1);
});
