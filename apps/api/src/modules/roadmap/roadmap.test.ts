import { ERROR_CODES, IDEA_STAGES, ROADMAP_NOT_ALLOWED_MESSAGE, type RoadmapView } from '@rumbo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, roadmapChanges } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { chatOwner, MINIMAL_IDEA } from '../../test/chat-owner.ts';
import { completedReport, roadmapCalls, viewOf } from '../../test/roadmap-test-kit.ts';

// The roadmap's storage and routes (ADR 0055): the template from the profile and the report, every edit
// stored and undoable for a while, owner only, CEO plans only.

let t: TestApp;
let calls: ReturnType<typeof roadmapCalls>;
beforeAll(async () => {
  t = await createTestApp();
  calls = roadmapCalls(t);
});
afterAll(async () => {
  await t.close();
});

const ESTABLISHED = {
  name: 'Taller Ruiz',
  location: 'México',
  description: 'y'.repeat(160),
  goal: 'Abrir una segunda sede',
  extra_info: '',
  team_description: 'Cuatro mecánicos',
  team_size: 4,
  user_position: 'Gerente',
  billing: 200000,
  billing_currency: 'dollar',
  ebitda: 30000,
  ebitda_currency: 'dollar',
  profit_margin: 15,
  mission_and_vision: 'Reparar bien y a la primera',
};

const tasksOf = (view: RoadmapView) => view.roadmap?.milestones.flatMap((m) => m.tasks) ?? [];

async function eventsNamed(userId: number, name: string) {
  await t.app.analytics.flush();
  return t.database.db
    .select()
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.userId, userId), eq(analyticsEvents.name, name)));
}

/** A CEO owner's idea with a completed report and its roadmap. */
async function ownerWithRoadmap() {
  const owner = await chatOwner(t, {
    planId: 11,
    credits: 10,
    idea: { ...MINIMAL_IDEA, name: 'Aceite de la Vega', goal: 'Vender a 20 restaurantes' },
  });
  await completedReport(t, owner.businessId);
  const view = await viewOf(await calls.create(owner.cookie, owner.businessId));
  return { owner, view };
}

