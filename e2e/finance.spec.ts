import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { readPdfText } from '../apps/api/src/modules/files/extract/pdf-text.ts';
import { scanScreen } from './support/axe.ts';
import { fillIdea, onboardToBusinessStep, planCard, starterWithIdea } from './support/businesses.ts';
import { MAIL_INSPECTOR_URL } from './support/ports.ts';
import { expect, test } from './support/test.ts';

/**
 * The financial plan (ADR 0040): from the home, a founder writes a shop's assumptions group by group and
 * sees the break-even month and the cash chart follow each change; switches scenario with the mouse and
 * the keyboard; reloads and finds it all kept. At 1280 and 375 px, with axe on every state.
 */

const region = (page: Page, name: string) => page.getByRole('region', { name });
const cashCurve = (page: Page) =>
  page.getByTestId('cash-chart').locator('path.recharts-area-curve').getAttribute('d');

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a shop plan: live break-even and cash, scenarios, kept on reload', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await starterWithIdea(
    page,
    { name: 'Nora Números', emailPrefix: 'finanzas' },
    { name: 'Cestas Nora', goal: 'Abrir la tienda', team: 'Nora y su socia' },
  );
  await page.goto('/');
  await region(page, 'Tus negocios').getByRole('link', { name: 'Plan financiero de Cestas Nora' }).click();
  await expect(page).toHaveURL(/\/finanzas\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Plan financiero de Cestas Nora' })).toBeVisible();

  // A first plan from the profile: the idea's investment as own funds, Spain's employer contributions.
  const funding = region(page, 'Inversión inicial y financiación');
  await expect(funding.getByLabel('Fondos propios')).toHaveValue('5000');
  const team = region(page, 'Equipo y salarios');
  await expect(team.getByLabel('Cotizaciones de la empresa sobre el salario (%)')).toHaveValue('31.5');
  await expect(team.getByLabel('De dónde sale')).toHaveValue(/Cotización habitual de la empresa en España/);
  await scanScreen(page, 'finance: a first plan');

  // What I sell and at what price.
  const sell = region(page, 'Qué vendo y a qué precio');
  await sell.getByLabel('Primer mes del plan').fill('2027-01');
  await sell.getByRole('button', { name: 'Añadir producto o servicio' }).click();
  const product = sell.getByRole('group', { name: 'Nuevo producto' });
  await product.getByLabel('Nombre').fill('Cestas');
  await sell.getByRole('group', { name: 'Cestas' }).getByLabel('Precio').fill('20');
  const volume = region(page, 'Cuántos clientes o unidades al mes y cómo crece');
  await volume.getByLabel('Unidades el primer mes').fill('200');
  await volume.getByLabel('Crecimiento mensual (%)').fill('5');
  const cost = region(page, 'Coste de lo que vendo');
  await cost.getByLabel('Coste por unidad').fill('8');
  await cost.getByLabel('Meses de ventas en stock').fill('1');
  const fixed = region(page, 'Costes fijos');
  await fixed.getByRole('button', { name: 'Añadir coste fijo' }).click();
  await fixed.getByLabel('Concepto').fill('Alquiler y suministros');
  await fixed.getByLabel('Al mes', { exact: true }).fill('1800');
  await fixed.getByLabel('Marketing al mes').fill('200');
  await team.getByRole('button', { name: 'Añadir puesto' }).click();
  await team.getByLabel('Puesto', { exact: true }).fill('Dependienta');
  await team.getByLabel('Salario bruto mensual por persona').fill('1400');
  await funding.getByRole('button', { name: 'Añadir inversión' }).click();
  await funding.getByLabel('Concepto').fill('Reforma del local');
  await funding.getByLabel('Importe').fill('12000');
  await funding.getByLabel('Fondos propios').fill('25000');

  // The figures follow: the shop of the engine's tests breaks even in its 11th month.
  const breakEven = page.getByTestId('cifra-equilibrio');
  await expect(breakEven).toContainText('Mes 11 (nov 2027)');
  await expect(page.getByTestId('cifra-caja')).toContainText('No se agota en 36 meses');
  await expect(page.getByTestId('anual-revenue-1')).toHaveText(/63\.660\s€/);
  const before = await cashCurve(page);
  await expect(page.getByTestId('estado-guardado')).toHaveText('Cambios guardados');
  await scanScreen(page, 'finance: a plan with its figures');
  await noSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('finanzas-1280.png'), fullPage: true });

  // A higher price: break-even moves to month 8, and the cash chart is drawn again.
  await sell.getByRole('group', { name: 'Cestas' }).getByLabel('Precio').fill('22');
  await expect(breakEven).toContainText('Mes 8 (ago 2027)');
  await expect.poll(() => cashCurve(page)).not.toBe(before);
  // The value is now the founder's own, adjusted: its origin says so.
  await expect(page.getByTestId('estado-guardado')).toHaveText('Cambios guardados');

  // Scenarios: side by side, and the pessimistic one shown by a click.
  await expect(page.getByTestId('escenario-base-equilibrio')).toHaveText('Mes 8 (ago 2027)');
  const pessimisticBreakEven =
    (await page.getByTestId('escenario-pessimistic-equilibrio').textContent()) ?? '';
  expect(pessimisticBreakEven).not.toBe('Mes 8 (ago 2027)');
  await page.getByText('Pesimista', { exact: true }).first().click();
  await expect(page).toHaveURL(/escenario=pesimista/);
  await expect(breakEven).toHaveText(new RegExp(pessimisticBreakEven.replace(/[()]/g, '\\$&')));
  await scanScreen(page, 'finance: the pessimistic scenario');

  // By keyboard: from the pessimistic radio, the arrow keys reach the optimistic one.
  await page.getByRole('radio', { name: 'Pesimista' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Optimista' })).toBeChecked();
  await expect(page).toHaveURL(/escenario=optimista/);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/escenario=pesimista/);

  // Reload: the assumptions and the scenario are kept.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Pesimista' })).toBeChecked();
  await expect(
    region(page, 'Qué vendo y a qué precio').getByRole('group', { name: 'Cestas' }).getByLabel('Precio'),
  ).toHaveValue('22');
  await expect(page.getByTestId('cifra-equilibrio')).toHaveText(
    new RegExp(pessimisticBreakEven.replace(/[()]/g, '\\$&')),
  );
  await expect(page.getByTestId('escenario-base-equilibrio')).toHaveText('Mes 8 (ago 2027)');

  // 'Descargar plan de empresa': the PDF of the saved plan, read back, has its break-even month.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Descargar plan de empresa (PDF)' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('plan-de-empresa-cestas-nora.pdf');
  const text = (await readPdfText(new Uint8Array(readFileSync((await file.path()) as string)))).replace(
    /\s+/g,
    ' ',
  );
  for (const heading of ['Resumen ejecutivo', 'El mercado', 'Plan financiero', 'Hoja de ruta']) {
    expect(text).toContain(heading);
  }
  expect(text).toContain('Cestas Nora');
  expect(text).toContain('Punto de equilibrio: mes 8 (agosto de 2027)');

  // At 375 px: the figures come first, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 740 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('finanzas-375.png'), fullPage: true });
  await scanScreen(page, 'finance: kept after a reload', { widths: [375, 1280] });
});

