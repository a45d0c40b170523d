import { register } from './support/accounts.ts';
import { scanScreen } from './support/axe.ts';
import { chooseStarter, fillIdea, onboardToBusinessStep } from './support/businesses.ts';
import { verifyOperator } from './support/operators.ts';
import { expect, test } from './support/test.ts';

/**
 * The home is useful from the first day (ADR 0047). A new user sees their business with the state of its
 * research, then the conversation to continue, and sends a comment that the operator reads in the console.
 */
test('the home shows the business, the last conversation and takes feedback for the operator', async ({
  page,
  browser,
}) => {
  // Two users, a chat answer and the console: longer than a journey's default minute on a busy machine.
  test.setTimeout(150_000);
  await onboardToBusinessStep(page, 'Lola Inicio');
  await fillIdea(page, 'Huerta Lola');
  await page.getByRole('button', { name: 'Crear chat' }).click();
  await chooseStarter(page);

  // Starter has no market research: the home says so next to the business, which opens its chat.
  const businesses = page.getByRole('region', { name: 'Tus negocios' });
  const business = businesses.getByRole('link', { name: 'Abrir el chat de Huerta Lola' });
  // The run was asked for before the plan was chosen: it waits, pending, until the watchdog settles it.
  await expect(business).toContainText('Desactivada en tu plan', { timeout: 20_000 });
  const latest = page.getByRole('region', { name: 'Continuar la última conversación' });
  await expect(latest).toContainText('Todavía no has hablado con tu mentor');
  await scanScreen(page, 'home: a business, no conversation yet');

  await business.click();
  await expect(page).toHaveURL(/\/chat\/idea\/\d+$/);
  await page.getByLabel('Mensaje').fill('¿Cómo valido mi idea?');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('article[data-sender="ai_model"]').last()).not.toBeEmpty();
  await expect(page).toHaveURL(/\?chat=\d+$/);
  const chatUrl = page.url();

  await page.goto('/');
  await expect(latest).toContainText('Huerta Lola');
  await expect(latest).toContainText(/Última actividad hace/);
  await scanScreen(page, 'home: the conversation to continue');
  await latest.getByRole('link', { name: /^Continuar/ }).click();
  await expect(page).toHaveURL(chatUrl);
  await page.goto('/');

  // Without FEEDBACK_URL, the feedback card is a form; the comment is stored for the operator.
  const feedback = page.getByRole('region', { name: '¿Nos ayudas a mejorar?' });
  await feedback.getByRole('button', { name: 'Enviar comentario' }).click();
  await expect(feedback.getByRole('alert')).toHaveText('Escribe tu comentario');
  await scanScreen(page, 'home: feedback refused (empty)');
  const comment = `Me gustaría exportar mis chats (${Date.now()})`;
  await feedback.getByLabel('Tu comentario').fill(comment);
  await feedback.getByRole('button', { name: 'Enviar comentario' }).click();
  await expect(feedback.getByRole('status')).toHaveText('Gracias, hemos recibido tu comentario');
  await scanScreen(page, 'home: feedback sent');

  // The privacy page names that form as the way to reach the team, and leads back to it.
  await page.goto('/privacidad');
  await page.getByRole('link', { name: 'Ir al formulario de comentarios' }).click();
  await expect(page.getByLabel('Tu comentario')).toBeFocused();

  // The operator reads it in the console, with who sent it.
  const operator = await browser.newPage();
  await register(operator, { name: 'Óscar Operador', email: 'operador.inicio@example.com' });
  await expect(operator).toHaveURL(/\/onboard$/);
  await operator.goto('/plans');
  await operator.getByRole('article', { name: 'Starter', exact: true }).getByRole('button').click();
  await expect(operator).toHaveURL(/\/$/);
  await scanScreen(operator, 'home: no business yet');
  await expect(operator.getByText('Aún no tienes negocios: crea el primero.')).toBeVisible();
  await verifyOperator(operator, 'operador.inicio@example.com');
  const section = operator.getByRole('region', { name: 'Comentarios y valoraciones' });
  const row = section.getByRole('row', { name: new RegExp(comment.replace(/[()]/g, '\\$&')) });
  await expect(row).toContainText(/negocios\..*@example\.com/);
  await scanScreen(operator, 'admin: feedback');
  await operator.close();
});
