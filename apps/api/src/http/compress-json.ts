import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/** Below this a JSON answer goes as it is: compressing it would cost more CPU than the bytes it saves. */
export const JSON_COMPRESSION_THRESHOLD = 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const compressJson = compress({ threshold: JSON_COMPRESSION_THRESHOLD, contentTypeFilter: JSON_TYPE });
const noNext = async () => {};

/**
 * Compresses JSON answers above the threshold (gzip, with Hono's compress middleware; ADR 0052). Only JSON:
 * a streamed answer (text, an event stream, a file download) is never touched, so nothing waits to fill a
 * compression buffer. A JSON body is whole in memory already; its length is set here because Hono's
 * `c.json` sets none and the middleware's threshold reads it.
 */
export function compressJsonResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || !JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return;
    if (!res.headers.has('Content-Length')) {
      const bytes = new Uint8Array(await res.arrayBuffer());
      const sized = new Response(bytes, res);
      sized.headers.set('Content-Length', String(bytes.byteLength));
      c.res = undefined;
      c.res = sized;
    }
    await compressJson(c, noNext);
  };
}
