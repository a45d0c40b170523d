import { createRoute, z } from '@hono/zod-openapi';
import {
  apiErrorSchema,
  financialPlanInputSchema,
  financialPlanSchema,
  planShareSchema,
  sharedPlanSchema,
  shareInputSchema,
} from '@rumbo/contract';
import contentDisposition from 'content-disposition';
import type { Assistant } from '../../ai/assistant.ts';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/create-router.ts';
import { json, named, signedIn } from '../../http/openapi.ts';
import { idParam, idParams, textIdParam } from '../../http/params.ts';
import {
  CONTENT_TYPES,
  DOCUMENT_FORMATS,
  DOCUMENT_KINDS,
  type MadeDocument,
  makeDocument,
  ownerDocument,
} from './document/plan-document.ts';
import { proposeAssumptions } from './propose-assumptions.ts';
import { readPlan } from './read-plan.ts';
import { savePlan } from './save-plan.ts';
import { createShare, listShares, readShared, revokeShare, sharedBusiness } from './share-links.ts';

const tags = ['Plan financiero'];
const errors = {
  400: { description: 'Datos no válidos', content: json(apiErrorSchema) },
  401: { description: 'Sin sesión', content: json(apiErrorSchema) },
  404: { description: 'No existe o no es tuyo', content: json(apiErrorSchema) },
};

/** The query of a document: which one and in which format. */
export const documentQuery = z.object({
  format: z.enum(DOCUMENT_FORMATS).default('pdf'),
  kind: z.enum(DOCUMENT_KINDS).default('plan'),
});

const binary = z.string().openapi({ format: 'binary' });
export const documentContent = {
  [CONTENT_TYPES.docx]: { schema: binary },
  [CONTENT_TYPES.pdf]: { schema: binary },
};

/** A made document as a download. */
export function download(document: MadeDocument): Response {
  return new Response(new Uint8Array(document.body), {
    status: 200,
    headers: {
      'content-type': document.contentType,
      'content-disposition': contentDisposition(document.fileName),
      'cache-control': 'private, no-store',
    },
  });
}

