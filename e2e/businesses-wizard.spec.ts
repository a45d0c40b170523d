import { scanScreen } from './support/axe.ts';
import { businesses, card, expectLogoShown, type LoadedImage, message } from './support/business-cards.ts';
import { chooseStarter, DESCRIPTION, next, onboardToBusinessStep } from './support/businesses.ts';
import { png } from './support/files.ts';
import { expect, test } from './support/test.ts';

/**
 * Onboarding and creation in the browser (ADR 0009): onboarding, the creation wizard for an idea and for an
 * established business with every rule of product.md §5, and the dashboard with the logos.
 */

test('onboarding, then an idea through every step and rule, then Starter, then the dashboard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await onboardToBusinessStep(page, 'Irene Idea');

  // Step 1: the type. The onboarding's counter is the only one (ADR 0018); the bar follows the wizard.
  await expect(page.getByText(/Paso \d de \d/)).toHaveText('Paso 3 de 3');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Paso 1 de 5');
  await expect(next(page)).toBeDisabled();
  await page.getByText('Idea de negocio', { exact: true }).click();
  await next(page).click();

  // Step 2: photo, name, country.
  await expect(page.getByRole('heading', { name: 'Foto de perfil y datos básicos' })).toBeVisible();
  await expect(page.getByLabel('País')).toHaveValue('España');
  await expect(next(page)).toBeDisabled();
  const name = page.getByLabel('Nombre', { exact: true });
  await name.focus();
  await name.blur();
  await expect(message(page, 'Obligatorio')).toBeVisible();
  await scanScreen(page, 'wizard 2: name required');
  await name.fill('Oliva Directa');
  await expect(message(page, 'Obligatorio')).toBeHidden();
  await expect(next(page)).toBeDisabled();
  await page.getByTestId('logo-file-input').setInputFiles({
    name: 'animado.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'),
  });
  await expect(page.getByRole('alert')).toHaveText('No se admiten GIF. Elige una imagen JPEG, PNG o WebP.');
  await scanScreen(page, 'wizard 2: logo refused');
  await expect(next(page)).toBeDisabled();
  await page.getByRole('radio', { name: 'Color 2' }).check({ force: true });
  await expect(page.getByRole('alert')).toBeHidden();
  await page.getByLabel('País').selectOption('México');
  await next(page).click();

  // Step 3: the description, its counter and its message.
  const description = page.getByLabel('Descripción', { exact: true });
  await expect(page.getByText('0/150')).toBeVisible();
  await expect(message(page, '*mínimo 150 caracteres')).toBeHidden();
  await description.fill('Aceite');
  await expect(page.getByText('6/150')).toBeVisible();
  await expect(message(page, '*mínimo 150 caracteres')).toBeVisible();
  await scanScreen(page, 'wizard 3: description too short');
  await expect(next(page)).toBeDisabled();
  await description.fill(DESCRIPTION.slice(0, 149));
  await expect(message(page, '*mínimo 150 caracteres')).toBeVisible();
  await description.fill(DESCRIPTION);
  await expect(page.getByText(`${DESCRIPTION.length}/150`)).toBeVisible();
  await expect(message(page, '*mínimo 150 caracteres')).toBeHidden();
  await next(page).click();

  // Step 4: team, size 1–10, competitors, investment.
  const team = page.getByLabel('Descripción del equipo');
  await team.focus();
  await team.blur();
  await expect(message(page, 'Obligatorio')).toBeVisible();
  await team.fill('Dos fundadores con experiencia en logística');
  await expect(message(page, 'Obligatorio')).toBeHidden();
  await expect(page.getByLabel('Tamaño del equipo').locator('option')).toHaveText(
    Array.from({ length: 10 }, (_, i) => (i === 0 ? '1 persona' : `${i + 1} personas`)),
  );
  await page.getByLabel('Tamaño del equipo').selectOption('3');
  await page.getByText('Sí', { exact: true }).click();
  await expect(next(page)).toBeDisabled();
  const differentiation = page.getByLabel('¿En qué te diferencias de ellos?');
  await differentiation.focus();
  await differentiation.blur();
  await expect(message(page, 'Obligatorio')).toBeVisible();
  await differentiation.fill('Sin intermediarios');
  await expect(next(page)).toBeEnabled();
  await scanScreen(page, 'wizard 4: with competitors (idea)');
  await page.getByText('No', { exact: true }).click();
  await expect(differentiation).toBeHidden();
  const investment = page.getByLabel('Inversión disponible');
  await expect(investment).toHaveValue('0');
  await investment.fill('');
  await investment.blur();
  await expect(message(page, 'Obligatorio')).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await investment.fill('-1');
  await expect(message(page, 'Debe ser 0 o más')).toBeVisible();
  await scanScreen(page, 'wizard 4: negative investment');
  await investment.fill('15000');
  await expect(message(page, 'Debe ser 0 o más')).toBeHidden();
  await page.getByLabel('Moneda de la inversión').selectOption('$');
  await next(page).click();
  // Without competitors the differentiation was cleared on Continue.
  await page.getByRole('button', { name: 'Atrás' }).click();
  await page.getByText('Sí', { exact: true }).click();
  await expect(differentiation).toHaveValue('');
  await page.getByText('No', { exact: true }).click();
  await next(page).click();

  // Step 5: goals.
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Paso 5 de 5');
  const goal = page.getByLabel('Objetivo principal');
  await goal.focus();
  await goal.blur();
  await expect(message(page, 'Obligatorio')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear chat' })).toBeDisabled();
  await scanScreen(page, 'wizard 5: goal required');
  await goal.fill('Cerrar 20 restaurantes en Madrid');
  const research = page.waitForRequest(
    (req) => req.url().endsWith('/api/researches') && req.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Crear chat' }).click();

  // Then the plans; the research was asked for 1 s after the creation.
  await expect(page).toHaveURL(/\/plans$/);
  const [created] = await businesses(page);
  expect(created).toMatchObject({
    stage: 'idea',
    name: 'Oliva Directa',
    location: 'México',
    description: DESCRIPTION,
    team_size: 3,
    competitor_existence: false,
    competitor_differentiation: '',
    investment: 15000,
    investment_currency: 'dollar',
    logo_url: expect.stringMatching(/\/logo\?v=/),
  });
  expect((await research).postDataJSON()).toEqual({
    max_tokens: 50000,
    business_id: created?.id,
    sync_generation: false,
  });

  await chooseStarter(page);
  await page.getByRole('link', { name: 'Chats' }).click();
  await expect(page.getByRole('heading', { name: 'Aquí empieza algo grande...' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chats', exact: true })).toBeVisible();
  await expectLogoShown(page, 'Oliva Directa');
  await scanScreen(page, 'dashboard: a business');
  await expect(card(page, 'Oliva Directa').getByRole('link', { name: /Entrar/ })).toHaveAttribute(
    'href',
    `/chat/idea/${created?.id}`,
  );
});

test('an established business with an uploaded PNG logo, every finance rule', async ({ page }) => {
  test.setTimeout(120_000);
  await onboardToBusinessStep(page, 'Elena Empresa');
  await page.getByText('Empresa consolidada', { exact: true }).click();
  await next(page).click();

  await page.getByTestId('logo-file-input').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: png(800, 600),
  });
  await expect(page.getByRole('img', { name: 'Vista previa del logo' })).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill('Panadería Sol');
  // The position is required for an established business.
  await expect(next(page)).toBeDisabled();
  const position = page.getByLabel('Tu cargo', { exact: true });
  await position.fill('   ');
  await position.blur();
  await expect(message(page, 'Obligatorio')).toBeVisible();
  await scanScreen(page, 'wizard 2: uploaded logo, position required (established)');
  await position.fill('Fundadora');
  await next(page).click();

  await page.getByLabel('Descripción', { exact: true }).fill('Pan');
  await expect(message(page, '*mínimo 150 caracteres')).toBeVisible();
  await page.getByLabel('Descripción', { exact: true }).fill(DESCRIPTION);
  await expect(message(page, '*mínimo 150 caracteres')).toBeHidden();
  await expect(next(page)).toBeDisabled();
  const mission = page.getByLabel('Misión y visión');
  await mission.focus();
  await mission.blur();
  await expect(message(page, 'Obligatorio')).toBeVisible();
  await scanScreen(page, 'wizard 3: mission required (established)');
  await mission.fill('Pan de verdad para cada barrio');
  await expect(message(page, 'Obligatorio')).toBeHidden();
  await expect(next(page)).toBeDisabled();
  const teamDescription = page.getByLabel('Descripción del equipo');
  await teamDescription.fill(' ');
  await teamDescription.blur();
  await expect(message(page, 'Obligatorio')).toBeVisible();
  await teamDescription.fill('Ocho personas entre obrador y tienda');
  await expect(message(page, 'Obligatorio')).toBeHidden();
  await next(page).click();

  // Finance: billing above 0; a business with losses (negative EBITDA, margin 0) registers (ADR 0018);
  // the margin clamped to 0–100 as typed, EBITDA in the billing currency. One step counter only.
  await expect(next(page)).toBeDisabled();
  await expect(page.getByLabel('Tamaño del equipo')).toHaveValue('1');
  const billing = page.getByLabel('Facturación anual');
  await billing.focus();
  await billing.blur();
  await expect(message(page, 'Debe ser mayor que 0')).toBeVisible();
  await scanScreen(page, 'wizard 4: finance, billing required (established)');
  await billing.fill('250000');
  await expect(message(page, 'Debe ser mayor que 0')).toBeHidden();
  await page.getByLabel('Moneda de la facturación').selectOption('$');
  await expect(page.getByRole('status', { name: 'Moneda del EBITDA' })).toHaveText('$');
  await expect(page.getByText(/Paso \d de \d/)).toHaveCount(1);
  await page.getByLabel('EBITDA', { exact: true }).fill('-40000');
  const margin = page.getByLabel('Margen de beneficio (%)');
  await margin.fill('150');
  await expect(margin).toHaveValue('100');
  await margin.fill('0');
  await expect(margin).toHaveValue('0');
  await expect(next(page)).toBeEnabled();
  await scanScreen(page, 'wizard 4: finance with losses (established)');
  const size = page.getByLabel('Tamaño del equipo');
  await size.fill('');
  await size.blur();
  await expect(message(page, 'Obligatorio')).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await size.fill('25');
  await next(page).click();

  await page.getByLabel('Objetivo principal').fill('Abrir una segunda tienda');
  await page.getByRole('button', { name: 'Crear chat' }).click();
  await expect(page).toHaveURL(/\/plans$/);
  const [created] = await businesses(page);
  expect(created).toMatchObject({
    stage: 'established',
    name: 'Panadería Sol',
    user_position: 'Fundadora',
    billing: 250000,
    billing_currency: 'dollar',
    ebitda: -40000,
    ebitda_currency: 'dollar',
    profit_margin: 0,
    team_size: 25,
  });

  await chooseStarter(page);
  await page.goto('/chats');
  const logo = await expectLogoShown(page, 'Panadería Sol');
  // The 800 × 600 upload comes back re-encoded at most 512 px wide.
  expect(await logo.evaluate((img) => (img as unknown as LoadedImage).naturalWidth)).toBe(512);
});
