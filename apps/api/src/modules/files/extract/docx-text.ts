import { on } from 'node:events';
import type { Readable } from 'node:stream';
import mammoth from 'mammoth';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { DOCX_MAX_ENTRIES, DOCX_MAX_INFLATED_BYTES, DOCX_MAX_RATIO, TEXT_MAX_CHARS } from './limits.ts';

/** The zip unpacks into more than a document should (a zip bomb, or one that lies about its sizes). */
export class InflatesTooMuch extends Error {}

const MB = 1024 * 1024;

const openZip = (data: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    // Sizes are checked below, as the bytes come, against our own limits (not only the declared ones).
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: false }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );

const openEntry = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );

/**
 * Checks a DOCX's zip before a reader unpacks it whole: entry count, the declared sizes and compression
 * ratios from the central directory, then the real inflated bytes of every entry against its declared
 * size (whose total is within the limit already).
 */
async function checkDocxZip(data: Buffer): Promise<void> {
  const zip = await openZip(data);
  try {
    if (zip.entryCount > DOCX_MAX_ENTRIES) throw new InflatesTooMuch();
    let declared = 0;
    const entries = on(zip, 'entry', { close: ['end'] }) as AsyncIterable<[Entry]>;
    zip.readEntry();
    for await (const [entry] of entries) {
      declared += entry.uncompressedSize;
      if (declared > DOCX_MAX_INFLATED_BYTES) throw new InflatesTooMuch();
      if (entry.uncompressedSize > MB && entry.uncompressedSize > entry.compressedSize * DOCX_MAX_RATIO) {
        throw new InflatesTooMuch();
      }
      let inflated = 0;
      for await (const chunk of await openEntry(zip, entry)) {
        inflated += (chunk as Buffer).length;
        if (inflated > entry.uncompressedSize) throw new InflatesTooMuch();
      }
      zip.readEntry();
    }
  } finally {
    zip.close();
  }
}

/** The text of a Word document, once its zip is known to unpack within the limits. */
export async function readDocxText(data: Uint8Array): Promise<string> {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  await checkDocxZip(buffer);
  return (await mammoth.extractRawText({ buffer })).value.slice(0, TEXT_MAX_CHARS);
}
