import { afterEach, describe, expect, it } from 'vitest';
import {
  makeBlankFlatePdf,
  makeDocx,
  makeDocxBomb,
  makeDocxWithEntries,
  makeFlateBombPdf,
  makePagesPdf,
  makePdf,
} from '../../../test/documents.ts';
import { createTextExtractor, type ExtractorLimits, type TextExtractor } from './extractor.ts';
import { DOCX_MAX_ENTRIES, PDF_MAX_PAGES, TEXT_MAX_CHARS } from './limits.ts';

const opened: TextExtractor[] = [];
afterEach(async () => {
  for (const extractor of opened.splice(0)) await extractor.close();
});
function extractor(limits: Partial<ExtractorLimits> = {}): TextExtractor {
  const created = createTextExtractor(limits);
  opened.push(created);
  return created;
}

const MB = 1024 * 1024;

/** Whether a process with this id exists (a killed process reaped by its parent does not). */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The reading processes seen while `work` runs, read every 10 ms. */
async function readersDuring<T>(
  reader: TextExtractor,
  work: Promise<T>,
): Promise<{ result: T; seen: Set<number> }> {
  const seen = new Set<number>();
  const timer = setInterval(() => {
    for (const pid of reader.readerPids()) seen.add(pid);
  }, 10);
  try {
    return { result: await work, seen };
  } finally {
    clearInterval(timer);
  }
}

/** Counts this thread's timer turns (and the longest wait between two) while `work` runs. */
async function turnsDuring<T>(work: Promise<T>): Promise<{ result: T; turns: number; longestGapMs: number }> {
  let turns = 0;
  let last = performance.now();
  let longestGapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
    turns += 1;
  }, 10);
  try {
    return { result: await work, turns, longestGapMs };
  } finally {
    clearInterval(timer);
  }
}

