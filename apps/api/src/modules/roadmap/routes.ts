import { createRoute, z } from '@hono/zod-openapi';
import {
  apiErrorSchema,
  milestoneInputSchema,
  milestonePatchSchema,
  roadmapViewSchema,
  taskInputSchema,
  taskPatchSchema,
} from '@rumbo/contract';
import type { Assistant } from '../../ai/assistant.ts';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/create-router.ts';
import { json, named, signedIn } from '../../http/openapi.ts';
import { idParam, idParams } from '../../http/params.ts';
import type { TrackEvent } from '../../lib/track.ts';
import { applyRevision, discardRevision } from './apply-revision.ts';
import { createRoadmap } from './create-roadmap.ts';
import { addMilestone, editMilestone } from './edit-milestones.ts';
import { addTask, editTask } from './edit-tasks.ts';
import { proposeRevision } from './propose-revision.ts';
import { roadmapBusiness, roadmapView } from './roadmap-store.ts';
import { undoChange } from './undo-change.ts';

const tags = ['Hoja de ruta'];
const errors = {
  400: { description: 'Datos no válidos', content: json(apiErrorSchema) },
  401: { description: 'Sin sesión', content: json(apiErrorSchema) },
  403: { description: 'El plan no incluye la hoja de ruta', content: json(apiErrorSchema) },
  404: { description: 'No existe o no es tuyo', content: json(apiErrorSchema) },
};
const PLAN_NOTE = 'Planes CEO (403 `ROADMAP_NOT_ALLOWED`); el negocio de otro usuario no existe (404).';

