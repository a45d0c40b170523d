import type { RoadmapView } from '@rumbo/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { PlanChangesProvider } from './plan-changes.tsx';
import { RoadmapTasksCard } from './roadmap-tasks.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const API = '/api/businesses/4/roadmap';
const VIEW: RoadmapView = {
  business_id: 4,
  business_name: 'Oliva Directa',
  business_stage: 'idea',
  roadmap: {
    origin: 'plantilla',
    research_id: null,
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
    undo: null,
    proposal: null,
    milestones: [
      { id: 1, stage: 'Próximos 30 días', title: 'Probar los supuestos', position: 0, tasks: [] },
      { id: 2, stage: 'Próximos 60 días', title: 'Reducir los riesgos', position: 1, tasks: [] },
    ],
  },
};
const TASKS = [
  { title: 'Llamar a 5 restaurantes', done_when: '2 aceptan una cata' },
  { title: 'Pedir precios de etiquetas', done_when: '' },
];

function renderCard(planId: number) {
  return renderWithRouter(
    <PlanChangesProvider businessId={4} planId={planId}>
      <RoadmapTasksCard tasks={TASKS} />
    </PlanChangesProvider>,
  );
}

describe("an answer's proposed tasks (ADR 0055)", () => {
  it("shows them first, then 'Añadir a mi hoja de ruta' adds each to the chosen milestone", async () => {
    const added: unknown[] = [];
    stubFetch({
      [`GET ${API}`]: { body: VIEW },
      [`POST ${API}/tasks`]: (request) => {
        added.push(request.body);
        return { body: VIEW };
      },
    });
    renderCard(7);
    const card = await screen.findByRole('region', { name: 'Tareas propuestas para tu hoja de ruta' });
    expect(card.textContent).toContain('Llamar a 5 restaurantes — Hecha cuando: 2 aceptan una cata');
    expect(added).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Añadir al hito'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir a mi hoja de ruta' }));
    expect(await screen.findByText('2 tareas añadidas a tu hoja de ruta')).toBeTruthy();
    expect(added).toEqual([
      { milestone_id: 2, title: 'Llamar a 5 restaurantes', done_when: '2 aceptan una cata' },
      { milestone_id: 2, title: 'Pedir precios de etiquetas', done_when: '' },
    ]);
  });

  it('does not offer again tasks already on the roadmap', async () => {
    const milestone = VIEW.roadmap?.milestones[0];
    if (!VIEW.roadmap || !milestone) throw new Error('no roadmap');
    const withTasks: RoadmapView = {
      ...VIEW,
      roadmap: {
        ...VIEW.roadmap,
        milestones: [
          {
            ...milestone,
            tasks: TASKS.map((task, i) => ({
              id: 10 + i,
              milestone_id: 1,
              kind: 'tarea' as const,
              title: task.title,
              why: '',
              done_when: task.done_when,
              due_date: null,
              status: 'pendiente' as const,
              notes: '',
              position: i,
              completed_at: null,
            })),
          },
        ],
      },
    };
    stubFetch({ [`GET ${API}`]: { body: withTasks } });
    renderCard(11);
    expect(await screen.findByText('Ya están en tu hoja de ruta')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Añadir a mi hoja de ruta' })).toBeNull();
  });

  it('offers nothing on a plan without the roadmap, and asks nothing', async () => {
    const network = stubFetch({ [`GET ${API}`]: { body: VIEW } });
    renderCard(5);
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(network.calls).toHaveLength(0);
  });
});
