import type { BrowserContext, Page } from '@playwright/test';
import { makeScriptedPdf } from '../apps/api/src/test/documents.ts';
import { openLogin } from './support/accounts.ts';
import { scanScreen } from './support/axe.ts';
import { starterWithIdea } from './support/businesses.ts';
import { MODEL_TITLE } from './support/model-script.ts';
import { expect, test } from './support/test.ts';

/**
 * What an uploaded file and the app's pages may do in the browser: a PDF whose JavaScript would run
 * on opening is shown by the app's own viewer and runs nothing (ADR 0032), and no page may use the
 * powerful features the Permissions-Policy header denies.
 */

const PDF_NAME = 'presupuesto-con-macro.pdf';
const PDF_TEXT = 'Presupuesto de marketing para la campaña de otoño';

/**
 * Every dialog any page of the context shows (popups included), and the first one as a promise, so
 * that a check can fail as soon as one appears rather than after it.
 */
function watchDialogs(context: BrowserContext) {
  const messages: string[] = [];
  let reportFirst: (message: string) => void = () => {};
  const first = new Promise<string>((resolve) => {
    reportFirst = resolve;
  });
  const watch = (page: Page) =>
    page.on('dialog', (dialog) => {
      messages.push(dialog.message());
      reportFirst(dialog.message());
      void dialog.dismiss();
    });
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
  return { messages, first };
}

/** Waits for `check`, failing at once if a dialog shows first (the PDF's script ran). */
async function withoutDialog(dialogs: ReturnType<typeof watchDialogs>, check: Promise<void>) {
  await Promise.race([
    dialogs.first.then((message) => {
      throw new Error(`The PDF's JavaScript ran: a dialog said «${message}»`);
    }),
    check,
  ]);
}

/** The app's viewer at `address`, its first page drawn with ink on it (the PDF's text, not a blank canvas). */
async function expectViewer(viewer: Page, address: RegExp) {
  await expect(viewer).toHaveURL(address);
  const canvas = viewer.getByRole('img', { name: 'Página 1 de 1' });
  await expect(canvas).toHaveAttribute('data-state', 'drawn');
  const inked = await canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const pixels = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
    let dark = 0;
    for (let i = 0; i < pixels.length; i += 4)
      if ((pixels[i] ?? 255) < 128 && (pixels[i + 3] ?? 0) > 0) dark++;
    return dark;
  });
  expect(inked).toBeGreaterThan(100);
}

test('a PDF with an /OpenAction script opens from the chat in the app’s viewer and runs nothing', async ({
  page,
  context,
}) => {
  const dialogs = watchDialogs(context);
  await page.setViewportSize({ width: 1280, height: 800 });
  await starterWithIdea(
    page,
    { name: 'Irene Campos', emailPrefix: 'pdf' },
    { name: 'conservas del norte', goal: 'Vender en tiendas gourmet', team: 'Una fundadora' },
  );
  await page.goto('/chats/true');
  await page
    .getByRole('article', { name: 'conservas del norte' })
    .getByRole('link', { name: /Entrar/ })
    .click();
  await expect(page.getByLabel('Mensaje')).toBeVisible();

  await page.getByTestId('chat-file-input').setInputFiles({
    name: PDF_NAME,
    mimeType: 'application/pdf',
    buffer: makeScriptedPdf([PDF_TEXT], "app.alert('x')"),
  });
  await page.getByLabel('Mensaje').fill('¿Qué te parece este presupuesto?');
  await page.getByRole('button', { name: 'Enviar' }).click();

  // Just sent: the file the user picked opens in the viewer, while the answer is being written.
  const link = () => page.getByRole('link', { name: `Abrir ${PDF_NAME} en una ventana nueva` });
  let popup = page.waitForEvent('popup');
  await link().click();
  let viewer = await popup;
  await withoutDialog(dialogs, expectViewer(viewer, /\/pdf\?src=blob%3A/));
  await viewer.close();
  await expect(page.locator('article[data-sender="ai_model"]').last()).toHaveAttribute(
    'data-finished',
    'true',
  );

  // Stored: reopened from the server, the chat's link opens the viewer on the owner-only address.
  const sidebar = page.getByRole('navigation', { name: 'Historial de chats' });
  await sidebar.getByRole('button', { name: 'Nuevo chat' }).click();
  await sidebar.getByRole('button', { name: MODEL_TITLE, exact: true }).click();
  popup = page.waitForEvent('popup');
  await link().click();
  viewer = await popup;
  await withoutDialog(
    dialogs,
    expectViewer(viewer, /\/pdf\?src=%2Fapi%2Fbusinesses%2F\d+%2Fchats%2F\d+%2Fattachments%2F/),
  );
  await expect(viewer).toHaveTitle(/^Documento PDF · /);
  await expect(viewer.getByRole('heading', { level: 1, name: PDF_NAME })).toBeVisible();
  await expect(viewer.getByText('1 página', { exact: true })).toBeVisible();
  await scanScreen(viewer, 'pdf viewer: a one-page PDF');

  // 'Descargar' saves the file as it was sent, under its name.
  const saved = viewer.waitForEvent('download');
  await viewer.getByRole('link', { name: 'Descargar' }).click();
  expect((await saved).suggestedFilename()).toBe(PDF_NAME);

  // The file's own address, typed in, is downloaded too: the browser's PDF viewer never shows it.
  const fileUrl = new URL(viewer.url()).searchParams.get('src') ?? '';
  const direct = await context.newPage();
  const downloaded = direct.waitForEvent('download');
  await direct.goto(fileUrl).catch(() => {}); // Playwright reports a navigation that became a download
  expect((await downloaded).suggestedFilename()).toBe(PDF_NAME);
  const response = await page.request.get(fileUrl);
  expect(response.headers()['content-disposition']).toMatch(/^attachment;/);

  // An address naming anything but an attachment of this app is refused.
  await viewer.goto(`/pdf?src=${encodeURIComponent('https://example.com/otro.pdf')}&name=otro.pdf`);
  await expect(viewer.getByRole('alert')).toHaveText(
    'Esta dirección no corresponde a ningún archivo que se pueda abrir.',
  );
  await scanScreen(viewer, 'pdf viewer: an address that is no attachment');

  expect(dialogs.messages).toEqual([]);
});

test('pages and API answers deny the browser features the app does not use', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Permissions-Policy')) warnings.push(message.text());
  });
  const response = await page.goto('/');
  await openLogin(page);
  const header = response?.headers()['permissions-policy'] ?? '';
  expect(header).toContain('camera=()');
  const api = await page.request.get('/api/config');
  expect(api.headers()['permissions-policy']).toBe(header);

  // Chromium applies the policy: nothing the app does not use, and the copy buttons' clipboard still.
  const allowed = await page.evaluate(() => {
    const policy = (document as unknown as { featurePolicy: { allowsFeature(f: string): boolean } })
      .featurePolicy;
    return Object.fromEntries(
      ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'fullscreen', 'clipboard-write'].map(
        (feature) => [feature, policy.allowsFeature(feature)],
      ),
    );
  });
  expect(allowed).toEqual({
    camera: false,
    microphone: false,
    geolocation: false,
    payment: false,
    usb: false,
    fullscreen: false,
    'clipboard-write': true,
  });
  // Every feature named is one Chromium knows (an unknown one would be reported on the console).
  expect(warnings).toEqual([]);
});
