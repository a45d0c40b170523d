import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PageRefused } from './page-refused.ts';

/** A decoder per Content-Encoding; unknown ones are refused rather than read as garbage. */
function decoderFor(encoding: string): Transform | null {
  // Browsers read a truncated compressed body as far as it goes; so does this.
  const lenient = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  switch (encoding) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip(lenient);
    case 'deflate':
      return zlib.createInflate(lenient);
    case 'br':
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    default:
      throw new PageRefused('La página usa una compresión que no se sabe leer.');
  }
}

/**
 * The response's body, decoded, at most `maxBytes` of it: counted after decoding, since a few KB of gzip
 * may inflate to gigabytes, and reading stops (the connection is closed) as soon as it is over. Any
 * stream's failure, a connection cut halfway included, rejects instead of leaving the read waiting.
 */
export async function readCappedBody(
  res: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Buffer> {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  let decoder: Transform | null;
  try {
    decoder = decoderFor(encoding);
  } catch (error) {
    res.destroy();
    throw error;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // What failed first decides the message: the pipeline then tears the other streams down with errors.
  let failed: 'size' | 'decoding' | 'connection' | null = null;
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) {
        failed ??= 'size';
        throw new PageRefused('La página es demasiado grande para leerla.');
      }
      chunks.push(chunk);
    }
  };
  res.once('error', () => {
    failed ??= 'connection';
  });
  decoder?.once('error', () => {
    failed ??= 'decoding';
  });
  try {
    // The pipeline's own signal: aborting the request alone does not always end a body being read.
    if (decoder) await pipeline(res, decoder, collect, { signal });
    else await pipeline(res, collect, { signal });
  } catch (error) {
    if (failed === 'size') throw new PageRefused('La página es demasiado grande para leerla.');
    if (failed === 'decoding') throw new PageRefused('La página no se pudo descomprimir.');
    throw error;
  }
  return Buffer.concat(chunks);
}
