import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { PUBLIC_CONFIG_META, type PublicConfig, SIGNED_OUT_META, SIGNED_OUT_PRELOAD } from '@rumbo/contract';
import type { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../http/context.ts';
import { preferredEncoding } from './encoding.ts';
import { webManifest } from './manifest.ts';

/**
 * Serves the built SPA: hashed assets with a year of caching, in the brotli or gzip copy the build wrote
 * beside each (ADR 0052) when the browser accepts it, and index.html (revalidated on every load, with the
 * installation's public config in a <meta> tag and its title) for every other non-API path so that
 * client-side routes survive a reload. A request without a session cookie gets the page that says so, and
 * the app shows the login without first asking for the session: a round trip less on a phone's network.
 * A request with one gets the page without the login screen's preload (SIGNED_OUT_PRELOAD).
 */
export function mountSpa(
  app: Hono<AppEnv>,
  distDir: string,
  { config, signedOut }: { config: PublicConfig; signedOut: (headers: Headers) => boolean },
): void {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    throw new Error(`The web app is not built: ${indexPath} is missing (run npm run build)`);
  }
  const source = fs.readFileSync(indexPath, 'utf8');
  const pages = {
    signedOut: compressedCopies(renderIndexHtml(source, config, { signedOut: true })),
    maybeSignedIn: compressedCopies(renderIndexHtml(source, config, { signedOut: false })),
  };
  const manifest = JSON.stringify(webManifest(config.productName));

  app.use('/assets/*', async (c, next) => {
    await next();
    // File names carry a content hash: a name never changes content.
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', serveStatic({ root: distDir, precompressed: true }));
  // A missing hashed asset is a 404, not the SPA: a stale tab must not parse HTML as JavaScript.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  // The product name is a setting, so the manifest is written here rather than in the build.
  app.get('/manifest.webmanifest', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.body(manifest, 200, { 'Content-Type': 'application/manifest+json; charset=utf-8' });
  });
  app.use('*', async (c, next) =>
    c.req.path === '/' ? next() : serveStatic({ root: distDir, precompressed: true })(c, next),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding, Cookie');
    const encoding = preferredEncoding(c.req.header('accept-encoding'));
    if (encoding) c.header('Content-Encoding', encoding);
    const page = signedOut(c.req.raw.headers) ? pages.signedOut : pages.maybeSignedIn;
    return c.body(page[encoding ?? 'identity'], 200, { 'Content-Type': 'text/html; charset=utf-8' });
  });
}

/** The page, rendered once at start, in each encoding a browser may ask for. */
function compressedCopies(page: string) {
  const bytes = Buffer.from(page);
  const toBody = (buffer: Buffer) => Uint8Array.from(buffer);
  return {
    identity: toBody(bytes),
    br: toBody(
      zlib.brotliCompressSync(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
      }),
    ),
    gzip: toBody(zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION })),
  };
}

export function renderIndexHtml(
  source: string,
  config: PublicConfig,
  { signedOut }: { signedOut: boolean },
): string {
  const configMeta = html`<meta name="${PUBLIC_CONFIG_META}" content="${JSON.stringify(config)}" />`;
  const meta = signedOut ? `${configMeta}\n    <meta name="${SIGNED_OUT_META}" />` : configMeta.toString();
  const title = html`<title>${config.productName}</title>`.toString();
  const openGraph = html`<meta property="og:title" content="${config.productName}" />
    <meta property="og:site_name" content="${config.productName}" />`.toString();
  const page = source.replace(/<title>[^<]*<\/title>/, `${title}\n    ${openGraph}\n    ${meta}`);
  return signedOut ? page : page.replace(signedOutPreloads, '');
}

const signedOutPreloads = new RegExp(`^[ \\t]*<link\\b[^>]*\\s${SIGNED_OUT_PRELOAD}\\b[^>]*>\\r?\\n?`, 'gm');