describe("'Crear mi hoja de ruta'", () => {
  it("turns the report's riskiest assumptions into experiments with their success criterion, its risks and viability into tasks, its procedures into steps", async () => {
    const owner = await chatOwner(t, {
      planId: 7,
      credits: 10,
      idea: { ...MINIMAL_IDEA, name: 'Aceite de la Vega', goal: 'Vender a 20 restaurantes' },
    });
    const researchId = await completedReport(t, owner.businessId);
    const before = await viewOf(await calls.read(owner.cookie, owner.businessId));
    expect(before).toMatchObject({
      business_id: owner.businessId,
      business_name: 'Aceite de la Vega',
      roadmap: null,
    });

    const res = await calls.create(owner.cookie, owner.businessId);
    expect(res.status).toBe(201);
    const view = await viewOf(res);
    expect(view.roadmap).toMatchObject({ origin: 'plantilla', research_id: researchId, undo: null });
    const milestones = view.roadmap?.milestones ?? [];
    expect([...new Set(milestones.map((m) => m.stage))]).toEqual([...IDEA_STAGES]);

    const experiments = tasksOf(view).filter((task) => task.kind === 'experimento');
    expect(experiments.map((e) => e.title)).toEqual([
      'Comprobar: los restaurantes pagarán más por aceite con origen trazable',
      'Comprobar: el reparto semanal en ruta fija sale rentable',
    ]);
    expect(experiments[0]?.done_when).toBe('se confirma si al menos 3 hacen un pedido de prueba.');
    expect(experiments[0]?.why).toContain('ofrece una cata a 10 restaurantes');
    expect(milestones[0]?.stage).toBe('Próximos 30 días');
    expect(milestones[0]?.tasks.every((task) => task.kind === 'experimento')).toBe(true);

    const tasks = tasksOf(view).filter((task) => task.kind === 'tarea');
    expect(tasks.map((task) => task.title)).toContain(
      'Reducir el riesgo: la dependencia de una sola almazara expone el negocio a una mala cosecha',
    );
    expect(tasks.some((task) => task.title.startsWith('Revisar la viabilidad: el margen bruto'))).toBe(true);
    // What the report could not find is a datum to get, once, whichever sections say it.
    expect(
      tasksOf(view).filter(
        (task) => task.title === 'Conseguir el dato: el número de restaurantes de gama media del barrio',
      ),
    ).toHaveLength(1);
    // Source numbers are not carried over.
    expect(JSON.stringify(view)).not.toContain('[2]');

    const procedures = tasksOf(view).filter((task) => task.kind === 'tramite');
    expect(procedures.map((p) => p.title)).toEqual([
      'Alta en el Registro Sanitario de Empresas Alimentarias antes de distribuir alimentos',
    ]);
    expect(procedures[0]?.why).toContain('Verifícalo con una gestoría.');
    expect(tasksOf(view).every((task) => task.status === 'pendiente')).toBe(true);

    // Kept, and only once.
    expect(await viewOf(await calls.read(owner.cookie, owner.businessId))).toEqual(view);
    const again = await calls.create(owner.cookie, owner.businessId);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe(ERROR_CODES.roadmapExists);

    const created = await eventsNamed(owner.id, 'Hoja de ruta creada');
    expect(created).toHaveLength(1);
    expect(created[0]?.properties).toMatchObject({ business_id: owner.businessId, from_research: true });
  });

  it("without a report, an established business's roadmap goes by milestone, from its profile", async () => {
    const owner = await chatOwner(t, { planId: 12, credits: 0 });
    const created = await t.request('/api/businesses/established', {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(ESTABLISHED),
    });
    const businessId = ((await created.json()) as { id: number }).id;
    const view = await viewOf(await calls.create(owner.cookie, businessId));
    expect(view.business_stage).toBe('established');
    expect(view.roadmap?.research_id).toBeNull();
    expect(view.roadmap?.milestones.map((m) => [m.stage, m.title])).toEqual([
      [null, 'Hito 1: comprobar lo más arriesgado'],
      [null, 'Hito 2: reducir los riesgos'],
      [null, 'Hito 3: trámites y cumplimiento'],
      [null, 'Hito 4: avanzar hacia tu objetivo'],
    ]);
    expect(tasksOf(view).find((task) => task.kind === 'tramite')?.title).toBe(
      'Consultar los trámites para operar en México',
    );
    expect(tasksOf(view).some((task) => task.why === 'Tu objetivo: Abrir una segunda sede')).toBe(true);
  });
});

describe('who may reach a roadmap', () => {
  it("is the owner's only: anonymous 401, another user 404 on every route, and nothing changes", async () => {
    const { owner, view } = await ownerWithRoadmap();
    const stranger = await chatOwner(t, { planId: 11, credits: 10 });
    await calls.create(stranger.cookie, stranger.businessId);
    const task = tasksOf(view)[0];
    const milestone = view.roadmap?.milestones[0];
    if (!task || !milestone) throw new Error('no task');

    expect((await calls.read(undefined, owner.businessId)).status).toBe(401);
    const refused = [
      await calls.read(stranger.cookie, owner.businessId),
      await calls.create(stranger.cookie, owner.businessId),
      await calls.addMilestone(stranger.cookie, owner.businessId, { title: 'Mío' }),
      await calls.editMilestone(stranger.cookie, owner.businessId, milestone.id, { title: 'Mío' }),
      await calls.addTask(stranger.cookie, owner.businessId, { milestone_id: milestone.id, title: 'Mía' }),
      await calls.editTask(stranger.cookie, owner.businessId, task.id, { status: 'hecha' }),
      await calls.undo(stranger.cookie, owner.businessId),
      // The owner's ids through the stranger's own business.
      await calls.editTask(stranger.cookie, stranger.businessId, task.id, { status: 'hecha' }),
      await calls.editMilestone(stranger.cookie, stranger.businessId, milestone.id, { title: 'Mío' }),
      await calls.addTask(stranger.cookie, stranger.businessId, { milestone_id: milestone.id, title: 'Mía' }),
    ];
    expect(refused.map((res) => res.status)).toEqual(Array(refused.length).fill(404));
    for (const res of refused) expect(await res.text()).not.toContain('Aceite de la Vega');
    expect(await viewOf(await calls.read(owner.cookie, owner.businessId))).toEqual(view);
  });

  it('is refused on plans without it (403, in Spanish), before anything is stored', async () => {
    for (const planId of [9, 5]) {
      const owner = await chatOwner(t, { planId, credits: 10 });
      for (const res of [
        await calls.read(owner.cookie, owner.businessId),
        await calls.create(owner.cookie, owner.businessId),
      ]) {
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({
          code: ERROR_CODES.roadmapNotAllowed,
          message: ROADMAP_NOT_ALLOWED_MESSAGE,
        });
      }
    }
  });
});

