import type { RoadmapTask, RoadmapView } from '@rumbo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productUser, type StubRoute, sessionBody, stubFetch } from '../test/fetch-stub.ts';
import { renderWithRouter } from '../test/render.tsx';
import { createRoutes } from './router.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The root waits 1 s after the page starts (product.md §2.2); the screen's later changes get the same
// margin, for a busy machine running two test files at once (Testing Library's default is 1 s).
const SLOW = { timeout: 3000 };
const API = '/api/businesses/4/roadmap';

function signedIn(planId: number, routes: Record<string, StubRoute> = {}) {
  return stubFetch({
    'GET /api/auth/get-session': { body: sessionBody() },
    'GET /api/users/me': { body: productUser({ plan_id: planId }) },
    ...routes,
  });
}

const task = (id: number, position: number, overrides: Partial<RoadmapTask> = {}): RoadmapTask => ({
  id,
  milestone_id: 1,
  kind: 'tarea',
  title: `Tarea ${id}`,
  why: '',
  done_when: '',
  due_date: null,
  status: 'pendiente',
  notes: '',
  position,
  completed_at: null,
  ...overrides,
});

const EMPTY: RoadmapView = {
  business_id: 4,
  business_name: 'Oliva Directa',
  business_stage: 'idea',
  roadmap: null,
};

function withRoadmap(tasks: RoadmapTask[], undo: string | null = null): RoadmapView {
  return {
    ...EMPTY,
    roadmap: {
      origin: 'plantilla',
      research_id: 3,
      created_at: '2026-11-27T10:00:00.000Z',
      updated_at: '2026-11-27T10:00:00.000Z',
      undo: undo ? { label: undo, until: new Date(Date.now() + 300_000).toISOString() } : null,
      proposal: null,
      milestones: [
        {
          id: 1,
          stage: 'Próximos 30 días',
          title: 'Probar los supuestos más arriesgados',
          position: 0,
          tasks,
        },
        { id: 2, stage: 'Próximos 60 días', title: 'Reducir los riesgos', position: 1, tasks: [] },
      ],
    },
  };
}

const EXPERIMENT = task(10, 0, {
  kind: 'experimento',
  title: 'Comprobar: los restaurantes pagarán más por aceite trazable',
  done_when: 'Al menos 3 de 10 restaurantes hacen un pedido de prueba.',
});

