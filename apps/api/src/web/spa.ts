import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { PUBLIC_CONFIG_META, type PublicConfig } from '@rumbo/contract';
import type { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../http/context.ts';

/**
 * Serves the built SPA: hashed assets with a year of caching, and index.html (never cached, with
 * the installation's public config in a <meta> tag and its title) for every other non-API path
 * so that client-side routes survive a reload.
 */
export function mountSpa(app: Hono<AppEnv>, distDir: string, config: PublicConfig): void {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    throw new Error(`The web app is not built: ${indexPath} is missing (run npm run build)`);
  }
  const indexHtml = renderIndexHtml(fs.readFileSync(indexPath, 'utf8'), config);

  app.use('/assets/*', async (c, next) => {
    await next();
    // File names carry a content hash: a name never changes content.
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', serveStatic({ root: distDir }));
  // A missing hashed asset is a 404, not the SPA: a stale tab must not parse HTML as JavaScript.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.use('*', async (c, next) => (c.req.path === '/' ? next() : serveStatic({ root: distDir })(c, next)));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}

export function renderIndexHtml(source: string, config: PublicConfig): string {
  const meta = html`<meta name="${PUBLIC_CONFIG_META}" content="${JSON.stringify(config)}" />`.toString();
  const title = html`<title>${config.productName}</title>`.toString();
  return source.replace(/<title>[^<]*<\/title>/, `${title}\n    ${meta}`);
}
