import { DONE_MILESTONE_TITLE, ERROR_CODES, type RoadmapView } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditBalances } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { chatOwner, MINIMAL_IDEA } from '../../test/chat-owner.ts';
import { defaultScript, type FakeOpenAI, type FakeScript, startFakeOpenAI } from '../../test/fakes/openai.ts';
import { isRoadmapRequest, roadmapScript } from '../../test/fakes/roadmap-model.ts';
import { completedReport, roadmapCalls, viewOf } from '../../test/roadmap-test-kit.ts';

// 'Revisar mi hoja de ruta' (ADR 0055): the model's proposal through the structured-output path, shown with
// what it changes before it applies; one credit, given back when nothing comes out; without a model, the
// template, free.

let fake: FakeOpenAI;
let withModel: TestApp;
let withoutModel: TestApp;
let answer: FakeScript = roadmapScript();
beforeAll(async () => {
  fake = await startFakeOpenAI({ script: (body) => (isRoadmapRequest(body) ? answer : defaultScript) });
  withModel = await createTestApp({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake-mentor',
  });
  withoutModel = await createTestApp();
});
afterAll(async () => {
  await withModel?.close();
  await withoutModel?.close();
  await fake?.close();
});

const tasksOf = (view: RoadmapView) => view.roadmap?.milestones.flatMap((m) => m.tasks) ?? [];
const creditsOf = async (t: TestApp, userId: number) =>
  (await t.database.db.select().from(creditBalances).where(eq(creditBalances.userId, userId)))[0]?.balance;
const send = (t: TestApp, cookie: string, method: string, path: string) =>
  t.request(path, { method, headers: { cookie } });

/** A CEO owner with a report and a roadmap in which one task is done and one is under way. */
async function roadmapUnderWay(t: TestApp) {
  const calls = roadmapCalls(t);
  const owner = await chatOwner(t, {
    planId: 7,
    credits: 10,
    idea: { ...MINIMAL_IDEA, name: 'Aceite de la Vega' },
  });
  await completedReport(t, owner.businessId);
  const created = await viewOf(await calls.create(owner.cookie, owner.businessId));
  const [done, underWay] = tasksOf(created);
  if (!done || !underWay) throw new Error('no tasks');
  await calls.editTask(owner.cookie, owner.businessId, done.id, { status: 'hecha' });
  const customers = tasksOf(created).find((task) => task.title === 'Conseguir tus primeros clientes de pago');
  if (!customers) throw new Error('no customers task');
  await calls.editTask(owner.cookie, owner.businessId, customers.id, {
    status: 'en_curso',
    notes: 'Dos llamadas hechas',
  });
  const view = await viewOf(await calls.read(owner.cookie, owner.businessId));
  return { owner, view, done, customers, base: `/api/businesses/${owner.businessId}/roadmap` };
}

