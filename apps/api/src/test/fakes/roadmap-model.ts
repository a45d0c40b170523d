import type { FakeScript, RecordedRequest } from './openai.ts';

/** The fake model's answer to 'Revisar mi hoja de ruta' (ADR 0055) in the tests and the browser journeys. */
export const ROADMAP_JSON = {
  milestones: [
    {
      stage: 'Próximos 30 días',
      title: 'Validar con restaurantes',
      tasks: [
        {
          kind: 'experimento',
          title: 'Cata con diez restaurantes del barrio',
          why: 'Es el supuesto más arriesgado: que paguen más por el origen.',
          done_when: 'Al menos tres hacen un pedido de prueba.',
        },
        {
          kind: 'tarea',
          title: 'Conseguir tus primeros clientes de pago',
          why: 'Sin ventas no hay negocio.',
          done_when: 'Tienes tus primeras ventas cobradas.',
        },
      ],
    },
    {
      stage: 'Próximos 60 días',
      title: 'Ponerse en regla',
      tasks: [
        {
          kind: 'tramite',
          title: 'Registro sanitario de la actividad',
          why: 'Hace falta para distribuir alimentos.',
          done_when: 'Tienes el número de registro.',
        },
      ],
    },
  ],
};

/** True for the request of 'Revisar mi hoja de ruta' (its system prompt names the roadmap). */
export const isRoadmapRequest = (body: RecordedRequest['body']) =>
  !body.stream && String(body.messages[0]?.content ?? '').includes('prepara la hoja de ruta de un negocio');

export const roadmapScript = (answer: unknown = ROADMAP_JSON): FakeScript => ({
  tokens: [typeof answer === 'string' ? answer : JSON.stringify(answer)],
});
