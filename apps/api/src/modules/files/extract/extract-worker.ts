/**
 * Runs in a worker thread of the extraction pool (extractor.ts), loaded through extract-worker.mjs:
 * a hostile document can exhaust this thread's time and heap, never the server's.
 */
import { InflatesTooMuch, readDocxText } from './docx-text.ts';
import { readPdfText } from './pdf-text.ts';

export interface ExtractTask {
  kind: 'pdf' | 'docx';
  data: Uint8Array;
}

export type ExtractResult = { text: string } | { refused: 'unreadable' | 'too-large' };

export default async function extract(task: ExtractTask): Promise<ExtractResult> {
  try {
    const text = task.kind === 'pdf' ? await readPdfText(task.data) : await readDocxText(task.data);
    return { text };
  } catch (error) {
    return { refused: error instanceof InflatesTooMuch ? 'too-large' : 'unreadable' };
  }
}
