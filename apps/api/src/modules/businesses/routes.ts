import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  apiErrorSchema,
  type BusinessStage,
  businessSchema,
  establishedFieldsSchema,
  establishedPatchSchema,
  establishedSchema,
  ideaFieldsSchema,
  ideaPatchSchema,
  ideaSchema,
} from '@rumbo/contract';
import type { AppEnv } from '../../http/context.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { json, signedIn } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { requireUser } from '../../http/session.ts';
import { validationHook } from '../../http/validation.ts';
import type { Auth } from '../auth/auth.ts';
import { type BusinessService, STAGE_SEGMENT } from './service.ts';

const security = signedIn;
const errors = {
  400: { description: 'Datos no válidos (`field` dice cuál)', content: json(apiErrorSchema) },
  401: { description: 'Sin sesión', content: json(apiErrorSchema) },
  404: { description: 'No existe o no es tuyo', content: json(apiErrorSchema) },
};
const STAGES = {
  idea: {
    segment: STAGE_SEGMENT.idea,
    tag: 'Ideas de negocio',
    schema: ideaSchema,
    fields: ideaFieldsSchema,
    patch: ideaPatchSchema,
  },
  established: {
    segment: STAGE_SEGMENT.established,
    tag: 'Empresas consolidadas',
    schema: establishedSchema,
    fields: establishedFieldsSchema,
    patch: establishedPatchSchema,
  },
} as const;

/**
 * `onCreated` runs after a business is stored (the app starts its market research there, so a closed
 * tab does not lose it); its failure is logged and does not undo the creation.
 */
export function businessRoutes(
  auth: Auth,
  service: BusinessService,
  onCreated: (userId: number, businessId: number) => Promise<unknown> = async () => {},
) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/businesses', requireUser(auth));
  app.use('/businesses/*', requireUser(auth));

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
    async (c) => c.json(await service.list(c.get('userId')), 200),
  );

  for (const stage of Object.keys(STAGES) as BusinessStage[]) {
    const { segment, tag, schema, fields, patch } = STAGES[stage];
    const base = `/businesses/${segment}`;

    app.openapi(
      createRoute({
        method: 'post',
        path: base,
        tags: [tag],
        summary: 'Crear',
        security,
        request: { body: { required: true, content: json(fields) } },
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
        const business = await service.create(c.get('userId'), stage, c.req.valid('json'));
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
      async (c) => c.json(await service.get(c.get('userId'), stage, c.req.valid('param').id), 200),
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
          await service.update(c.get('userId'), stage, c.req.valid('param').id, c.req.valid('json')),
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
        await service.remove(c.get('userId'), stage, c.req.valid('param').id);
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
        const url = await service.setLogo(
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
        await service.deleteLogo(c.get('userId'), stage, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );

    // The logo image itself, for <img> tags: owner-only, cached for good (its URL changes with it).
    app.get(`${base}/:id/logo`, async (c) => {
      const parsed = idParams.safeParse(c.req.param());
      if (!parsed.success) throw badRequest('Identificador no válido', 'id');
      const image = await service.readLogo(c.get('userId'), stage, parsed.data.id);
      return c.body(new Uint8Array(image), 200, {
        'Content-Type': 'image/webp',
        'Cache-Control': 'private, max-age=31536000, immutable',
      });
    });
  }
  return app;
}
