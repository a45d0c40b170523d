import { SEARCH_MARK_END, SEARCH_MARK_START } from '@rumbo/contract';

// The snippet of a search hit. PostgreSQL finds the matched words on the text without accents (what the
// index holds), where ts_headline marks them; the snippet itself is cut from the original text, with
// its accents, around the first of those words, and marks each of them there.

const FROM = 'áéíóúüñàèìòùâêîôûÁÉÍÓÚÜÑÀÈÌÒÙÂÊÎÔÛ';
const TO = 'aeiouunaeiouaeiouAEIOUUNAEIOUAEIOU';
const FOLD = new Map([...FROM].map((char, i) => [char, TO[i] as string]));

/** The same folding as the SQL function `rumbo_unaccent` of migration 0007 (one character for one). */
export function unaccent(text: string): string {
  return [...text].map((char) => FOLD.get(char) ?? char).join('');
}

/** Characters of context on each side of the first match. */
const CONTEXT = 80;
const MARKS = new RegExp(`[${SEARCH_MARK_START}${SEARCH_MARK_END}]`, 'g');
const MARKED = new RegExp(`${SEARCH_MARK_START}([^${SEARCH_MARK_END}]*)${SEARCH_MARK_END}`, 'g');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words ts_headline marked (on the folded text), folded and in lower case. */
export function markedWords(headline: string): string[] {
  const words = new Set<string>();
  for (const match of headline.matchAll(MARKED)) {
    const word = (match[1] ?? '').trim().toLowerCase();
    if (word) words.add(word);
  }
  return [...words];
}

/** Markdown's punctuation out of a snippet, so that it reads as text. */
function plainText(text: string): string {
  return text
    .replace(/(\*\*|__|`+|~~)/g, '')
    .replace(/(^|\n)\s*(#{1,6}|>|[-*+]|\d+\.)\s+/g, '$1')
    .replace(/\s*\|\s*/g, ' ')
    .replace(/(^|\s):?-{3,}:?(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The part of `text` around the first of `words` (compared without accents or case), each occurrence
 * of a word there between SEARCH_MARK_START and SEARCH_MARK_END; the start of the text when none occurs.
 */
export function buildSnippet(rawText: string, words: readonly string[]): string {
  // The text's own marker characters go first: only the marks added here can be read as highlights.
  const text = rawText.replace(MARKS, '');
  const folded = unaccent(text).toLowerCase();
  // Lower-casing must keep positions (it does for the Spanish alphabet); otherwise no marks.
  const pattern =
    words.length > 0 && folded.length === text.length
      ? new RegExp(`(?<![\\p{L}\\p{N}])(${words.map(escapeRegExp).join('|')})`, 'gu')
      : null;
  const matches = pattern ? [...folded.matchAll(pattern)] : [];
  const first = matches[0]?.index ?? 0;
  let start = Math.max(0, first - CONTEXT);
  let end = Math.min(text.length, first + CONTEXT * 2);
  // Whole words at the edges.
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > first ? text.lastIndexOf(' ', end) : end;
  let out = '';
  let at = start;
  for (const match of matches) {
    const index = match.index ?? 0;
    const length = (match[1] ?? '').length;
    if (index < at || index + length > end) continue;
    out += text.slice(at, index) + SEARCH_MARK_START + text.slice(index, index + length) + SEARCH_MARK_END;
    at = index + length;
  }
  out += text.slice(at, end);
  return `${start > 0 ? '… ' : ''}${plainText(out)}${end < text.length ? ' …' : ''}`;
}