describe('the text extractor', () => {
  it('reads PDF and Word text', async () => {
    const reader = extractor();
    expect(
      await reader.extract({ kind: 'pdf', data: makePdf(['Facturación: 12.000 €', 'Márgenes']) }),
    ).toEqual({
      text: 'Facturación: 12.000 €\nMárgenes',
    });
    const docx = await reader.extract({ kind: 'docx', data: await makeDocx(['Hola', 'Plan de ventas']) });
    expect('text' in docx && docx.text.split(/\n+/).filter(Boolean)).toEqual(['Hola', 'Plan de ventas']);
  });

  it('reads in another process: this one keeps its turns while a long document is read', async () => {
    const blank = await makeBlankFlatePdf(300);
    const reader = extractor({ memoryMb: 8_192 });
    const { result, turns, longestGapMs } = await turnsDuring(reader.extract({ kind: 'pdf', data: blank }));
    expect(result).toEqual({ text: '' });
    // Seconds of reading, during which this thread kept its timer turns.
    expect(turns).toBeGreaterThan(20);
    expect(longestGapMs).toBeLessThan(1_000);
  });

  it(`reads the first ${PDF_MAX_PAGES} pages of a PDF and at most ${TEXT_MAX_CHARS} characters`, async () => {
    const reader = extractor();
    const pages = Array.from({ length: PDF_MAX_PAGES + 5 }, (_, i) => [`Página ${i + 1}.`]);
    const many = await reader.extract({ kind: 'pdf', data: makePagesPdf(pages) });
    const text = 'text' in many ? many.text : '';
    expect(text).toContain(`Página ${PDF_MAX_PAGES}.`);
    expect(text).not.toContain(`Página ${PDF_MAX_PAGES + 1}.`);

    // 170 pages of 40 lines of 80 characters (what fits on a page): 544,000 characters.
    const line = 'Una línea de un informe largo, que se repite sin parar hasta el final del texto.';
    const long = makePagesPdf(Array.from({ length: 170 }, () => Array.from({ length: 40 }, () => line)));
    const read = await reader.extract({ kind: 'pdf', data: long });
    expect('text' in read && read.text.length).toBe(TEXT_MAX_CHARS);
  });

  it('refuses a DOCX whose zip unpacks too much: by its stated sizes, its real ones, entries or ratio', async () => {
    const reader = extractor();
    expect(await reader.extract({ kind: 'docx', data: await makeDocxBomb() })).toEqual({
      refused: 'too-large',
    });
    // States 1 KB for a 200 MB document: stopped as the bytes come.
    expect(await reader.extract({ kind: 'docx', data: await makeDocxBomb({ lying: true }) })).toEqual({
      refused: 'too-large',
    });
    // 10 MB would fit the total, but not at 1,000 to 1.
    expect(await reader.extract({ kind: 'docx', data: await makeDocxBomb({ inflatedMb: 10 }) })).toEqual({
      refused: 'too-large',
    });
    expect(await reader.extract({ kind: 'docx', data: await makeDocxWithEntries(DOCX_MAX_ENTRIES) })).toEqual(
      {
        refused: 'too-large',
      },
    );
    expect(await reader.extract({ kind: 'docx', data: await makeDocxWithEntries(10) })).toEqual({
      text: expect.stringContaining('Hola'),
    });
  });

  it('calls damaged documents unreadable', async () => {
    const reader = extractor();
    expect(await reader.extract({ kind: 'pdf', data: Buffer.from('%PDF-1.4\nbasura') })).toEqual({
      refused: 'unreadable',
    });
    expect(await reader.extract({ kind: 'docx', data: Buffer.from('PK\u0003\u0004basura') })).toEqual({
      refused: 'unreadable',
    });
  });

  it('reads a hostile PDF in a process of its own, killed at its refusal; a document read well keeps the process', async () => {
    const reader = extractor();
    const first = await readersDuring(reader, reader.extract({ kind: 'pdf', data: makePdf(['Hola']) }));
    expect(first.result).toEqual({ text: 'Hola' });
    const [kept] = reader.readerPids();
    expect(kept).toBeDefined();
    expect(kept).not.toBe(process.pid);
    expect([...first.seen]).toEqual([kept]);

    // 1 MB that inflates to 1,000 MB: refused past its process's memory cap.
    const bomb = await readersDuring(
      reader,
      reader.extract({ kind: 'pdf', data: await makeFlateBombPdf(1_000) }),
    );
    expect(bomb.result).toEqual({ refused: 'too-large' });
    // It was read by the process kept from the first document, which is gone now; a new one waits.
    expect(bomb.seen.has(kept as number)).toBe(true);
    expect(exists(kept as number)).toBe(false);
    const docx = await reader.extract({ kind: 'docx', data: await makeDocx(['Sigue', 'Word']) });
    expect('text' in docx && docx.text.split(/\n+/).filter(Boolean)).toEqual(['Sigue', 'Word']);
    const [fresh] = reader.readerPids();
    expect(reader.readerPids()).toHaveLength(1);
    expect(fresh).not.toBe(kept);
    expect(exists(fresh as number)).toBe(true);

    await reader.close();
    expect(reader.readerPids()).toEqual([]);
    expect(exists(fresh as number)).toBe(false);
  });

  it('ends a reading past its time, and past its memory, and reads the next document in a new process', async () => {
    const bomb = await makeBlankFlatePdf(300);
    const slow = extractor({ timeoutMs: 1_500, memoryMb: 8_192 });
    expect(await slow.extract({ kind: 'pdf', data: bomb })).toEqual({ refused: 'too-complex' });
    expect(await slow.extract({ kind: 'pdf', data: makePdf(['Sigue']) })).toEqual({ text: 'Sigue' });

    const small = extractor({ memoryMb: 200 });
    expect(await small.extract({ kind: 'pdf', data: bomb })).toEqual({ refused: 'too-large' });
    expect(await small.extract({ kind: 'pdf', data: makePdf(['Sigue']) })).toEqual({ text: 'Sigue' });
  });

  it('ends a reading that runs out of heap', async () => {
    // 12 MB hold less than the PDF reader itself.
    expect(await extractor({ heapMb: 12 }).extract({ kind: 'pdf', data: makePdf(['Hola']) })).toEqual({
      refused: 'too-complex',
    });
  });

  it('reads nothing more while the server, its reading processes included, is above its memory cap', async () => {
    const reader = extractor({ serverMemoryMb: 300 });
    // The first document sets the idle figure the cap is taken against.
    expect(await reader.extract({ kind: 'pdf', data: makePdf(['Antes']) })).toEqual({ text: 'Antes' });
    const pids = reader.readerPids();
    // 400 MB more held by this process, whatever holds it.
    const ballast = Buffer.alloc(400 * MB, 1);
    expect(await reader.extract({ kind: 'pdf', data: makePdf(['Después']) })).toEqual({
      refused: 'no-memory',
    });
    expect(reader.readerPids()).toEqual(pids);
    expect(ballast.length).toBe(400 * MB);
  });

  it('reads a few documents at once, lets a few wait, and refuses the rest at once', async () => {
    const reader = extractor({ atOnce: 1, waiting: 1, timeoutMs: 6_000, memoryMb: 8_192 });
    const bomb = await makeBlankFlatePdf(300);
    const first = reader.extract({ kind: 'pdf', data: bomb });
    const second = reader.extract({ kind: 'pdf', data: makePdf(['Esperaba']) });
    expect(await reader.extract({ kind: 'pdf', data: makePdf(['Sobra']) })).toEqual({ refused: 'busy' });
    // The blank pages inflate to 300 MB: read to nothing or stopped at the timeout, depending on the
    // machine (a CI run read them within 1.5 s), but bounded either way.
    expect([{ refused: 'too-complex' }, { text: '' }]).toContainEqual(await first);
    expect(await second).toEqual({ text: 'Esperaba' });
  });
});
