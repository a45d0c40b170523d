import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Router } from './create-router.ts';

const require = createRequire(import.meta.url);
const SWAGGER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const swaggerCache = new Map<string, Buffer>();

const DOCS_PAGE = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API · documentación</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>`;

// An external file rather than an inline script, so the docs page passes the strict CSP too.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** The OpenAPI document at /api/openapi.json and Swagger UI, served from the package, at /api/docs. */
export function mountDocs(api: Router, productName: string): void {
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'El `access_token` de POST /api/token',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'cookieAuth', {
    type: 'apiKey',
    in: 'cookie',
    name: 'rumbo.session_token',
  });
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: `${productName} API`,
      version: '1.0.0',
      description: `API de ${productName}. Todas las rutas cuelgan de /api.`,
    },
    servers: [{ url: '/api' }],
  });
  api.get('/docs', (c) => c.html(DOCS_PAGE));
  api.get('/docs/init.js', (c) =>
    c.body(INIT_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );
  api.get('/docs/:file', (c) => {
    const file = c.req.param('file');
    const type = SWAGGER_FILES[file];
    if (!type) return c.notFound();
    let content = swaggerCache.get(file);
    if (!content) {
      content = fs.readFileSync(path.join(SWAGGER_DIR, file));
      swaggerCache.set(file, content);
    }
    return c.body(new Uint8Array(content), 200, {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=86400',
    });
  });
}
