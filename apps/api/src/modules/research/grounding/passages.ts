import MiniSearch from 'minisearch';
import { fold } from './facts.ts';

/**
 * Lexical retrieval over a page's passages (BM25, through MiniSearch): which passages of a page answer a
 * question, and which passage of a cited source is closest to a claim (jina-ai/node-DeepResearch's
 * cherry-picking and reference building, without an embedding model).
 */

/** About how long a passage is: a few sentences, quotable. */
export const PASSAGE_CHARS = 600;

const STOPWORDS = new Set(
  'a al algo algun alguna algunas alguno algunos ante antes aqui asi aun aunque cada como con contra cual cuales cuando de del desde donde dos el ella ellas ellos en entre era eran es esa esas ese eso esos esta estan estas este esto estos fue fueron ha habia han hasta hay la las le les lo los mas me mi mientras muy mucho mucha muchos muchas ni no nos o otra otras otro otros para pero poco por porque que quien se segun ser si sin sino sobre solo son su sus tambien tan tanto te tiene tienen toda todas todo todos tras tu un una unas uno unos ya y the of and to in is that for it with as was on are be by this from at or an which have not they their can will'.split(
    ' ',
  ),
);

/** A word as it is indexed and searched: folded, without stop words, plural and the plural s cut. */
export function term(word: string): string | null {
  const folded = fold(word);
  if (folded.length < 3 || STOPWORDS.has(folded)) return null;
  if (/^\d+$/.test(folded)) return folded;
  return folded.length > 4 ? folded.replace(/s$/, '') : folded;
}

/** The distinct terms of a text. */
export function termsOf(text: string): Set<string> {
  const terms = new Set<string>();
  for (const word of text.match(/[\p{L}\d]+/gu) ?? []) {
    const t = term(word);
    if (t) terms.add(t);
  }
  return terms;
}

/** A page's text in passages of about PASSAGE_CHARS, cut between sentences. */
export function passagesOf(text: string, size = PASSAGE_CHARS): string[] {
  const sentences = text.split(/(?<=[.!?…])\s+|\n+/).filter((s) => s.trim() !== '');
  const passages: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    // A sentence longer than a passage is cut at a space.
    for (let piece = sentence; piece !== ''; ) {
      const room = Math.max(size - current.length, size / 3);
      const cut = piece.length <= room ? piece.length : piece.lastIndexOf(' ', room) + 1 || room;
      const head = piece.slice(0, cut);
      piece = piece.slice(cut);
      if (current.length + head.length > size && current !== '') {
        passages.push(current.trim());
        current = '';
      }
      current += `${head} `;
    }
  }
  if (current.trim() !== '') passages.push(current.trim());
  return passages;
}

export interface RankedPassage {
  text: string;
  /** BM25 score. */
  score: number;
  /** Share of the query's terms the passage holds, 0 to 1. */
  overlap: number;
  /** Position in the page. */
  index: number;
}

/** A page's passages indexed for BM25: built once per page, searched for each question or claim. */
export interface PassageIndex {
  passages: string[];
  rank(query: string, limit: number): RankedPassage[];
}

export function indexPassages(text: string): PassageIndex {
  const passages = passagesOf(text);
  const index = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    tokenize: (value) => value.match(/[\p{L}\d]+/gu) ?? [],
    processTerm: (value) => term(value),
    searchOptions: { combineWith: 'OR' },
  });
  index.addAll(passages.map((passage, id) => ({ id, text: passage })));
  return {
    passages,
    rank(query, limit) {
      const queryTerms = termsOf(query);
      if (passages.length === 0 || queryTerms.size === 0) return [];
      return index
        .search([...queryTerms].join(' '))
        .slice(0, limit)
        .map((hit) => ({
          text: passages[hit.id as number] ?? '',
          score: hit.score,
          overlap: new Set(hit.queryTerms).size / queryTerms.size,
          index: hit.id as number,
        }));
    },
  };
}

/** The passages of `text` closest to `query`, best first (those sharing no term are left out). */
export function rankPassages(text: string, query: string, limit: number): RankedPassage[] {
  return indexPassages(text).rank(query, limit);
}

/** Characters of one page the model reads for a question. */
export const SOURCE_PROMPT_CHARS = 2_400;

/**
 * What the model reads of a page for a question: the passages closest to the question (BM25 over the
 * whole text, not its first characters), in page order, within SOURCE_PROMPT_CHARS.
 */
export function passagesFor(text: string, question: string): string {
  const ranked = rankPassages(text, question, 12);
  if (ranked.length === 0) return text.slice(0, SOURCE_PROMPT_CHARS);
  const chosen: typeof ranked = [];
  let used = 0;
  for (const passage of ranked) {
    if (used + passage.text.length > SOURCE_PROMPT_CHARS) continue;
    chosen.push(passage);
    used += passage.text.length;
  }
  return chosen
    .sort((a, b) => a.index - b.index)
    .map((p) => p.text)
    .join(' […] ');
}