/** A business's financial plan (ADR 0040, product.md §2.13): only its owner reads and changes it. */
export function financeRoutes(deps: { db: Db; assistant: Assistant; shareKey: Buffer }) {
  const { db } = deps;
  const shares = { db, key: deps.shareKey };
  const app = createRouter();
  const plan = named(financialPlanSchema, 'PlanFinanciero');

  app.openapi(
    createRoute({
      method: 'get',
      path: '/businesses/{id}/financial-plan',
      tags,
      summary: 'El plan financiero del negocio (o el primero, a partir de su perfil)',
      security: signedIn,
      request: { params: idParams },
      responses: { 200: { description: 'El plan', content: json(plan) }, ...errors },
    }),
    async (c) => c.json(await readPlan(db, c.get('userId'), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/businesses/{id}/financial-plan',
      tags,
      summary: 'Guardar los supuestos, los escenarios y las propuestas pendientes',
      security: signedIn,
      request: {
        params: idParams,
        body: { required: true, content: json(named(financialPlanInputSchema, 'PlanFinancieroEntrada')) },
      },
      responses: { 200: { description: 'Guardado', content: json(plan) }, ...errors },
    }),
    async (c) =>
      c.json(await savePlan(db, c.get('userId'), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/businesses/{id}/financial-plan/proposals',
      tags,
      summary:
        "'Proponer supuestos': el mentor propone supuestos a partir del perfil y del estudio de mercado",
      description:
        'Planes Founder y CEO (403 `PLAN_ADVISOR_NOT_ALLOWED`); cuesta 1 crédito (402 sin créditos), que se devuelve ' +
        'si el modelo no da ninguna propuesta (502). Las propuestas sustituyen a las pendientes.',
      security: signedIn,
      request: { params: idParams },
      responses: {
        200: { description: 'El plan con las propuestas pendientes', content: json(plan) },
        402: { description: 'Sin créditos', content: json(apiErrorSchema) },
        403: { description: 'El plan no lo incluye', content: json(apiErrorSchema) },
        502: { description: 'El modelo no dio propuestas', content: json(apiErrorSchema) },
        503: { description: 'Sin modelo configurado', content: json(apiErrorSchema) },
        ...errors,
      },
    }),
    async (c) => c.json(await proposeAssumptions(deps, c.get('userId'), c.req.valid('param').id), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/businesses/{id}/financial-plan/document',
      tags,
      summary: "'Descargar plan de empresa': el plan de empresa o el resumen de una página, en DOCX o PDF",
      description:
        'Escrito a partir del perfil, del estudio de mercado y del plan financiero: las cifras salen solo del plan y del estudio.',
      security: signedIn,
      request: { params: idParams, query: documentQuery },
      responses: { 200: { description: 'El documento', content: documentContent }, ...errors },
    }),
    async (c) => {
      const owner = { userId: c.get('userId'), businessId: c.req.valid('param').id };
      return download(await ownerDocument(db, owner, c.req.valid('query'))) as never;
    },
  );
  const sharesPath = '/businesses/{id}/financial-plan/shares';
  const share = named(planShareSchema, 'EnlaceCompartido');
  app.openapi(
    createRoute({
      method: 'post',
      path: sharesPath,
      tags,
      summary: 'Crear un enlace de solo lectura al plan (7 o 30 días)',
      description: 'Planes Founder y CEO (403 `PLAN_ADVISOR_NOT_ALLOWED`).',
      security: signedIn,
      request: { params: idParams, body: { required: true, content: json(shareInputSchema) } },
      responses: {
        201: { description: 'El enlace', content: json(share) },
        403: { description: 'El plan no lo incluye', content: json(apiErrorSchema) },
        ...errors,
      },
    }),
    async (c) =>
      c.json(
        await createShare(
          shares,
          c.get('publicOrigin'),
          c.get('userId'),
          c.req.valid('param').id,
          c.req.valid('json').days,
        ),
        201,
      ),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: sharesPath,
      tags,
      summary: 'Los enlaces del plan, con sus visitas',
      security: signedIn,
      request: { params: idParams },
      responses: { 200: { description: 'Los enlaces', content: json(z.array(share)) }, ...errors },
    }),
    async (c) =>
      c.json(await listShares(shares, c.get('publicOrigin'), c.get('userId'), c.req.valid('param').id), 200),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${sharesPath}/{shareId}`,
      tags,
      summary: 'Revocar un enlace: desde ese momento responde 404',
      security: signedIn,
      request: { params: z.object({ id: idParam('id'), shareId: textIdParam('shareId', 64) }) },
      responses: { 204: { description: 'Revocado' }, ...errors },
    }),
    async (c) => {
      const { id, shareId } = c.req.valid('param');
      await revokeShare(shares, c.get('userId'), id, shareId);
      return c.body(null, 204);
    },
  );

  // A shared link: no session, the signed token is the key (ADR 0042).
  const tokenParams = z.object({ token: textIdParam('token', 100) });
  const sharedTags = ['Enlaces compartidos'];
  const sharedErrors = {
    400: { description: 'Datos no válidos', content: json(apiErrorSchema) },
    404: { description: 'El enlace no existe, ha caducado o se revocó', content: json(apiErrorSchema) },
  };
  app.openapi(
    createRoute({
      method: 'get',
      path: '/shared/plans/{token}',
      tags: sharedTags,
      summary: 'El plan de un enlace compartido, de solo lectura (cuenta la visita)',
      request: { params: tokenParams },
      responses: {
        200: { description: 'El plan', content: json(named(sharedPlanSchema, 'PlanCompartido')) },
        ...sharedErrors,
      },
    }),
    async (c) => {
      c.header('cache-control', 'private, no-store');
      c.header('referrer-policy', 'no-referrer');
      return c.json(await readShared(shares, c.req.valid('param').token), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/shared/plans/{token}/document',
      tags: sharedTags,
      summary: 'El plan de empresa o el resumen de un enlace compartido, en DOCX o PDF',
      request: { params: tokenParams, query: documentQuery },
      responses: { 200: { description: 'El documento', content: documentContent }, ...sharedErrors },
    }),
    async (c) => {
      const { format, kind } = c.req.valid('query');
      const { business } = await sharedBusiness(shares, c.req.valid('param').token, { count: false });
      return download(await makeDocument(db, business, { kind, format })) as never;
    },
  );
  return app;
}
