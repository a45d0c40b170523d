import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachments,
  financialPlans,
  roadmapMilestones,
  roadmaps,
  roadmapTasks,
} from '../../db/schema/index.ts';
import { type AccountApp, closeAccountApp, newUser, startAccountApp } from '../../test/account-test-app.ts';
import { fillAccount } from '../../test/account-test-data.ts';
import type { TestApp } from '../../test/app.ts';
import { shopPlan } from '../../test/finance-test-kit.ts';

// The export of everything of a user's (GET /api/users/me/export).

let t: TestApp;
let dataDir: string;
let app: AccountApp;
beforeAll(async () => {
  app = await startAccountApp();
  ({ t, dataDir } = app);
});
afterAll(async () => {
  await closeAccountApp(app);
});

describe('GET /api/users/me/export', () => {
  it('zips every business, chat, report and file of the user and nothing of another user', async () => {
    const owner = await newUser(t, 'Dueña');
    const stranger = await newUser(t, 'Otra');
    const first = await fillAccount(t, dataDir, owner.id, 'alfa');
    const second = await fillAccount(t, dataDir, owner.id, 'beta');
    await fillAccount(t, dataDir, stranger.id, 'ajeno');
    await t.database.db
      .insert(financialPlans)
      .values({ businessId: first.business.id, userId: owner.id, ...shopPlan, proposals: [] });
    // The first business's roadmap (ADR 0055): a milestone with a task done.
    await t.database.db
      .insert(roadmaps)
      .values({ businessId: first.business.id, userId: owner.id, origin: 'plantilla' });
    const [milestone] = await t.database.db
      .insert(roadmapMilestones)
      .values({
        businessId: first.business.id,
        stage: 'Próximos 30 días',
        title: 'Primeros clientes',
        position: 0,
      })
      .returning();
    await t.database.db.insert(roadmapTasks).values({
      businessId: first.business.id,
      milestoneId: milestone?.id ?? 0,
      kind: 'tarea',
      title: 'Llamar a diez clientes',
      status: 'hecha',
      position: 0,
    });

    expect((await t.request('/api/users/me/export')).status).toBe(401);
    const res = await t.request('/api/users/me/export', { headers: { cookie: owner.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="rumbo-mis-datos-/);
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    const names = Object.keys(zip.files).filter((name) => !zip.files[name]?.dir);
    const text = async (name: string) => (await zip.file(name)?.async('string')) ?? '';

    expect(JSON.parse(await text('perfil.json'))).toMatchObject({ email: owner.email, full_name: 'Dueña' });
    // The notification centre's preferences (ADR 0056), the defaults until changed.
    expect(JSON.parse(await text('notificaciones.json'))).toEqual({
      preferencias: {
        research: true,
        tasks: true,
        credits: true,
        weekly_summary: true,
        mail_frequency: 'inmediato',
      },
      notificaciones: [],
    });
    for (const [label, { business, chatId }] of [
      ['alfa', first],
      ['beta', second],
    ] as const) {
      const folder = `negocios/${business.id}-negocio-${label}`;
      expect(JSON.parse(await text(`${folder}/negocio.json`))).toMatchObject({ name: `Negocio ${label}` });
      expect(await text(`${folder}/logo.webp`)).toBe(`logo de ${label}`);
      expect(JSON.parse(await text(`${folder}/investigaciones.json`))).toMatchObject([
        { summary: `Informe de ${label}`, sources: [{ url: `https://example.com/${label}` }] },
      ]);
      const chat = JSON.parse(await text(`${folder}/chats/${chatId}.json`));
      expect(chat.messages.map((m: { content: string }) => m.content)).toEqual([
        `Pregunta de ${label}`,
        `Respuesta para ${label}`,
      ]);
      const attachment = names.find((name) => name.startsWith(`${folder}/adjuntos/`));
      expect(attachment).toMatch(new RegExp(`plan-${label}\\.txt$`));
      expect(await text(attachment ?? '')).toBe(`contenido del plan de ${label}`);
    }
    // The first business's financial plan (ADR 0040); the second has none.
    expect(
      JSON.parse(await text(`negocios/${first.business.id}-negocio-alfa/plan-financiero.json`)),
    ).toMatchObject({
      assumptions: shopPlan.assumptions,
      scenarios: shopPlan.scenarios,
      shared_links: [],
    });
    expect(
      names.some((name) => name.startsWith(`negocios/${second.business.id}-negocio-beta/plan-financiero`)),
    ).toBe(false);
    expect(
      JSON.parse(await text(`negocios/${first.business.id}-negocio-alfa/hoja-de-ruta.json`)),
    ).toMatchObject([
      {
        stage: 'Próximos 30 días',
        title: 'Primeros clientes',
        tasks: [{ title: 'Llamar a diez clientes', status: 'hecha' }],
      },
    ]);
    expect(
      names.some((name) => name.startsWith(`negocios/${second.business.id}-negocio-beta/hoja-de-ruta`)),
    ).toBe(false);
    const everything = (await Promise.all(names.map(text))).join('\n');
    expect(everything).not.toContain('ajeno');
    expect(everything).not.toContain(stranger.email);
  });

  it('leaves out a file missing from storage and names it in archivos-que-faltan.txt', async () => {
    const owner = await newUser(t, 'Olvidada');
    const { business } = await fillAccount(t, dataDir, owner.id, 'perdido');
    const kept = await fillAccount(t, dataDir, owner.id, 'guardado');
    fs.rmSync(path.join(dataDir, 'files', `attachments/${business.id}/perdido`));

    const res = await t.request('/api/users/me/export', { headers: { cookie: owner.cookie } });
    expect(res.status).toBe(200);
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    const [lost] = await t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.businessId, business.id));
    const lostName = `negocios/${business.id}-negocio-perdido/adjuntos/${lost?.id}-plan-perdido.txt`;
    expect(zip.file(lostName)).toBeNull();
    expect(await zip.file('archivos-que-faltan.txt')?.async('string')).toBe(
      `Estos archivos ya no estaban guardados en Rumbo y no van en la descarga:\n- ${lostName}\n`,
    );
    // The rest is whole: the same business's logo and chat, and the other business's file.
    expect(await zip.file(`negocios/${business.id}-negocio-perdido/logo.webp`)?.async('string')).toBe(
      'logo de perdido',
    );
    const keptFile = Object.keys(zip.files).find(
      (name) =>
        name.startsWith(`negocios/${kept.business.id}-negocio-guardado/adjuntos/`) && !name.endsWith('/'),
    );
    expect(await zip.file(keptFile ?? '')?.async('string')).toBe('contenido del plan de guardado');
  });

  it('cuts the download when storage fails mid-file, and the next export can start', async () => {
    const owner = await newUser(t, 'Cortada');
    const { business } = await fillAccount(t, dataDir, owner.id, 'roto');
    // Opens, then fails at the first read (EISDIR), as a storage that breaks after the entry began.
    const stored = path.join(dataDir, 'files', `attachments/${business.id}/roto`);
    fs.rmSync(stored);
    fs.mkdirSync(stored);

    const res = await t.request('/api/users/me/export', { headers: { cookie: owner.cookie } });
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();

    fs.rmdirSync(stored);
    fs.writeFileSync(stored, 'de vuelta');
    const again = await t.request('/api/users/me/export', { headers: { cookie: owner.cookie } });
    expect(again.status).toBe(200);
    const zip = await JSZip.loadAsync(await again.arrayBuffer());
    const file = Object.keys(zip.files).find((name) => name.includes('/adjuntos/') && !name.endsWith('/'));
    expect(await zip.file(file ?? '')?.async('string')).toBe('de vuelta');
  });
});
