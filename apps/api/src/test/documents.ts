/**
 * Real documents made on the fly, for upload tests: PDFs written by hand, a DOCX zipped, and the
 * hostile files of the hostile-files gate (page-tree and Flate PDF bombs, a DOCX zip bomb, a PNG
 * decompression bomb).
 */
import zlib from 'node:zlib';
import JSZip from 'jszip';

/** Latin-1 bytes of a PDF string, with WinAnsi's '€' (0x80). */
function winAnsi(text: string): Buffer {
  const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
  return Buffer.from(Array.from(escaped, (ch) => (ch === '€' ? 0x80 : (ch.codePointAt(0) ?? 63) & 0xff)));
}

/** The content stream that draws `lines` in Helvetica (object 3 of the PDFs below), one under another. */
function textContent(lines: string[]): Buffer {
  return Buffer.concat([
    Buffer.from('BT /F1 12 Tf 72 720 Td 16 TL\n'),
    ...lines.flatMap((line) => [Buffer.from('('), winAnsi(line), Buffer.from(") '\n")]),
    Buffer.from('ET\n'),
  ]);
}

const stream = (dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);

const page = (contents: number) =>
  Buffer.from(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contents} 0 R >>`,
  );
const HELVETICA = Buffer.from(
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
);

/** A PDF of `objects`, numbered from 1 (the catalog), with its cross-reference table. */
function pdfOf(objects: Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  ].join('');
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

/** A one-page PDF whose lines are drawn in Helvetica with WinAnsi encoding (accents and '€' included). */
export function makePdf(lines: string[]): Buffer {
  return makePagesPdf([lines]);
}

/** A PDF with one page per entry of `pages`, each drawing its lines. */
export function makePagesPdf(pages: string[][]): Buffer {
  // Objects: 1 catalog, 2 page tree, 3 font, then a page and its content per page.
  const kids = pages.map((_, i) => `${4 + 2 * i} 0 R`).join(' ');
  return pdfOf([
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`),
    HELVETICA,
    ...pages.flatMap((lines, i) => [page(5 + 2 * i), stream('', textContent(lines))]),
  ]);
}

/**
 * A one-page PDF drawing `lines` whose catalog runs `script` as soon as a viewer opens it (an
 * `/OpenAction` JavaScript action): a viewer that runs document JavaScript shows, say, an alert.
 */
export function makeScriptedPdf(lines: string[], script: string): Buffer {
  return pdfOf([
    Buffer.concat([
      Buffer.from('<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS ('),
      winAnsi(script),
      Buffer.from(') >> >>'),
    ]),
    Buffer.from('<< /Type /Pages /Kids [4 0 R] /Count 1 >>'),
    HELVETICA,
    page(5),
    stream('', textContent(lines)),
  ]);
}

/**
 * The page-tree bomb: one page object listed `times` times in the tree's /Kids, a 180 KB
 * file that a reader without a page limit walks as 30,000 pages.
 */
export function makePageTreeBombPdf(times = 30_000): Buffer {
  return pdfOf([
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(`<< /Type /Pages /Kids [${'4 0 R '.repeat(times)}] /Count ${times} >>`),
    HELVETICA,
    page(5),
    stream('', textContent(['Una página repetida'])),
  ]);
}

/** A stream of `head`, `chunk` `times` times and `tail`, deflated without holding the inflated bytes. */
interface Repeated {
  head?: Buffer;
  chunk: Buffer;
  times: number;
  tail?: Buffer;
}

function deflateRepeated(data: Repeated, raw = false): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const deflate = raw ? zlib.createDeflateRaw({ level: 9 }) : zlib.createDeflate({ level: 9 });
    const out: Buffer[] = [];
    deflate.on('data', (part: Buffer) => out.push(part));
    deflate.on('end', () => resolve(Buffer.concat(out)));
    deflate.on('error', reject);
    if (data.head) deflate.write(data.head);
    for (let i = 0; i < data.times; i++) deflate.write(data.chunk);
    if (data.tail) deflate.write(data.tail);
    deflate.end();
  });
}

function crcOf(data: Repeated): number {
  let crc = data.head ? zlib.crc32(data.head) : 0;
  for (let i = 0; i < data.times; i++) crc = zlib.crc32(data.chunk, crc);
  return data.tail ? zlib.crc32(data.tail, crc) : crc;
}

const sizeOf = (data: Repeated) =>
  (data.head?.length ?? 0) + data.chunk.length * data.times + (data.tail?.length ?? 0);

const MB = 1024 * 1024;

/** A one-page PDF whose content stream is `content`, Flate-compressed. */
async function flatePdf(content: Repeated): Promise<Buffer> {
  return pdfOf([
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [4 0 R] /Count 1 >>'),
    HELVETICA,
    page(5),
    stream('/Filter /FlateDecode', await deflateRepeated(content)),
  ]);
}

