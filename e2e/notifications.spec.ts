import type { Page } from '@playwright/test';
import { scanScreen } from './support/axe.ts';
import { paidWithIdea } from './support/businesses.ts';
import { mailsTo } from './support/mail.ts';
import { APP_URL, MAIL_INSPECTOR_URL } from './support/ports.ts';
import { keepScreenshotsAtWidths } from './support/shots.ts';
import { expect, test } from './support/test.ts';

/**
 * 'Notificaciones inteligentes' (ADR 0056) with the schedule's clock in the test's hands: a CEO founder in
 * Mexico City has a task due tomorrow; the round at 08:30 their time makes one notice in the bell and one
 * e-mail (the SMTP fake); the keyboard alone opens the centre, marks it read and opens it; the e-mail's
 * link is recorded as opened; turning tasks off in the profile stops the next one. A Founder sees what
 * they would get and 'Mejorar plan'. axe at 1280 and 375 px on the centre and the preferences.
 */

test.use({ timezoneId: 'America/Mexico_City' });

const api = (page: Page, method: 'POST' | 'PATCH', url: string, data?: unknown) =>
  page.request.fetch(url, { method, data, headers: { origin: APP_URL } });

/** The hourly schedule, run at `at` (the inspector's hook). */
const round = (at: string) =>
  fetch(`${MAIL_INSPECTOR_URL}/?notifications-round=${encodeURIComponent(at)}`, { method: 'POST' });

async function taskDue(page: Page, businessId: number, title: string, dueDate: string) {
  const base = `/api/businesses/${businessId}/roadmap`;
  let view = await (await page.request.get(base)).json();
  if (!view.roadmap) view = await (await api(page, 'POST', base)).json();
  const milestone = view.roadmap.milestones[0].id as number;
  const res = await api(page, 'POST', `${base}/tasks`, { milestone_id: milestone, title, due_date: dueDate });
  expect(res.status()).toBe(200);
}

test('a task due tomorrow: one notice and one e-mail in the morning, read with the keyboard, stopped in the profile', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { businessId, email } = await paidWithIdea(page, 'Nora Aviso', 'Tacos Aviso', 'CEO');
  await page.goto('/');
  // The study's notice, once the run against the fake model ends.
  await expect(page.getByRole('button', { name: 'Notificaciones: 1 sin leer' })).toBeVisible({
    timeout: 120_000,
  });
  await taskDue(page, businessId, 'Llamar a la gestoría', '2026-12-04');

  // Thursday 07:30 in Mexico City: not their morning yet. 08:30: it is, twice over.
  await round('2026-12-03T13:30:00Z');
  await round('2026-12-03T14:30:00Z');
  await round('2026-12-03T14:50:00Z');
  await page.reload();
  const bell = page.getByRole('navigation', { name: 'Principal' }).getByRole('button', {
    name: 'Notificaciones: 2 sin leer',
  });
  await expect(bell).toBeVisible();
  const mails = await mailsTo(email, 2);
  const taskMails = mails.filter((m) => m.subject === 'Mañana vence una tarea de Tacos Aviso');
  expect(taskMails).toHaveLength(1);

  // The keyboard alone: to the bell, open, mark the task's notice read.
  await bell.focus();
  await page.keyboard.press('Enter');
  const centre = page.getByRole('dialog', { name: 'Notificaciones' });
  await expect(centre.getByText('Mañana vence una tarea de Tacos Aviso')).toBeVisible();
  await expect(centre.getByText('Tu estudio de mercado está listo')).toBeVisible();
  await scanScreen(page, 'notifications: the centre');
  await keepScreenshotsAtWidths(page, '01-centre');
  const markRead = centre.getByRole('button', {
    name: 'Marcar como leída: Mañana vence una tarea de Tacos Aviso',
  });
  for (let i = 0; i < 12 && !(await markRead.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await expect(markRead).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(
    page
      .getByRole('navigation', { name: 'Principal' })
      .getByRole('button', { name: 'Notificaciones: 1 sin leer' }),
  ).toBeVisible();

  // The e-mail's button opens the roadmap and is recorded as opened from the mail.
  const link = /https?:\/\/\S+\/roadmap\/\d+\?notificacion=\d+/.exec(taskMails[0]?.text ?? '')?.[0] ?? '';
  expect(link).not.toBe('');
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`/roadmap/${businessId}$`));
  await expect
    .poll(async () => {
      const events = (await (
        await fetch(`${MAIL_INSPECTOR_URL}/?analytics-of=${encodeURIComponent(email)}`)
      ).json()) as Array<{ name: string; properties: Record<string, unknown> }>;
      return events.filter((e) => e.name === 'Notificación abierta').map((e) => e.properties.canal);
    })
    .toEqual(['correo']);

  // The profile: tasks off, with the keyboard; the next morning's task makes nothing.
  await page.goto('/profile');
  const tasks = page.getByRole('checkbox', { name: 'Tareas que vencen mañana o ya vencidas' });
  await expect(tasks).toBeChecked();
  await scanScreen(page, 'notifications: the preferences');
  await keepScreenshotsAtWidths(page, '02-preferences', { fullPage: true });
  await tasks.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Guardado.')).toBeVisible();
  await expect(tasks).not.toBeChecked();
  await taskDue(page, businessId, 'Pedir presupuesto', '2026-12-05');
  await round('2026-12-04T14:30:00Z');
  await page.reload();
  await expect(
    page
      .getByRole('navigation', { name: 'Principal' })
      .getByRole('button', { name: 'Notificaciones: 1 sin leer' }),
  ).toBeVisible();
  expect((await mailsTo(email, 2)).filter((m) => m.subject.startsWith('Mañana vence'))).toHaveLength(1);

  // At 375 px the chat's header has the bell too.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/chat/idea/${businessId}`);
  const chatBell = page.getByRole('main').getByRole('button', { name: 'Notificaciones: 1 sin leer' });
  await expect(chatBell).toBeVisible();
  await chatBell.click();
  await expect(page.getByRole('dialog', { name: 'Notificaciones' })).toBeVisible();
  await scanScreen(page, 'notifications: the centre from the chat', { widths: [375] });
  await keepScreenshotsAtWidths(page, '03-chat-centre');
});

test("a Founder sees what the notifications would bring and 'Mejorar plan'", async ({ page }) => {
  await paidWithIdea(page, 'Fede Aviso', 'Pan Aviso', 'Founder');
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('button', { name: 'Notificaciones' })
    .click();
  const centre = page.getByRole('dialog', { name: 'Notificaciones' });
  await expect(centre.getByText('Las notificaciones inteligentes están en los planes CEO')).toBeVisible();
  await expect(centre.getByRole('link', { name: 'Mejorar plan' })).toHaveAttribute('href', '/profile/sub');
  await scanScreen(page, 'notifications: another plan');
  await keepScreenshotsAtWidths(page, '04-upsell');
});
