import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/** Characters of a page's text a run keeps (its notes are written from a few pages at once). */
export const PAGE_TEXT_MAX_CHARS = 20_000;

const collapse = (text: string) =>
  text
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The readable title and text of a page: the article Readability finds, else the body's text. */
export function readableText(raw: string, plain: boolean): { title: string; text: string } {
  if (plain) return { title: '', text: collapse(raw).slice(0, PAGE_TEXT_MAX_CHARS) };
  // linkedom needs a whole document: a fragment gets one around it.
  const { document } = parseHTML(
    /<html[\s>]/i.test(raw) ? raw : `<!doctype html><html><head></head><body>${raw}</body></html>`,
  );
  const title = collapse(document.title ?? '');
  // Readability changes the document it reads: the fallback reads the body first.
  const body = collapse(document.body?.textContent ?? '');
  const article = new Readability(
    document as unknown as ConstructorParameters<typeof Readability>[0],
  ).parse();
  const text = collapse(article?.textContent ?? '') || body;
  return { title: title || collapse(article?.title ?? ''), text: text.slice(0, PAGE_TEXT_MAX_CHARS) };
}
