import { describe, expect, it } from 'vitest';
import { hasRoadmap, PLANS, roadmapViewSchema, splitRoadmapTasks, taskPatchSchema } from './index.ts';

describe('the roadmap in the catalogue (ADR 0055)', () => {
  it('is on the CEO plans only, without its "Proximamente..."', () => {
    expect([-1, 9, 5, 7, 11, 12].filter(hasRoadmap)).toEqual([7, 11, 12]);
    for (const id of [7, 11, 12] as const) {
      expect(PLANS[id].features).toContainEqual({ text: 'Hoja de ruta personalizada', included: true });
      // The notifications came after it (ADR 0056): nothing on the CEO plans is still to come.
      expect(PLANS[id].features.filter((f) => f.text.includes('Proximamente'))).toHaveLength(0);
    }
    for (const id of [9, 5] as const) {
      expect(PLANS[id].features).toContainEqual({ text: 'Hoja de ruta personalizada', included: false });
    }
  });
});

describe('a task PATCH', () => {
  it('keeps only the fields it names, and refuses a bad status or date', () => {
    expect(taskPatchSchema.parse({ status: 'hecha' })).toEqual({ status: 'hecha' });
    expect(taskPatchSchema.parse({ due_date: null, notes: ' ok ' })).toEqual({ due_date: null, notes: 'ok' });
    expect(taskPatchSchema.safeParse({ status: 'terminada' }).success).toBe(false);
    expect(taskPatchSchema.safeParse({ due_date: '15/02/2027' }).success).toBe(false);
    expect(
      roadmapViewSchema.safeParse({
        business_id: 1,
        business_name: 'x',
        business_stage: 'idea',
        roadmap: null,
      }).success,
    ).toBe(true);
  });
});

describe('tasks an answer proposes', () => {
  it('are read from their markers, which leave the text', () => {
    const { text, tasks } = splitRoadmapTasks(
      'Esta semana, llama a cinco restaurantes.\n\n[[tarea-hoja-de-ruta Llamar a 5 restaurantes :: 2 aceptan una cata]]\n[[tarea-hoja-de-ruta Pedir precios de etiquetas]]',
    );
    expect(text).toBe('Esta semana, llama a cinco restaurantes.');
    expect(tasks).toEqual([
      { title: 'Llamar a 5 restaurantes', done_when: '2 aceptan una cata' },
      { title: 'Pedir precios de etiquetas', done_when: '' },
    ]);
  });

  it('hides a marker still being written', () => {
    expect(splitRoadmapTasks('Hazlo así.\n\n[[tarea-hoja-de-ru').text).toBe('Hazlo así.');
  });
});
