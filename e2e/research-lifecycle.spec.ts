import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { scanScreen } from './support/axe.ts';
import { businesses } from './support/business-cards.ts';
import { fillIdea, onboardToBusinessStep, planCard, starterWithIdea } from './support/businesses.ts';
import { startDemoServer } from './support/demo-server.ts';
import { mailsTo } from './support/mail.ts';
import { APP_PORT, MAIL_INSPECTOR_URL } from './support/ports.ts';
import { SHOTS_DIR } from './support/shots.ts';
import { expect, test } from './support/test.ts';

/**
 * The research around the founder (ADR 0049, 0050): a Starter user pays for a plan with research and it
 * starts by itself; every screen (chat notice, status line, home card, report) tells the truth at each step;
 * the mail that says it is ready unsubscribes without a session. In demo mode the study is a template, and
 * no screen calls it research.
 */

/**
 * Screenshots of the states a person looks at, when E2E_SCREENSHOTS names a folder: the window at 1280 and
 * at 375 px (`reload`: the 375 one as a phone opens the page, not a desktop window narrowed), and
 * `part` brought into view when it is further down. Only the chat is reloaded (it waits for its status line).
 */
async function shoot(page: Page, name: string, options: { reload?: boolean; part?: Locator } = {}) {
  const dir = SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const [width, height] of [
    [1280, 800],
    [375, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    if (options.reload && width === 375) {
      await page.reload();
      await expect(page.getByTestId('chat-status')).toBeVisible();
    }
    await page.waitForTimeout(400);
    if (options.part) await options.part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  if (original) await page.setViewportSize(original);
  if (options.reload) await page.reload();
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Each market-research step of the loopback model takes `ms` (empty: back to the suite's pace). */
async function researchStepMs(ms: number | '') {
  const res = await fetch(`${MAIL_INSPECTOR_URL}/?research-step-ms=${ms}`, { method: 'POST' });
  expect(res.status).toBe(204);
}

test.describe('a Starter user pays for research', () => {
  test.afterEach(async () => {
    await researchStepMs('');
  });

  test('Mejorar plan to Founder starts the study by itself; every screen tells its state; the mail unsubscribes without a session', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const { email, businessId } = await starterWithIdea(
      page,
      { name: 'Berta Panadera', emailPrefix: 'estudio' },
      { name: 'Pan de Barrio', goal: 'Validar la demanda', team: 'Dos socias' },
    );
    const chatUrl = `/chat/idea/${businessId}`;
    const status = page.getByTestId('chat-status');
    const businessCard = page
      .getByRole('region', { name: 'Tus negocios' })
      .getByRole('link', { name: 'Abrir el chat de Pan de Barrio' });

    // Starter: no research, and every screen says so.
    await page.goto('/');
    await expect(businessCard).toContainText('Desactivada en tu plan');
    await scanScreen(page, 'home: Starter, research off');
    await shoot(page, '01-home-starter');
    await page.goto(chatUrl);
    await expect(status).toContainText('Última investigación de mercado: Desactivado');
    await expect(status).toContainText('Acceso a fuentes avanzadas: Desactivado');
    await expect(page.getByRole('complementary').filter({ hasText: /Tu mentor/ })).toHaveCount(0);
    await scanScreen(page, 'chat: Starter, research off');
    await shoot(page, '02-chat-starter', { reload: true });
    await page.goto(`/report/${businessId}`);
    await expect(
      page.getByText('Tu plan no incluye investigaciones de mercado. Mejora tu plan para activarlas.'),
    ).toBeVisible();
    await scanScreen(page, 'report: Starter, Mejorar plan');
    await shoot(page, '03-report-starter');

    // 'Mejorar plan' → Founder through the local checkout; each research step slowed so that the run can be
    // watched working.
    await researchStepMs(1500);
    await page.getByRole('link', { name: 'Mejorar plan' }).click();
    await expect(page).toHaveURL(/\/profile\/sub$/);
    await planCard(page, 'Founder').getByRole('button', { name: 'Mejorar plan' }).click();
    await expect(
      page.getByRole('heading', { name: 'Pago de prueba — no se realizará ningún cargo' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page.getByRole('heading', { name: 'Pago realizado con éxito' })).toBeVisible();

    // Nothing else to do: the run is under way, and the chat's notice shows its real stage within 5 s.
    await page.goto(chatUrl);
    const notice = page.getByRole('complementary').filter({ hasText: /Tu mentor/ });
    await expect(notice).toContainText('Tu mentor está estudiando Pan de Barrio', { timeout: 5_000 });
    await expect(page.getByTestId('research-stage')).toContainText(/ · \d+ %$/, { timeout: 5_000 });
    await expect(status).toContainText('Última investigación de mercado: En curso');
    // Founder researches with the model's knowledge: no advanced sources, and the line says so.
    await expect(status).toContainText('Acceso a fuentes avanzadas: Desactivado');
    await scanScreen(page, 'chat: the paid research under way');
    await shoot(page, '04-chat-under-way', { reload: true });
    await page.goto('/');
    await expect(businessCard).toContainText(/Investigando… \d+ %/);
    await scanScreen(page, 'home: research under way');
    await shoot(page, '05-home-under-way');
    await page.goto(`/report/${businessId}`);
    await expect(
      page.getByText('Tu mentor está preparando el estudio de mercado. Esta página se actualiza sola.'),
    ).toBeVisible();
    await scanScreen(page, 'report: the first study under way');
    await shoot(page, '06-report-under-way');

    // It completes against the fake model: the notice, the status line and the home card follow.
    await researchStepMs('');
    await page.goto(chatUrl);
    await expect(notice).toContainText('Tu mentor ya está preparado', { timeout: 90_000 });
    await expect(notice).toContainText(
      'Preparado con el conocimiento del modelo, sin buscar en internet: verifica las cifras.',
    );
    await expect(status).toContainText('Hace menos de 1 minuto');
    await scanScreen(page, 'chat: the paid research done (model)');
    await shoot(page, '07-chat-done', { reload: true });

    // The report says how it was made, and the viability score is the model's estimate.
    await notice.getByRole('link', { name: 'Ver estudio de mercado' }).click();
    await expect(page).toHaveURL(new RegExp(`/report/${businessId}$`));
    await expect(
      page.getByText('Conocimiento del modelo, sin fuentes: las cifras son estimaciones que debes verificar'),
    ).toBeVisible();
    await expect(
      page.getByText(/^Puntuación de viabilidad \(estimación del modelo, sin fuentes\): \d+\/10$/),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Contenido' }).getByRole('link')).toHaveCount(13);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Ayudas públicas y financiación' }),
    ).toBeVisible();
    await scanScreen(page, 'report: a model-only study');
    await shoot(page, '08-report-model');
    await shoot(page, '08b-report-model-viability', {
      part: page.getByRole('heading', { level: 2, name: 'Viabilidad' }),
    });
    await page.setViewportSize({ width: 375, height: 740 });
    await noSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(businessCard).toContainText('Investigación lista');
    await scanScreen(page, 'home: research ready');

    // The mail: ready, with the report's link; its footer link works without a session.
    const [mail] = await mailsTo(email, 1);
    expect(mail?.subject).toBe('Tu estudio de mercado está listo: Pan de Barrio');
    expect(mail?.text).toContain(`/report/${businessId}`);
    const footer = mail?.text.match(/https?:\/\/\S+\/baja\?token=[^\s\])]+/)?.[0];
    expect(footer).toBeDefined();
    const signedOut = await browser.newContext({ locale: 'es-ES' });
    const stranger = await signedOut.newPage();
    await stranger.goto(footer ?? '');
    await expect(
      stranger.getByRole('heading', { name: 'Dejar de recibir los correos de Rumbo' }),
    ).toBeVisible();
    await scanScreen(stranger, 'unsubscribe: confirm');
    await shoot(stranger, '09-unsubscribe-confirm');
    await stranger.getByRole('button', { name: 'Darme de baja' }).click();
    await expect(stranger.getByRole('status')).toContainText('Listo: ya no te enviaremos estos correos.');
    await scanScreen(stranger, 'unsubscribe: done');
    await shoot(stranger, '10-unsubscribe-done');
    // A link that is not ours says so, and offers nothing to press.
    await stranger.goto('/baja?token=1.abc');
    await expect(stranger.getByRole('alert')).toContainText('Este enlace para darte de baja no es válido.');
    await expect(stranger.getByRole('button', { name: 'Darme de baja' })).toHaveCount(0);
    await scanScreen(stranger, 'unsubscribe: invalid link');
    await signedOut.close();

    // The profile shows it off.
    await page.goto('/profile');
    await expect(
      page.getByRole('checkbox', {
        name: 'Avisarme por correo cuando mi estudio de mercado esté listo o no pueda terminar',
      }),
    ).not.toBeChecked();
    await scanScreen(page, 'profile: study mails off');
  });
});

/** A second server in demo mode: the demo model writes an example study (ADR 0044). */
const DEMO_PORT = APP_PORT + 6;

test.describe('demo mode', () => {
  let demo: Awaited<ReturnType<typeof startDemoServer>> | undefined;
  test.use({ baseURL: `http://127.0.0.1:${DEMO_PORT}` });

  test.beforeAll(async () => {
    demo = await startDemoServer(DEMO_PORT);
  });

  test.afterAll(async () => {
    await demo?.stop();
  });

  test('a CEO user in demo mode: an example study of the business, labelled, and no advanced sources', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // Through the form, as a visitor would: onboarding, a business in Mexico, then the plan; paying
    // starts the study (the plan includes research).
    await onboardToBusinessStep(page, 'Diego Demo');
    await fillIdea(page, 'Taller Demo', 'México');
    await page.getByRole('button', { name: 'Crear chat' }).click();
    await expect(page).toHaveURL(/\/plans$/);
    await planCard(page, 'CEO').getByRole('button', { name: 'Seleccionar plan' }).click();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page.getByRole('heading', { name: 'Pago realizado con éxito' })).toBeVisible();
    const [business] = await businesses(page);
    expect(business).toMatchObject({ name: 'Taller Demo', location: 'México' });
    const businessId = business?.id as number;

    await page.goto(`/chat/idea/${businessId}`);
    const notice = page.getByRole('complementary', { name: 'Tu estudio de ejemplo está listo' });
    await expect(notice).toContainText('Ejemplo de demostración: no es una investigación real', {
      timeout: 30_000,
    });
    const status = page.getByTestId('chat-status');
    await expect(status).toContainText(
      'Última investigación de mercado: Ejemplo de demostración (no es una investigación real)',
    );
    await expect(status).toContainText('Acceso a fuentes avanzadas: No disponible en modo demostración');
    await expect(status).not.toContainText('Activado');
    await expect(page.getByText('Modo demostración: las respuestas son de ejemplo')).toBeVisible();
    await scanScreen(page, 'chat: demo, an example study');
    await shoot(page, '11-chat-demo-example', { reload: true });

    await notice.getByRole('link', { name: 'Ver estudio de ejemplo' }).click();
    await expect(page).toHaveURL(new RegExp(`/report/${businessId}$`));
    await expect(
      page.getByText('Ejemplo de demostración: no es una investigación real').first(),
    ).toBeVisible();
    // An example of this business's study (ADR 0044): it names the business and Mexico in every section,
    // and cites nothing as a source.
    const main = page.getByRole('main');
    for (const section of await main.locator('section[id]').all()) {
      await expect(section).toContainText('Taller Demo');
      await expect(section).toContainText('México');
    }
    await expect(main.getByText('Fuente', { exact: true })).toHaveCount(0);
    await expect(main.getByText('Conocimiento del modelo', { exact: true })).toHaveCount(0);
    expect(await main.getByText('Ejemplo', { exact: true }).count()).toBeGreaterThan(12);
    await scanScreen(page, 'report: demo example');
    await shoot(page, '12-report-demo-example');

    await page.goto('/');
    await expect(
      page
        .getByRole('region', { name: 'Tus negocios' })
        .getByRole('link', { name: 'Abrir el chat de Taller Demo' }),
    ).toContainText('Ejemplo de demostración: no es una investigación real');
    await scanScreen(page, 'home: demo, an example study');
    await shoot(page, '13-home-demo-example');

    // The demo mentor answers from the profile: 'subvenciones' and 'precio' get two different answers that
    // name the business; an attached text file is named and quoted; 'Regenerar' words it differently.
    await page.goto(`/chat/idea/${businessId}`);
    const input = page.getByLabel('Mensaje', { exact: true });
    const answers = page.locator('article[data-sender="ai_model"]');
    const ask = async (text: string, count: number) => {
      await input.fill(text);
      await input.press('Enter');
      await expect(answers).toHaveCount(count);
      await expect(answers.last()).toHaveAttribute('data-finished', 'true', { timeout: 30_000 });
      return (await answers.last().textContent()) ?? '';
    };
    const grants = await ask('¿Hay subvenciones para mi negocio?', 1);
    const price = await ask('¿Qué precio pongo?', 2);
    expect(grants).toContain('Subvenciones y ayudas para Taller Demo');
    expect(price).toContain('Cómo poner precio a Taller Demo');
    expect(grants).not.toBe(price);
    await page.getByTestId('chat-file-input').setInputFiles({
      name: 'costes-taller.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Alquiler del taller: 900 al mes. Materiales: 300 al mes.'),
    });
    const read = await ask('Revisa mis costes', 3);
    expect(read).toContain('costes-taller.txt');
    expect(read).toContain('Alquiler del taller: 900 al mes.');
    await answers.last().getByRole('button', { name: 'Regenerar la respuesta' }).click();
    // The versions show once the new one is stored and the thread read again.
    await expect(answers.last()).toHaveAttribute('data-finished', 'true', { timeout: 30_000 });
    await expect(answers.last().getByRole('group', { name: 'Versiones de la respuesta' })).toContainText(
      '2/2',
      { timeout: 15_000 },
    );
    const again = (await answers.last().textContent()) ?? '';
    expect(again).toContain('costes-taller.txt');
    expect(again).not.toBe(read);
    await scanScreen(page, 'chat: demo answers, one regenerated');
    await shoot(page, '14-chat-demo-answers');
    // Going back shows the first version again: a sentence only it has.
    const onlyFirst = read.split(/(?<=[.!?:])\s*/).find((s) => s.length > 20 && !again.includes(s));
    expect(onlyFirst, 'the regenerated answer is worded differently').toBeDefined();
    const versions = answers.last().getByRole('group', { name: 'Versiones de la respuesta' });
    await versions.getByRole('button', { name: 'Versión anterior' }).click();
    await expect(versions).toContainText('1/2');
    await expect(answers.last()).toContainText(onlyFirst ?? '');
  });
});
