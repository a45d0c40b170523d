import { InflatesTooMuch, readDocxText } from './docx-text.ts';
import { readPdfText } from './pdf-text.ts';

export interface ExtractTask {
  kind: 'pdf' | 'docx';
  data: Uint8Array;
}

export type ExtractResult = { text: string } | { refused: 'unreadable' | 'too-large' };

/** A document's text, or why its reader gave up on it; runs in a reading process (extract-child.ts). */
export async function readDocument(task: ExtractTask): Promise<ExtractResult> {
  try {
    const text = task.kind === 'pdf' ? await readPdfText(task.data) : await readDocxText(task.data);
    return { text };
  } catch (error) {
    return { refused: error instanceof InflatesTooMuch ? 'too-large' : 'unreadable' };
  }
}
