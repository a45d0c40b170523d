import { createRoute, z } from '@hono/zod-openapi';
import {
  apiErrorSchema,
  BUSINESS_STAGE_SEGMENTS,
  type BusinessStage,
  businessSchema,
  establishedInputSchema,
  establishedPatchSchema,
  establishedSchema,
  ideaInputSchema,
  ideaPatchSchema,
  ideaSchema,
} from '@rumbo/contract';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/create-router.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { json, signedIn } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import type { FileStorage } from '../files/storage.ts';
import { deleteLogo, readLogo, setLogo } from './business-logo.ts';
import { createBusiness } from './create-business.ts';
import { deleteBusiness } from './delete-business.ts';
import { getBusiness, listBusinesses } from './owned-business.ts';
import { updateBusiness } from './update-business.ts';

const security = signedIn;
const errors = {
  400: { description: 'Datos no válidos (`field` dice cuál)', content: json(apiErrorSchema) },
  401: { description: 'Sin sesión', content: json(apiErrorSchema) },
  404: { description: 'No existe o no es tuyo', content: json(apiErrorSchema) },
};
const STAGES = {
  idea: {
    segment: BUSINESS_STAGE_SEGMENTS.idea,
    tag: 'Ideas de negocio',
    schema: ideaSchema,
    // The whole input with its rules across fields: the body is checked once, here.
    input: ideaInputSchema,
    patch: ideaPatchSchema,
  },
  established: {
    segment: BUSINESS_STAGE_SEGMENTS.established,
    tag: 'Empresas consolidadas',
    schema: establishedSchema,
    input: establishedInputSchema,
    patch: establishedPatchSchema,
  },
} as const;

/**
 * `onCreated` runs after a business is stored (the app starts its market research there, so a closed
 * tab does not lose it); its failure is logged and does not undo the creation.
 */
export function businessRoutes(
  deps: { db: Db; storage: FileStorage },
  onCreated: (userId: number, businessId: number) => Promise<unknown> = async () => {},
) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/businesses',
      tags: ['Negocios'],
      summary: 'Tus negocios, por id ascendente',
      security,
      request: { query: z.object({ forceCache: z.string().optional() }) },
      responses: { 200: { description: 'Lista', content: json(z.array(businessSchema)) }, 401: errors[401] },
    }),
    async (c) => c.json(await listBusinesses(db, c.get('userId')), 200),
  );

  for (const stage of Object.keys(STAGES) as BusinessStage[]) {
    const { segment, tag, schema, input, patch } = STAGES[stage];
    const base = `/businesses/${segment}`;

    app.openapi(
      createRoute({
        method: 'post',
        path: base,
        tags: [tag],
        summary: 'Crear',
        security,
        request: { body: { required: true, content: json(input) } },
        responses: {
          201: { description: 'Creado', content: json(schema) },
          400: errors[400],
          401: errors[401],
          403: {
            description: 'Límite de negocios del plan (`BUSINESS_LIMIT_REACHED`)',
            content: json(apiErrorSchema),
          },
        },
      }),
      async (c) => {
        const business = await createBusiness(db, c.get('userId'), stage, c.req.valid('json'));
        await onCreated(c.get('userId'), business.id).catch((error: unknown) => {
          // A plan's refusal (Founder's quota already used) is expected: the business is created anyway.
          if (error instanceof AppError && error.status < 500) return;
          c.get('logger').error(
            { err: error, businessId: business.id },
            'starting the market research failed',
          );
        });
        return c.json(business, 201);
      },
    );

    app.openapi(
      createRoute({
        method: 'get',
        path: `${base}/{id}`,
        tags: [tag],
        summary: 'Leer',
        security,
        request: { params: idParams },
        responses: {
          200: { description: 'El negocio', content: json(schema) },
          401: errors[401],
          404: errors[404],
        },
      }),
      async (c) => c.json(await getBusiness(db, c.get('userId'), stage, c.req.valid('param').id), 200),
    );

    app.openapi(
      createRoute({
        method: 'patch',
        path: `${base}/{id}`,
        tags: [tag],
        summary: 'Modificar',
        security,
        request: { params: idParams, body: { required: true, content: json(patch) } },
        responses: {
          200: { description: 'Modificado', content: json(schema) },
          400: errors[400],
          401: errors[401],
          404: errors[404],
        },
      }),
      async (c) =>
        c.json(
          await updateBusiness(db, c.get('userId'), stage, c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    );

    app.openapi(
      createRoute({
        method: 'delete',
        path: `${base}/{id}`,
        tags: [tag],
        summary: 'Eliminar (con sus chats, mensajes, archivos e investigaciones)',
        security,
        request: { params: idParams },
        responses: { 204: { description: 'Eliminado' }, 401: errors[401], 404: errors[404] },
      }),
      async (c) => {
        await deleteBusiness(db, deps.storage, c.get('userId'), stage, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );

    app.openapi(
      createRoute({
        method: 'put',
        path: `${base}/{id}/logo`,
        tags: [tag],
        summary: 'Subir el logo (JPEG, PNG o WebP, máximo 5 MB; campo `file`)',
        security,
        request: {
          params: idParams,
          body: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: z.object({ file: z.any().openapi({ type: 'string', format: 'binary' }) }),
              },
            },
          },
        },
        responses: {
          200: { description: 'Logo guardado', content: json(z.object({ logo_url: z.string() })) },
          400: errors[400],
          401: errors[401],
          404: errors[404],
          413: { description: 'Más de 5 MB', content: json(apiErrorSchema) },
          415: { description: 'No es JPEG, PNG ni WebP', content: json(apiErrorSchema) },
        },
      }),
      async (c) => {
        const file = (await c.req.parseBody()).file;
        if (!(file instanceof File)) throw badRequest('Falta el archivo del logo', 'file');
        const url = await setLogo(
          deps,
          c.get('userId'),
          stage,
          c.req.valid('param').id,
          new Uint8Array(await file.arrayBuffer()),
        );
        return c.json({ logo_url: url }, 200);
      },
    );

    app.openapi(
      createRoute({
        method: 'delete',
        path: `${base}/{id}/logo`,
        tags: [tag],
        summary: 'Quitar el logo',
        security,
        request: { params: idParams },
        responses: { 204: { description: 'Quitado' }, 401: errors[401], 404: errors[404] },
      }),
      async (c) => {
        await deleteLogo(deps, c.get('userId'), stage, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );

    // The logo image itself, for <img> tags: owner-only, cached for good (its URL changes with it).
    app.get(`${base}/:id/logo`, async (c) => {
      const parsed = idParams.safeParse(c.req.param());
      if (!parsed.success) throw badRequest('Identificador no válido', 'id');
      const image = await readLogo(deps, c.get('userId'), stage, parsed.data.id);
      return c.body(new Uint8Array(image), 200, {
        'Content-Type': 'image/webp',
        'Cache-Control': 'private, max-age=31536000, immutable',
      });
    });
  }
  return app;
}