/**
 * The Flate bomb: a one-page PDF whose content stream, a few hundred KB compressed,
 * inflates to one text string of `inflatedMb` MB, a single token that a reader takes in whole.
 */
export function makeFlateBombPdf(inflatedMb = 100): Promise<Buffer> {
  return flatePdf({
    head: Buffer.from('BT /F1 12 Tf 72 720 Td ('),
    chunk: Buffer.alloc(MB, 'a'),
    times: inflatedMb,
    tail: Buffer.from(') Tj ET'),
  });
}

/**
 * A PDF whose content stream inflates to `inflatedMb` MB of blank space: slow to read and heavy in
 * inflated bytes, light on the reader's heap.
 */
export function makeBlankFlatePdf(inflatedMb = 300): Promise<Buffer> {
  return flatePdf({ chunk: Buffer.alloc(MB, ' '), times: inflatedMb });
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';
const RELATIONSHIPS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';
const DOCUMENT_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const DOCUMENT_TAIL = '</w:body></w:document>';

/** A minimal Word (.docx) document with one paragraph per line. */
export async function makeDocx(paragraphs: string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('_rels/.rels', RELATIONSHIPS);
  zip.file(
    'word/document.xml',
    DOCUMENT_HEAD +
      paragraphs
        .map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`)
        .join('') +
      DOCUMENT_TAIL,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

interface ZipEntry {
  name: string;
  /** Raw-deflated bytes. */
  deflated: Buffer;
  crc: number;
  size: number;
  /** The inflated size the zip's headers state (a lying zip states less than `size`). */
  declaredSize?: number;
}

async function zipEntry(name: string, data: Repeated, declaredSize?: number): Promise<ZipEntry> {
  return {
    name,
    deflated: await deflateRepeated(data, true),
    crc: crcOf(data),
    size: sizeOf(data),
    declaredSize,
  };
}

/**
 * A zip of deflated entries. Written here rather than with JSZip because a bomb's part must be
 * deflated in streaming by zlib (JSZip takes seconds to deflate 200 MB) and may lie about its size.
 */
function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    // From "version needed" to "extra field length": the same 26 bytes in both headers.
    const shared = Buffer.alloc(26);
    shared.writeUInt16LE(20, 0); // version needed
    shared.writeUInt16LE(8, 4); // deflate
    shared.writeUInt32LE(entry.crc >>> 0, 10);
    shared.writeUInt32LE(entry.deflated.length, 14);
    shared.writeUInt32LE(entry.declaredSize ?? entry.size, 18);
    shared.writeUInt16LE(name.length, 22);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    shared.copy(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    shared.copy(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The DOCX zip bomb: a valid Word package whose document.xml, a few hundred KB in the zip,
 * inflates to `inflatedMb` MB of blank text. With `lying`, its headers state a 1 KB document.xml.
 */
export async function makeDocxBomb(options: { inflatedMb?: number; lying?: boolean } = {}): Promise<Buffer> {
  const document: Repeated = {
    head: Buffer.from(`${DOCUMENT_HEAD}<w:p><w:r><w:t xml:space="preserve">`),
    chunk: Buffer.alloc(MB, ' '),
    times: options.inflatedMb ?? 200,
    tail: Buffer.from(`</w:t></w:r></w:p>${DOCUMENT_TAIL}`),
  };
  const part = (text: string): Repeated => ({ chunk: Buffer.from(text), times: 1 });
  return zipOf([
    await zipEntry('[Content_Types].xml', part(CONTENT_TYPES)),
    await zipEntry('_rels/.rels', part(RELATIONSHIPS)),
    await zipEntry('word/document.xml', document, options.lying ? 1024 : undefined),
  ]);
}

/** A DOCX whose zip holds `count` small entries besides the document (a zip of many entries). */
export async function makeDocxWithEntries(count: number): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('_rels/.rels', RELATIONSHIPS);
  zip.file('word/document.xml', `${DOCUMENT_HEAD}<w:p><w:r><w:t>Hola</w:t></w:r></w:p>${DOCUMENT_TAIL}`);
  for (let i = 0; i < count; i++) zip.file(`word/media/extra-${i}.xml`, '<x/>');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The PNG decompression bomb: a black-and-white `side`×`side` image of zeros, about 50 KB
 * for 20,000×20,000 (400 megapixels) that a decoder without a pixel limit unpacks in full.
 */
export async function makePngBomb(side = 20_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // 1 bit per pixel
  header.writeUInt8(0, 9); // greyscale
  // Each row: filter byte 0, then side/8 bytes of zeros.
  const row = Buffer.alloc(1 + Math.ceil(side / 8));
  const pixels = await deflateRepeated({ chunk: row, times: side });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