test("'Proponer supuestos': the mentor's labelled estimates accepted one by one, a shared link, and the advisor answers from the plan", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await onboardToBusinessStep(page, 'Fede Finanzas');
  await fillIdea(page, 'Cestas Fede');
  await page.getByRole('button', { name: 'Crear chat' }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await planCard(page, 'Founder').getByRole('button', { name: 'Seleccionar plan' }).click();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByRole('heading', { name: 'Pago realizado con éxito' })).toBeVisible();
  const [business] = (await (await page.request.get('/api/businesses')).json()) as Array<{ id: number }>;
  await page.goto(`/finanzas/${business?.id}`);

  const panel = region(page, 'Supuestos del mentor');
  await panel.getByRole('button', { name: 'Proponer supuestos' }).click();
  await expect(panel).toContainText('5 propuestas pendientes');
  const proposals = panel.getByRole('listitem');
  await expect(proposals).toHaveCount(5);
  for (const item of await proposals.all()) await expect(item).toContainText('Estimación del mentor');
  await expect(proposals.first()).toContainText('Producto: Cesta mensual');
  await expect(proposals.first()).toContainText(
    'Las cestas de productos locales se venden entre 30 y 40 € al mes',
  );
  await scanScreen(page, 'finance: the mentor’s proposals');
  await page.screenshot({ path: testInfo.outputPath('propuestas-1280.png') });

  // One by one: accept the product, reject the warehouse.
  await panel.getByRole('button', { name: 'Aceptar Producto: Cesta mensual' }).click();
  await expect(panel).toContainText('4 propuestas pendientes');
  const sell = region(page, 'Qué vendo y a qué precio');
  const product = sell.getByRole('group', { name: 'Cesta mensual' });
  await expect(product.getByLabel('Cuota mensual')).toHaveValue('35');
  await expect(product).toContainText('Estimación del mentor');
  await expect(product.getByLabel('De dónde sale')).toHaveValue(/entre 30 y 40 €/);
  await panel.getByRole('button', { name: 'Rechazar Coste fijo: Almacén' }).click();
  await expect(panel).toContainText('3 propuestas pendientes');
  await expect(region(page, 'Costes fijos').getByRole('group')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Aceptar Marketing al mes' }).click();
  await expect(region(page, 'Costes fijos').getByLabel('Marketing al mes')).toHaveValue('400');
  await expect(page.getByTestId('estado-guardado')).toHaveText('Cambios guardados');
  const breakEven = (
    (await page.getByTestId('cifra-equilibrio').locator('dd').first().textContent()) ?? ''
  ).match(/^Mes (\d+)/)?.[1];
  expect(breakEven).toBeDefined();
  await scanScreen(page, 'finance: proposals answered one by one');

  // Kept: the accepted ones in the plan, the others still pending.
  await page.reload();
  await expect(region(page, 'Supuestos del mentor')).toContainText('2 propuestas pendientes');
  await expect(
    region(page, 'Qué vendo y a qué precio').getByRole('group', { name: 'Cesta mensual' }),
  ).toBeVisible();

  // A read-only link: opens signed out, counts its view, and answers 'gone' once revoked.
  const sharing = region(page, 'Compartir el plan');
  await sharing.getByRole('button', { name: 'Crear enlace de 7 días' }).click();
  const link = sharing.getByTestId('enlace');
  await expect(link).toHaveCount(1);
  const url = await link.getByLabel('Enlace', { exact: true }).inputValue();
  expect(url).toMatch(/\/compartido\/[\w-]+\.\d+\.[\w-]+$/);
  await scanScreen(page, 'finance: a shared link');
  const stranger = await browser.newContext();
  const reader = await stranger.newPage();
  await reader.goto(url);
  await expect(
    reader.getByRole('heading', { level: 1, name: 'Plan financiero de Cestas Fede' }),
  ).toBeVisible();
  await expect(reader.getByText(/Enlace de solo lectura\. Caduca el/)).toBeVisible();
  await expect(reader.getByTestId('cifra-equilibrio')).toContainText(`Mes ${breakEven}`);
  await expect(reader.getByRole('region', { name: 'Supuestos', exact: true }).first()).toContainText(
    'Cesta mensual',
  );
  await expect(reader.getByRole('button', { name: 'Proponer supuestos' })).toHaveCount(0);
  await scanScreen(reader, 'shared plan: signed out');
  await reader.screenshot({ path: testInfo.outputPath('compartido-1280.png'), fullPage: true });
  await reader.setViewportSize({ width: 375, height: 740 });
  await reader.screenshot({ path: testInfo.outputPath('compartido-375.png'), fullPage: true });
  await page.reload();
  await expect(region(page, 'Compartir el plan').getByTestId('visitas')).toHaveText('1 visita');
  await region(page, 'Compartir el plan')
    .getByRole('button', { name: /^Revocar el enlace/ })
    .click();
  await expect(region(page, 'Compartir el plan')).toContainText('Revocado');
  await reader.reload();
  await expect(reader.getByRole('alert')).toContainText(
    'Este enlace no existe, ha caducado o se ha revocado.',
  );
  await scanScreen(reader, 'shared plan: revoked');
  await stranger.close();

  // The advisor is asked with the plan's break-even month.
  await page.goto(`/chat/idea/${business?.id}`);
  await page.getByLabel('Mensaje').fill('¿cuándo llego al punto de equilibrio?');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('article[data-sender="ai_model"]').last()).not.toBeEmpty();
  const askedSystem = async () => {
    const requests = (await (await fetch(`${MAIL_INSPECTOR_URL}/model/requests`)).json()) as Array<{
      body: { stream?: boolean; messages: Array<{ role: string; content: unknown }> };
    }>;
    return requests
      .filter((r) => r.body.stream)
      .map((r) => String(r.body.messages[0]?.content))
      .find((system) => system.includes('Cestas Fede') && system.includes('<plan_financiero>'));
  };
  await expect.poll(askedSystem).toBeDefined();
  const asked = await askedSystem();
  expect(asked).toContain(`- Punto de equilibrio: mes ${breakEven} del plan`);

  // An answer that proposes a change: shown before and after, applied with one click.
  await expect(page.getByLabel('Mensaje')).toBeEnabled();
  await page.getByLabel('Mensaje').fill('¿Debería gastar más en marketing?');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const change = page.getByTestId('cambio-plan');
  await expect(change).toContainText('Marketing al mes: 400 € → 600 €');
  await expect(page.locator('article[data-sender="ai_model"]').last()).not.toContainText('[[cambio-plan');
  await scanScreen(page, 'chat: an answer proposing a change to the plan');
  await change.getByRole('button', { name: 'Aplicar al plan' }).click();
  await expect(change.getByRole('status')).toHaveText('Aplicado al plan');
  await change.getByRole('link', { name: 'Ver plan financiero' }).click();
  await expect(page).toHaveURL(/\/finanzas\/\d+$/);
  const marketing = region(page, 'Costes fijos');
  await expect(marketing.getByLabel('Marketing al mes')).toHaveValue('600');
  await expect(marketing).toContainText('Estimación del mentor');
  await expect(marketing.getByLabel('De dónde sale')).toHaveValue(
    'Cambio propuesto por el mentor en el chat (antes: 400).',
  );
});