describe("'Revisar mi hoja de ruta'", () => {
  it("shows the model's roadmap and what it changes, charges one credit, and changes nothing until it is applied", async () => {
    answer = roadmapScript();
    const { owner, view, done, customers, base } = await roadmapUnderWay(withModel);
    const before = fake.requests.length;
    const res = await send(withModel, owner.cookie, 'POST', `${base}/proposal`);
    expect(res.status).toBe(200);
    const proposed = await viewOf(res);
    // The request carried the profile and the roadmap as it stands, with each task's status.
    const request = fake.requests.slice(before).find((r) => isRoadmapRequest(r.body));
    const prompt = JSON.stringify(request?.body.messages);
    expect(prompt).toContain('Aceite de la Vega');
    expect(prompt).toContain(`[Hecha] ${done.title}`);
    expect(prompt).toContain('[En curso] Conseguir tus primeros clientes de pago');

    const proposal = proposed.roadmap?.proposal;
    expect(proposal?.origin).toBe('mentor');
    expect(proposal?.changes.added).toEqual([
      'Cata con diez restaurantes del barrio',
      'Registro sanitario de la actividad',
    ]);
    expect(proposal?.changes.kept).toEqual(['Conseguir tus primeros clientes de pago']);
    expect(proposal?.changes.removed).toContain(view.roadmap?.milestones[0]?.tasks[1]?.title);
    expect(proposal?.changes.done_kept).toBe(1);
    expect(await creditsOf(withModel, owner.id)).toBe(9);
    // Nothing changed yet.
    expect(proposed.roadmap?.milestones).toEqual(view.roadmap?.milestones);

    const applied = await viewOf(await send(withModel, owner.cookie, 'POST', `${base}/proposal/apply`));
    expect(applied.roadmap?.origin).toBe('mentor');
    expect(applied.roadmap?.proposal).toBeNull();
    expect(applied.roadmap?.milestones.map((m) => m.title)).toEqual([
      'Validar con restaurantes',
      'Ponerse en regla',
      DONE_MILESTONE_TITLE,
    ]);
    // The task kept keeps its status and notes; the task done is kept, done.
    expect(tasksOf(applied).find((t) => t.title === customers.title)).toMatchObject({
      status: 'en_curso',
      notes: 'Dos llamadas hechas',
    });
    expect(applied.roadmap?.milestones.at(-1)?.tasks).toMatchObject([{ title: done.title, status: 'hecha' }]);
    expect(applied.roadmap?.undo?.label).toBe('Aplicar la revisión (propuesta por tu mentor)');

    // 'Deshacer' gives the roadmap back as it was.
    const undone = await viewOf(await send(withModel, owner.cookie, 'POST', `${base}/undo`));
    expect(undone.roadmap?.milestones).toEqual(view.roadmap?.milestones);
    expect(undone.roadmap?.origin).toBe('plantilla');
    expect((await send(withModel, owner.cookie, 'POST', `${base}/proposal/apply`)).status).toBe(409);
  });

  it('gives the credit back and changes nothing when the model gives no usable roadmap', async () => {
    answer = roadmapScript('No sé hacer eso.');
    const { owner, view, base } = await roadmapUnderWay(withModel);
    const res = await send(withModel, owner.cookie, 'POST', `${base}/proposal`);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { code: string }).code).toBe(ERROR_CODES.roadmapProposalFailed);
    expect(await creditsOf(withModel, owner.id)).toBe(10);
    expect(await viewOf(await roadmapCalls(withModel).read(owner.cookie, owner.businessId))).toEqual(view);
  });

  it('without a model, the proposal is the template, free; discarding it leaves the roadmap as it is', async () => {
    const { owner, view, done, base } = await roadmapUnderWay(withoutModel);
    const proposed = await viewOf(await send(withoutModel, owner.cookie, 'POST', `${base}/proposal`));
    expect(proposed.roadmap?.proposal?.origin).toBe('plantilla');
    // The template again: nothing added, nothing removed, the task done not proposed again.
    expect(proposed.roadmap?.proposal?.changes).toMatchObject({ added: [], removed: [], done_kept: 1 });
    expect(proposed.roadmap?.proposal?.milestones.flatMap((m) => m.tasks.map((t) => t.title))).not.toContain(
      done.title,
    );
    expect(await creditsOf(withoutModel, owner.id)).toBe(10);
    const discarded = await viewOf(await send(withoutModel, owner.cookie, 'DELETE', `${base}/proposal`));
    expect(discarded).toEqual(view);
  });

  it("is the owner's only and the CEO plans' only", async () => {
    const { owner, base } = await roadmapUnderWay(withoutModel);
    const stranger = await chatOwner(withoutModel, { planId: 11, credits: 10 });
    for (const [method, path] of [
      ['POST', `${base}/proposal`],
      ['POST', `${base}/proposal/apply`],
      ['DELETE', `${base}/proposal`],
    ] as const) {
      expect((await send(withoutModel, stranger.cookie, method, path)).status).toBe(404);
    }
    const founder = await chatOwner(withoutModel, { planId: 5, credits: 10 });
    const refused = await send(
      withoutModel,
      founder.cookie,
      'POST',
      `/api/businesses/${founder.businessId}/roadmap/proposal`,
    );
    expect(refused.status).toBe(403);
    expect(owner.businessId).not.toBe(founder.businessId);
  });
});
