/** Characters of a page's text a run keeps with its source: the passages the model reads and the check's quotes come from it. */
export const PAGE_TEXT_MAX_CHARS = 20_000;

const collapse = (text: string) =>
  text
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\r?\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The charset the header names, else (HTML) the one its `<meta>` names in the first KB, else UTF-8. */
function charsetOf(body: Buffer, contentType: string, html: boolean): string {
  const declared = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  if (declared) return declared;
  if (!html) return 'utf-8';
  const head = body.subarray(0, 1024).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? 'utf-8';
}

/** The page's bytes as text: many Spanish-language sites still serve ISO-8859-1 or windows-1252. */
export function decodeText(body: Buffer, contentType: string, html: boolean): string {
  try {
    return new TextDecoder(charsetOf(body, contentType, html)).decode(body);
  } catch {
    // An unknown charset name: UTF-8 is the web's default.
    return new TextDecoder('utf-8').decode(body);
  }
}

/** The readable title and text of a page: the article Readability finds, else the body's text. */
export async function readableText(raw: string, plain: boolean): Promise<{ title: string; text: string }> {
  if (plain) return { title: '', text: collapse(raw).slice(0, PAGE_TEXT_MAX_CHARS) };
  // Loaded at the first page a research reads, not at start (ADR 0027).
  const [{ parseHTML }, { Readability }] = await Promise.all([
    import('linkedom'),
    import('@mozilla/readability'),
  ]);
  // linkedom needs a whole document: a fragment gets one around it.
  const { document } = parseHTML(
    /<html[\s>]/i.test(raw) ? raw : `<!doctype html><html><head></head><body>${raw}</body></html>`,
  );
  const title = collapse(document.title ?? '');
  // The fallback is what a reader sees: scripts, styles and templates are not text.
  for (const node of document.querySelectorAll('script, style, noscript, template')) node.remove();
  // Readability changes the document it reads: the fallback reads the body first.
  const body = collapse(document.body?.textContent ?? '');
  let article: { title?: string | null; textContent?: string | null } | null = null;
  try {
    article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
  } catch {
    // A document Readability can't walk still has its body's text.
  }
  const text = collapse(article?.textContent ?? '') || body;
  return { title: title || collapse(article?.title ?? ''), text: text.slice(0, PAGE_TEXT_MAX_CHARS) };
}