/** A business's roadmap (ADR 0055, product.md §2.14): only its owner, on a plan that has it. */
export function roadmapRoutes(deps: { db: Db; track: TrackEvent; assistant: Assistant }) {
  const { db } = deps;
  const app = createRouter();
  const view = named(roadmapViewSchema, 'HojaDeRuta');
  const ok = { 200: { description: 'La hoja de ruta', content: json(view) } };
  const path = '/businesses/{id}/roadmap';
  const milestoneParams = z.object({ id: idParam('id'), milestoneId: idParam('milestoneId') });
  const taskParams = z.object({ id: idParam('id'), taskId: idParam('taskId') });

  app.openapi(
    createRoute({
      method: 'get',
      path,
      tags,
      summary: 'La hoja de ruta del negocio (roadmap null si todavía no tiene)',
      description: PLAN_NOTE,
      security: signedIn,
      request: { params: idParams },
      responses: { ...ok, ...errors },
    }),
    async (c) => {
      const business = await roadmapBusiness(db, c.get('userId'), c.req.valid('param').id);
      return c.json(await roadmapView(db, business), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path,
      tags,
      summary: "'Crear mi hoja de ruta': la plantilla a partir del perfil y del último estudio de mercado",
      description: `${PLAN_NOTE} Los supuestos más arriesgados del estudio son experimentos; sus riesgos y su viabilidad, tareas; sus trámites, pasos. 409 si ya tiene una.`,
      security: signedIn,
      request: { params: idParams },
      responses: {
        201: { description: 'Creada', content: json(view) },
        409: { description: 'Ya tiene hoja de ruta', content: json(apiErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const userId = c.get('userId');
      const business = await roadmapBusiness(db, userId, c.req.valid('param').id);
      return c.json(await createRoadmap(deps, userId, business), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${path}/milestones`,
      tags,
      summary: 'Añadir un hito (el último)',
      description: PLAN_NOTE,
      security: signedIn,
      request: {
        params: idParams,
        body: { required: true, content: json(named(milestoneInputSchema, 'HitoNuevo')) },
      },
      responses: { ...ok, ...errors },
    }),
    async (c) => {
      const business = await roadmapBusiness(db, c.get('userId'), c.req.valid('param').id);
      return c.json(await addMilestone(db, business, c.req.valid('json')), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: `${path}/milestones/{milestoneId}`,
      tags,
      summary: 'Renombrar o mover un hito: solo cambia lo que se nombra',
      description: PLAN_NOTE,
      security: signedIn,
      request: {
        params: milestoneParams,
        body: { required: true, content: json(named(milestonePatchSchema, 'HitoCambio')) },
      },
      responses: { ...ok, ...errors },
    }),
    async (c) => {
      const { id, milestoneId } = c.req.valid('param');
      const business = await roadmapBusiness(db, c.get('userId'), id);
      return c.json(await editMilestone(db, business, milestoneId, c.req.valid('json')), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${path}/tasks`,
      tags,
      summary: 'Añadir una tarea (la última de su hito)',
      description: PLAN_NOTE,
      security: signedIn,
      request: {
        params: idParams,
        body: { required: true, content: json(named(taskInputSchema, 'TareaNueva')) },
      },
      responses: { ...ok, ...errors },
    }),
    async (c) => {
      const business = await roadmapBusiness(db, c.get('userId'), c.req.valid('param').id);
      return c.json(await addTask(db, business, c.req.valid('json')), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: `${path}/tasks/{taskId}`,
      tags,
      summary:
        'Cambiar una tarea (título, por qué, cuándo está hecha, fecha, estado, notas, hito o posición)',
      description: `${PLAN_NOTE} Solo cambia lo que se nombra.`,
      security: signedIn,
      request: {
        params: taskParams,
        body: { required: true, content: json(named(taskPatchSchema, 'TareaCambio')) },
      },
      responses: { ...ok, ...errors },
    }),
    async (c) => {
      const { id, taskId } = c.req.valid('param');
      const userId = c.get('userId');
      const business = await roadmapBusiness(db, userId, id);
      return c.json(await editTask(deps, userId, business, taskId, c.req.valid('json')), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${path}/undo`,
      tags,
      summary: "'Deshacer': vuelve atrás el último cambio de los últimos 5 minutos",
      description: `${PLAN_NOTE} 409 \`NOTHING_TO_UNDO\` si no queda ninguno.`,
      security: signedIn,
      request: { params: idParams },
      responses: {
        ...ok,
        409: { description: 'Nada que deshacer', content: json(apiErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const business = await roadmapBusiness(db, c.get('userId'), c.req.valid('param').id);
      return c.json(await undoChange(db, business), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${path}/proposal`,
      tags,
      summary:
        "'Revisar mi hoja de ruta': el mentor propone una hoja de ruta nueva, que no se aplica todavía",
      description:
        `${PLAN_NOTE} Con un modelo configurado cuesta 1 crédito (402 sin créditos), que se devuelve si no da ninguna ` +
        'propuesta (502); sin modelo (o en modo demostración) la propuesta es la plantilla, gratis. La respuesta ' +
        'dice qué tareas añade, quita y conserva.',
      security: signedIn,
      request: { params: idParams },
      responses: {
        ...ok,
        402: { description: 'Sin créditos', content: json(apiErrorSchema) },
        502: { description: 'El modelo no dio ninguna propuesta', content: json(apiErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const userId = c.get('userId');
      const business = await roadmapBusiness(db, userId, c.req.valid('param').id);
      return c.json(await proposeRevision(deps, userId, business), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${path}/proposal/apply`,
      tags,
      summary: 'Aplicar la revisión pendiente (se puede deshacer)',
      description: `${PLAN_NOTE} 409 si no hay ninguna revisión pendiente.`,
      security: signedIn,
      request: { params: idParams },
      responses: {
        ...ok,
        409: { description: 'No hay revisión pendiente', content: json(apiErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const business = await roadmapBusiness(db, c.get('userId'), c.req.valid('param').id);
      return c.json(await applyRevision(db, business), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: `${path}/proposal`,
      tags,
      summary: 'Descartar la revisión pendiente: la hoja de ruta queda como está',
      description: PLAN_NOTE,
      security: signedIn,
      request: { params: idParams },
      responses: { ...ok, ...errors },
    }),
    async (c) => {
      const business = await roadmapBusiness(db, c.get('userId'), c.req.valid('param').id);
      return c.json(await discardRevision(db, business), 200);
    },
  );
  return app;
}
