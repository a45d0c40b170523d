import { createRoute, z } from '@hono/zod-openapi';
import {
  adminAuditSchema,
  adminFailedResearchesSchema,
  adminFeedbackQuerySchema,
  adminFeedbackSchema,
  adminOverviewSchema,
  adminPeriodSchema,
  adminRetryResultSchema,
  adminUsersQuerySchema,
  adminUsersSchema,
  grantCreditsInputSchema,
  grantCreditsResultSchema,
  idText,
} from '@rumbo/contract';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/create-router.ts';
import { errorResponse, json, signedIn } from '../../http/openapi.ts';
import type { Auth } from '../auth/auth.ts';
import { latestAudit } from './audit.ts';
import { failedResearches, retryResearch, type StartResearchFor } from './failed-researches.ts';
import { grantCredits } from './grant-credits.ts';
import { listFeedback } from './list-feedback.ts';
import { listUsers } from './list-users.ts';
import { readOverview } from './overview.ts';
import { requireOperator } from './require-operator.ts';

const tags = ['Consola'];
const denied = {
  401: errorResponse('Sin sesión'),
  403: errorResponse('No es operador (ADMIN_EMAILS)'),
};
const userIdParams = z.object({ id: idText() });

const overviewRoute = createRoute({
  method: 'get',
  path: '/admin/overview',
  tags,
  summary:
    'Cifras del periodo: altas, embudo, actividad, respuestas, créditos, planes, investigación, audiencia',
  security: signedIn,
  request: { query: adminPeriodSchema },
  responses: {
    200: { description: 'Las cifras', content: json(adminOverviewSchema) },
    400: errorResponse('Periodo no válido'),
    ...denied,
  },
});

const usersRoute = createRoute({
  method: 'get',
  path: '/admin/users',
  tags,
  summary: 'Usuarios, buscados por correo o nombre, por páginas',
  security: signedIn,
  request: { query: adminUsersQuerySchema },
  responses: { 200: { description: 'Una página', content: json(adminUsersSchema) }, ...denied },
});

const grantRoute = createRoute({
  method: 'post',
  path: '/admin/users/{id}/credits',
  tags,
  summary: 'Añade créditos a un usuario (queda en la auditoría con el motivo)',
  security: signedIn,
  request: {
    params: userIdParams,
    body: { required: true, content: json(grantCreditsInputSchema) },
  },
  responses: {
    200: { description: 'El saldo después', content: json(grantCreditsResultSchema) },
    400: errorResponse('Datos no válidos'),
    404: errorResponse('Usuario no encontrado'),
    ...denied,
  },
});

const failedRoute = createRoute({
  method: 'get',
  path: '/admin/researches/failed',
  tags,
  summary: 'Investigaciones cuya última ejecución falló',
  security: signedIn,
  responses: {
    200: { description: 'Las ejecuciones', content: json(adminFailedResearchesSchema) },
    ...denied,
  },
});

const retryRoute = createRoute({
  method: 'post',
  path: '/admin/researches/{id}/retry',
  tags,
  summary: 'Reintenta una investigación fallida (queda en la auditoría)',
  security: signedIn,
  request: { params: userIdParams },
  responses: {
    201: { description: 'La nueva ejecución', content: json(adminRetryResultSchema) },
    404: errorResponse('Investigación no encontrada'),
    409: errorResponse('No es la última ejecución fallida'),
    ...denied,
  },
});

const auditRoute = createRoute({
  method: 'get',
  path: '/admin/audit',
  tags,
  summary: 'Las últimas acciones del equipo de operación',
  security: signedIn,
  responses: { 200: { description: 'La auditoría', content: json(adminAuditSchema) }, ...denied },
});

const feedbackRoute = createRoute({
  method: 'get',
  path: '/admin/feedback',
  tags,
  summary: 'Los últimos comentarios sobre el producto y valoraciones de respuestas, por páginas',
  security: signedIn,
  request: { query: adminFeedbackQuerySchema },
  responses: { 200: { description: 'Una página de cada', content: json(adminFeedbackSchema) }, ...denied },
});

/** The operator's console API (/api/admin/*). */
export function adminRoutes(deps: {
  auth: Auth;
  db: Db;
  adminEmails: readonly string[];
  startResearchFor: StartResearchFor;
}) {
  const { db } = deps;
  const app = createRouter();
  app.use('/admin/*', requireOperator(deps.auth, db, deps.adminEmails));
  app.openapi(overviewRoute, async (c) =>
    c.json(await readOverview(db, c.req.valid('query'), deps.adminEmails), 200),
  );
  app.openapi(usersRoute, async (c) => c.json(await listUsers(db, c.req.valid('query')), 200));
  app.openapi(grantRoute, async (c) => {
    const available = await grantCredits(db, c.get('operator'), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ available_credits: available }, 200);
  });
  app.openapi(failedRoute, async (c) => c.json({ researches: await failedResearches(db) }, 200));
  app.openapi(retryRoute, async (c) => {
    const id = await retryResearch(db, c.get('operator'), c.req.valid('param').id, deps.startResearchFor);
    return c.json({ research_id: id }, 201);
  });
  app.openapi(auditRoute, async (c) => c.json({ entries: await latestAudit(db) }, 200));
  app.openapi(feedbackRoute, async (c) => c.json(await listFeedback(db, c.req.valid('query')), 200));
  return app;
}
