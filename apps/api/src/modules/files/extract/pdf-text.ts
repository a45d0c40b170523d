import { getDocumentProxy } from 'unpdf';
import { PDF_MAX_PAGES, TEXT_MAX_CHARS } from './limits.ts';

/**
 * The text of a PDF's first PDF_MAX_PAGES pages, one page at a time (unpdf's extractText reads every
 * page at once), stopping once TEXT_MAX_CHARS are read.
 */
export async function readPdfText(data: Uint8Array): Promise<string> {
  // A plain view: pdf.js refuses Node's Buffer (a Uint8Array subclass).
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const pdf = await getDocumentProxy(bytes, { stopAtErrors: false });
  try {
    const pages: string[] = [];
    let length = 0;
    const last = Math.min(pdf.numPages, PDF_MAX_PAGES);
    for (let number = 1; number <= last && length < TEXT_MAX_CHARS; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('');
      page.cleanup();
      pages.push(text);
      length += text.length;
    }
    // The same spacing as unpdf's merged pages.
    return pages
      .join('\n')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .slice(0, TEXT_MAX_CHARS);
  } finally {
    await pdf.destroy();
  }
}
