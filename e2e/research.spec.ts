import type { Page } from '@playwright/test';
import { scanScreen } from './support/axe.ts';
import { fillIdea, onboardToBusinessStep, planCard } from './support/businesses.ts';
import { MAIL_INSPECTOR_URL } from './support/ports.ts';
import { expect, test } from './support/test.ts';

/**
 * Research (ADR 0016, 0048): a business created on the way to a CEO plan gets its market research
 * (loopback model, search engine and pages); the capacity notification follows the real run and
 * completes; the report shows its sections, the kind of each claim and numbered sources, the quote of a
 * sourced claim, the claims downgraded by the check and how each question was researched; the advisor's
 * request to the model carries the report, and its answer's [1] opens the report's source 1; the status
 * line counts from the finished study.
 */

interface ModelRequest {
  body: { stream?: boolean; messages: Array<{ role: string; content: unknown }> };
}

async function modelRequests(): Promise<ModelRequest[]> {
  return (await (await fetch(`${MAIL_INSPECTOR_URL}/model/requests`)).json()) as ModelRequest[];
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a CEO business: the research runs, the notice follows it, the report reads well, the advisor uses it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await onboardToBusinessStep(page, 'Rita Research');
  await fillIdea(page, 'Aceite Directo');
  await page.getByRole('button', { name: 'Crear chat' }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await planCard(page, 'CEO').getByRole('button', { name: 'Seleccionar plan' }).click();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByRole('heading', { name: 'Pago realizado con éxito' })).toBeVisible();

  // The chat screen: the notice shows the run's real stages, then completes when the report is stored.
  await page.goto('/chats');
  await page.getByRole('link', { name: 'Entrar en Aceite Directo' }).click();
  await expect(page).toHaveURL(/\/chat\/idea\/\d+$/);
  const notice = page.getByRole('complementary').filter({ hasText: /Tu mentor/ });
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('research-stage')).toContainText(/%/, { timeout: 60_000 });
  await scanScreen(page, 'chat: research under way');
  await expect(notice).toContainText('Tu mentor ya está preparado', { timeout: 60_000 });
  await expect(page.getByTestId('chat-status')).toContainText('Hace menos de 1 minuto');
  // A CEO plan on an installation with a search provider: advanced sources are really on (ADR 0049).
  await expect(page.getByTestId('chat-status')).toContainText('Acceso a fuentes avanzadas: Activado');

  // The report: sections with a table of contents, the kind of each claim, numbered sources.
  await notice.getByRole('link', { name: 'Ver estudio de mercado' }).click();
  await expect(page).toHaveURL(/\/report\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Estudio de mercado de Aceite Directo' }),
  ).toBeVisible();
  await expect(page.getByText('Investigación con fuentes de internet')).toBeVisible();
  const toc = page.getByRole('navigation', { name: 'Contenido' });
  await expect(toc.getByRole('link')).toHaveCount(13);
  for (const title of ['Resumen', 'Mercado: TAM, SAM y SOM', 'Regulación y trámites', 'DAFO', 'Viabilidad']) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByText('Puntuación de viabilidad: 7/10')).toBeVisible();
  await expect(page.locator('[data-kind="fuente"]').first()).toBeVisible();
  await expect(page.locator('[data-kind="estimacion"]').first()).toBeVisible();
  const cite = page.getByRole('link', { name: /^Fuente 1: / }).first();
  await expect(cite).toHaveAttribute('target', '_blank');
  await expect(cite).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\//);
  await expect(page.getByRole('heading', { level: 2, name: 'Fuentes' })).toBeVisible();

  // What each claim rests on is true: a sourced claim shows its quote, a misquoted one is an estimate with
  // its reason, the header counts them, and nothing the model slipped in is a link or on the screen.
  const reviewCounts = page.getByTestId('review-counts');
  await expect(reviewCounts).toContainText(
    /afirmaciones con fuente revisadas: \d+ respaldadas? por su fuente, [1-9]\d* pasadas? a estimación/,
  );
  await expect(page.getByText(/^Pasada a estimación: la fuente no (dice|nombra a) /).first()).toBeVisible();
  const quote = page.locator('details', { hasText: 'Cita: «' }).first();
  await quote.locator('summary').click();
  await expect(quote.getByRole('link', { name: /^Fuente \[\d+\]: / })).toHaveAttribute(
    'href',
    /^http:\/\/127\.0\.0\.1:\d+\//,
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Cómo se investigó' })).toBeVisible();
  await expect(page.getByText(/^\d+ fuentes? leídas?: \[\d+\]/).first()).toBeVisible();
  for (const adversary of [
    'robo-datos',
    'ejemplo-malo',
    'enlace-raro',
    'IGNORA',
    'investigacion_de_mercado',
  ]) {
    await expect(page.getByText(adversary)).toHaveCount(0);
  }
  expect(await page.locator('main a[href*="robo-datos"], main a[href*="ejemplo-malo"]').count()).toBe(0);
  const sourceOne = await page
    .getByRole('link', { name: /^Fuente 1: / })
    .first()
    .getAttribute('href');
  await scanScreen(page, 'report');
  await page.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The advisor: its request to the model carries the report's summary and sources to cite.
  await page.getByRole('button', { name: 'Volver al chat' }).click();
  await expect(page).toHaveURL(/\/chat\/idea\/\d+$/);
  const before = (await modelRequests()).length;
  await page.getByLabel('Mensaje').fill('¿Qué precio debería cobrar a los restaurantes?');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('article[data-sender="ai_model"]').last()).toHaveAttribute(
    'data-finished',
    'true',
  );
  const asked = (await modelRequests()).slice(before).filter((r) => r.body.stream);
  const system = JSON.stringify(asked.at(-1)?.body.messages[0]?.content);
  expect(system).toContain('<investigacion_de_mercado>');
  expect(system).toContain('Estudio de mercado de este negocio');
  expect(system).toContain('cita sus fuentes con su número');
  await expect(page.getByTestId('chat-status')).toContainText(/Hace (menos de 1 minuto|1 minuto)/);
  await scanScreen(page, 'chat: answered with the research');

  // An answer that cites the report: its [1] opens the report's source 1; a number the report does not have is not shown.
  await page.getByLabel('Mensaje').fill('¿De qué fuentes sale el crecimiento?');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const cited = page.locator('article[data-sender="ai_model"]').last();
  await expect(cited).toHaveAttribute('data-finished', 'true');
  const one = cited.getByRole('link', { name: '[1]' });
  await expect(one).toHaveAttribute('href', sourceOne ?? 'missing');
  await expect(one).toHaveAttribute('target', '_blank');
  await expect(cited).not.toContainText('[7]');
  await scanScreen(page, 'chat: an answer citing the report');
});