describe('the roadmap screen (ADR 0055, product.md §2.14)', () => {
  it("shows a plan without it what it would get and 'Mejorar plan', without asking for it", async () => {
    const network = signedIn(5);
    renderWithRouter(createRoutes, { path: '/roadmap/4' });
    expect(
      await screen.findByRole('heading', { name: 'Tu hoja de ruta personalizada, en los planes CEO' }, SLOW),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mejorar plan' }).getAttribute('href')).toBe('/profile/sub');
    expect(network.calls.filter((call) => call.path.startsWith(API))).toHaveLength(0);
  });

  it("'Crear mi hoja de ruta' builds it, labelled a template, with the report's experiments first", async () => {
    let view = EMPTY;
    const network = signedIn(7, {
      [`GET ${API}`]: () => ({ body: view }),
      [`POST ${API}`]: () => {
        view = withRoadmap([EXPERIMENT, task(11, 1)]);
        return { status: 201, body: view };
      },
    });
    renderWithRouter(createRoutes, { path: '/roadmap/4' });
    fireEvent.click(await screen.findByRole('button', { name: 'Crear mi hoja de ruta' }, SLOW));
    expect(
      await screen.findByText('Plantilla a partir de tu perfil y de tu estudio de mercado', {}, SLOW),
    ).toBeTruthy();
    expect(network.callsTo(`POST ${API}`)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Próximos 30 días', level: 2 })).toBeTruthy();
    const milestone = screen.getByRole('region', { name: 'Probar los supuestos más arriesgados' });
    expect(within(milestone).getByRole('checkbox', { name: EXPERIMENT.title })).toBeTruthy();
    expect(within(milestone).getByText('Experimento')).toBeTruthy();
    expect(within(milestone).getByText(EXPERIMENT.done_when, { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('0 de 2 tareas hechas')).toBeTruthy();
    // What the screen says once it is built is that it is ready, not the empty state's title.
    expect(screen.getByText('Tu hoja de ruta está lista')).toBeTruthy();
    expect(screen.queryByText('Todavía no tienes hoja de ruta')).toBeNull();
  });

  it("marks a task done with only its status, offers 'Deshacer', and adds a task", async () => {
    let view = withRoadmap([EXPERIMENT, task(11, 1)]);
    const patches: unknown[] = [];
    const network = signedIn(11, {
      [`GET ${API}`]: () => ({ body: view }),
      [`PATCH ${API}/tasks/10`]: (request) => {
        patches.push(request.body);
        const body = request.body as { status?: RoadmapTask['status']; position?: number };
        const tasks =
          body.position === 1
            ? [task(11, 0), { ...EXPERIMENT, position: 1 }]
            : [{ ...EXPERIMENT, status: body.status ?? 'pendiente' }, task(11, 1)];
        view = withRoadmap(
          tasks,
          body.status === 'hecha' ? `Marcar «${EXPERIMENT.title}» como hecha` : 'Mover',
        );
        return { body: view };
      },
      [`POST ${API}/undo`]: () => {
        view = withRoadmap([EXPERIMENT, task(11, 1)]);
        return { body: view };
      },
      [`POST ${API}/tasks`]: (request) => {
        patches.push(request.body);
        view = withRoadmap([EXPERIMENT, task(11, 1), task(12, 2, { title: 'Pedir presupuestos' })], 'Añadir');
        return { body: view };
      },
    });
    renderWithRouter(createRoutes, { path: '/roadmap/4' });

    fireEvent.click(await screen.findByRole('checkbox', { name: EXPERIMENT.title }, SLOW));
    await waitFor(() => expect(screen.getByText('1 de 2 tareas hechas')).toBeTruthy(), SLOW);
    expect(patches[0]).toEqual({ status: 'hecha' });
    expect(screen.getByTestId('estado-hoja-de-ruta').textContent).toContain(
      `Marcar «${EXPERIMENT.title}» como hecha`,
    );

    fireEvent.click(
      screen.getByRole('button', { name: `Deshacer: Marcar «${EXPERIMENT.title}» como hecha` }),
    );
    await waitFor(() => expect(screen.getByText('0 de 2 tareas hechas')).toBeTruthy(), SLOW);
    expect(network.callsTo(`POST ${API}/undo`)).toHaveLength(1);
    expect(screen.getByTestId('estado-hoja-de-ruta').textContent).toBe('Cambio deshecho');

    const milestone = screen.getByRole('region', { name: 'Probar los supuestos más arriesgados' });
    fireEvent.change(
      within(milestone).getByRole('textbox', {
        name: 'Añadir tarea a «Probar los supuestos más arriesgados»',
      }),
      {
        target: { value: 'Pedir presupuestos' },
      },
    );
    fireEvent.click(within(milestone).getByRole('button', { name: 'Añadir tarea' }));
    expect(await within(milestone).findByRole('checkbox', { name: 'Pedir presupuestos' }, SLOW)).toBeTruthy();
    expect(patches[1]).toEqual({ milestone_id: 1, title: 'Pedir presupuestos' });
  });

  it("'Revisar mi hoja de ruta' shows what changes before it applies, and applies it on 'Aplicar cambios'", async () => {
    const current = withRoadmap([EXPERIMENT, task(11, 1)]);
    let view = current;
    const proposal = {
      origin: 'mentor' as const,
      created_at: '2026-11-27T10:00:00.000Z',
      milestones: [
        {
          stage: 'Próximos 30 días',
          title: 'Validar con restaurantes',
          tasks: [
            {
              kind: 'experimento' as const,
              title: EXPERIMENT.title,
              why: '',
              done_when: EXPERIMENT.done_when,
            },
            {
              kind: 'tramite' as const,
              title: 'Registro sanitario',
              why: '',
              done_when: 'Tienes el número.',
            },
          ],
        },
      ],
      changes: {
        added: ['Registro sanitario'],
        removed: ['Tarea 11'],
        kept: [EXPERIMENT.title],
        done_kept: 0,
      },
    };
    const network = signedIn(12, {
      [`GET ${API}`]: () => ({ body: view }),
      [`POST ${API}/proposal`]: () => {
        view = { ...current, roadmap: current.roadmap ? { ...current.roadmap, proposal } : null };
        return { body: view };
      },
      [`POST ${API}/proposal/apply`]: () => {
        view = withRoadmap(
          [EXPERIMENT, task(12, 1, { kind: 'tramite', title: 'Registro sanitario' })],
          'Aplicar',
        );
        return { body: view };
      },
    });
    renderWithRouter(createRoutes, { path: '/roadmap/4' });
    fireEvent.click(await screen.findByRole('button', { name: 'Revisar mi hoja de ruta' }, SLOW));
    const panel = screen.getByRole('region', { name: 'Revisar mi hoja de ruta' });
    expect(await within(panel).findByRole('heading', { name: 'Se añaden (1)' }, SLOW)).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Se quitan (1)' })).toBeTruthy();
    expect(within(panel).getByText('Tarea 11')).toBeTruthy();
    expect(within(panel).getByText(/Propuesta por tu mentor/)).toBeTruthy();
    // Nothing applied yet.
    expect(screen.getByRole('checkbox', { name: 'Tarea 11' })).toBeTruthy();
    expect(network.callsTo(`POST ${API}/proposal/apply`)).toHaveLength(0);

    fireEvent.click(within(panel).getByRole('button', { name: 'Aplicar cambios' }));
    expect(await screen.findByRole('checkbox', { name: 'Registro sanitario' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Tarea 11' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Aplicar cambios' })).toBeNull();
  });

  it("moves a milestone within its stage from its menu ('Subir el hito')", async () => {
    const base = withRoadmap([task(11, 0)]);
    if (!base.roadmap) throw new Error('no roadmap');
    const view: RoadmapView = {
      ...base,
      business_stage: 'established',
      roadmap: {
        ...base.roadmap,
        milestones: base.roadmap.milestones.map((m) => ({ ...m, stage: null })),
      },
    };
    const patches: unknown[] = [];
    signedIn(7, {
      [`GET ${API}`]: () => ({ body: view }),
      [`PATCH ${API}/milestones/2`]: (request) => {
        patches.push(request.body);
        return { body: view };
      },
    });
    renderWithRouter(createRoutes, { path: '/roadmap/4' });
    // The first can only go down, the last only up.
    const last = await screen.findByRole('button', { name: 'Opciones del hito «Reducir los riesgos»' }, SLOW);
    fireEvent.keyDown(last, { key: 'ArrowDown' });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Subir el hito']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Subir el hito' }));
    await waitFor(() => expect(patches).toEqual([{ position: 0 }]), SLOW);
  });
});