describe('editing a roadmap', () => {
  it('a PATCH changes only the fields it names, and a task done is recorded', async () => {
    const { owner, view } = await ownerWithRoadmap();
    const task = tasksOf(view)[0];
    if (!task) throw new Error('no task');

    const done = await viewOf(
      await calls.editTask(owner.cookie, owner.businessId, task.id, { status: 'hecha' }),
    );
    const after = tasksOf(done).find((x) => x.id === task.id);
    expect(after).toEqual({ ...task, status: 'hecha', completed_at: expect.any(String) });

    const noted = await viewOf(
      await calls.editTask(owner.cookie, owner.businessId, task.id, { notes: 'Hablé con 4 restaurantes' }),
    );
    expect(tasksOf(noted).find((x) => x.id === task.id)).toEqual({
      ...after,
      notes: 'Hablé con 4 restaurantes',
    });
    // The other tasks are untouched.
    expect(tasksOf(noted).filter((x) => x.id !== task.id)).toEqual(
      tasksOf(view).filter((x) => x.id !== task.id),
    );

    const dated = await viewOf(
      await calls.editTask(owner.cookie, owner.businessId, task.id, {
        due_date: '2027-02-15',
        title: 'Cata en 10 restaurantes',
      }),
    );
    expect(tasksOf(dated).find((x) => x.id === task.id)).toMatchObject({
      title: 'Cata en 10 restaurantes',
      due_date: '2027-02-15',
      status: 'hecha',
      notes: 'Hablé con 4 restaurantes',
      why: task.why,
    });

    const events = await eventsNamed(owner.id, 'Tarea hecha');
    expect(events).toHaveLength(1);
    expect(events[0]?.properties).toMatchObject({ business_id: owner.businessId, kind: 'experimento' });

    for (const bad of [{}, { status: 'terminada' }, { title: '' }, { due_date: '15/02/2027' }]) {
      expect((await calls.editTask(owner.cookie, owner.businessId, task.id, bad)).status).toBe(400);
    }
  });

  it('adds, renames, discards and reorders tasks and milestones, keeping positions in order', async () => {
    const { owner, view } = await ownerWithRoadmap();
    const [first, second] = view.roadmap?.milestones ?? [];
    if (!first || !second) throw new Error('no milestones');

    let now = await viewOf(
      await calls.addTask(owner.cookie, owner.businessId, {
        milestone_id: first.id,
        title: 'Pedir presupuesto de etiquetas',
        done_when: 'Tengo tres presupuestos',
      }),
    );
    const added = now.roadmap?.milestones[0]?.tasks.at(-1);
    expect(added).toMatchObject({
      title: 'Pedir presupuesto de etiquetas',
      kind: 'tarea',
      status: 'pendiente',
      done_when: 'Tengo tres presupuestos',
    });
    if (!added) throw new Error('not added');

    // First of its milestone, then moved to the second milestone.
    now = await viewOf(await calls.editTask(owner.cookie, owner.businessId, added.id, { position: 0 }));
    expect(now.roadmap?.milestones[0]?.tasks.map((x) => x.id)).toEqual([
      added.id,
      ...first.tasks.map((x) => x.id),
    ]);
    expect(now.roadmap?.milestones[0]?.tasks.map((x) => x.position)).toEqual(
      first.tasks.map((_, i) => i).concat(first.tasks.length),
    );
    now = await viewOf(
      await calls.editTask(owner.cookie, owner.businessId, added.id, {
        milestone_id: second.id,
        position: 1,
      }),
    );
    expect(now.roadmap?.milestones[0]?.tasks.map((x) => x.id)).toEqual(first.tasks.map((x) => x.id));
    expect(now.roadmap?.milestones[1]?.tasks[1]?.id).toBe(added.id);
    expect(now.roadmap?.milestones[1]?.tasks.map((x) => x.position)).toEqual(
      now.roadmap?.milestones[1]?.tasks.map((_, i) => i),
    );

    now = await viewOf(
      await calls.editTask(owner.cookie, owner.businessId, added.id, { status: 'descartada' }),
    );
    expect(tasksOf(now).find((x) => x.id === added.id)?.status).toBe('descartada');

    now = await viewOf(
      await calls.addMilestone(owner.cookie, owner.businessId, {
        title: 'Feria de Madrid',
        stage: 'Próximos 90 días',
      }),
    );
    const fair = now.roadmap?.milestones.at(-1);
    expect(fair).toMatchObject({ title: 'Feria de Madrid', stage: 'Próximos 90 días', tasks: [] });
    if (!fair) throw new Error('no milestone');
    now = await viewOf(
      await calls.editMilestone(owner.cookie, owner.businessId, fair.id, {
        title: 'Feria Alimentaria',
        position: 0,
      }),
    );
    expect(now.roadmap?.milestones[0]).toMatchObject({
      id: fair.id,
      title: 'Feria Alimentaria',
      stage: 'Próximos 90 días',
      position: 0,
    });
    expect(now.roadmap?.milestones.map((m) => m.position)).toEqual(now.roadmap?.milestones.map((_, i) => i));
  });

  it("'Deshacer' puts back the last changes, one at a time, within five minutes", async () => {
    const { owner, view } = await ownerWithRoadmap();
    const task = tasksOf(view)[0];
    if (!task) throw new Error('no task');
    const renamed = await viewOf(
      await calls.editTask(owner.cookie, owner.businessId, task.id, { title: 'Nuevo nombre' }),
    );
    expect(renamed.roadmap?.undo?.label).toBe(`Renombrar «${task.title}»`);
    const done = await viewOf(
      await calls.editTask(owner.cookie, owner.businessId, task.id, { status: 'hecha' }),
    );
    expect(done.roadmap?.undo?.label).toBe('Marcar «Nuevo nombre» como hecha');
    expect(Date.parse(done.roadmap?.undo?.until ?? '') - Date.now()).toBeGreaterThan(4 * 60_000);

    const once = await viewOf(await calls.undo(owner.cookie, owner.businessId));
    expect(tasksOf(once).find((x) => x.id === task.id)).toMatchObject({
      title: 'Nuevo nombre',
      status: 'pendiente',
      completed_at: null,
    });
    expect(once.roadmap?.undo?.label).toBe(`Renombrar «${task.title}»`);
    const twice = await viewOf(await calls.undo(owner.cookie, owner.businessId));
    expect(tasksOf(twice)).toEqual(tasksOf(view));
    expect(twice.roadmap?.undo).toBeNull();
    const none = await calls.undo(owner.cookie, owner.businessId);
    expect(none.status).toBe(409);
    expect(((await none.json()) as { code: string }).code).toBe(ERROR_CODES.nothingToUndo);

    // A change older than five minutes stays.
    await calls.editTask(owner.cookie, owner.businessId, task.id, { status: 'en_curso' });
    await t.database.db
      .update(roadmapChanges)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(roadmapChanges.businessId, owner.businessId));
    expect((await viewOf(await calls.read(owner.cookie, owner.businessId))).roadmap?.undo).toBeNull();
    expect((await calls.undo(owner.cookie, owner.businessId)).status).toBe(409);
    expect(
      tasksOf(await viewOf(await calls.read(owner.cookie, owner.businessId))).find((x) => x.id === task.id)
        ?.status,
    ).toBe('en_curso');
  });
});
