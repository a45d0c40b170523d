import { type Fact, factsOf, figuresOf, type SourceFacts, sourceFacts, sourceHas } from './facts.ts';
import { indexPassages, type PassageIndex, termsOf } from './passages.ts';

/**
 * Whether a claim's cited sources support it (docs/decisions/0039): every fact of the claim (figures and
 * names) appears in one cited source's stored text, and a passage of that source is close to the claim
 * by BM25. The passage is kept as the claim's quote. A citation number proves a page was read; this
 * proves the page says it.
 */

export interface SourceText {
  number: number;
  text: string;
}

export type Support =
  | { supported: true; source: number; quote: string }
  | { supported: false; reason: string };

/** Share of the claim's terms the closest passage must hold. */
const MIN_OVERLAP = 0.3;
const QUOTE_CHARS = 320;

/** The claim without its markers and the check's own notes: what is compared with the source. */
const claimBody = (text: string) => text.replace(/\[\d{1,3}\]/g, ' ');

/** The quote: the passage's sentence that holds the claim's figures and most of its words (and the next, if short). */
function quoteOf(passage: string, claim: string, figures: Fact[]): string {
  const sentences = passage.split(/(?<=[.!?…])\s+/);
  const wanted = termsOf(claim);
  let best = 0;
  let bestScore = -1;
  for (const [i, sentence] of sentences.entries()) {
    const here = sourceFacts(sentence);
    const shared = [...termsOf(sentence)].filter((t) => wanted.has(t)).length;
    const score = (figures.every((f) => sourceHas(here, f)) ? 1_000 : 0) + shared;
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  let quote = sentences[best] ?? passage;
  const next = sentences[best + 1];
  if (quote.length < QUOTE_CHARS / 3 && next) quote = `${quote} ${next}`;
  if (quote.length <= QUOTE_CHARS) return quote;
  const cut = quote.slice(0, QUOTE_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), QUOTE_CHARS / 2))}…`;
}

/**
 * A source's facts and passage index, made once per text: a run checks many claims against the same few
 * pages, and indexing a 20,000-character page for each claim would waste the grounding process's time.
 * Keyed by the text, not the source object: each task reaches the grounding process as a fresh copy
 * (ADR 0025). The pages used last are kept.
 */
const PREPARED_KEPT = 128;
const prepared = new Map<string, { facts: SourceFacts; passages: PassageIndex }>();

function prepare(source: SourceText) {
  let ready = prepared.get(source.text);
  if (ready) prepared.delete(source.text);
  else ready = { facts: sourceFacts(source.text), passages: indexPassages(source.text) };
  prepared.set(source.text, ready);
  if (prepared.size > PREPARED_KEPT) prepared.delete(prepared.keys().next().value as string);
  return ready;
}

export function supportOf(claim: string, cited: SourceText[]): Support {
  const body = claimBody(claim);
  const facts = factsOf(body);
  const figures = figuresOf(body);
  let missing: Fact | undefined;
  for (const source of cited) {
    const { facts: known, passages } = prepare(source);
    const absent = facts.find((fact) => !sourceHas(known, fact));
    if (absent) {
      missing ??= absent;
      continue;
    }
    const ranked = passages.rank(body, 5).filter((p) => p.overlap >= MIN_OVERLAP);
    // The closest passage that holds the claim's figures, else the closest one.
    const best =
      ranked.find((p) => {
        const here = sourceFacts(p.text);
        return figures.every((fact) => sourceHas(here, fact));
      }) ?? ranked[0];
    if (best) return { supported: true, source: source.number, quote: quoteOf(best.text, body, figures) };
  }
  if (cited.length === 0) return { supported: false, reason: 'no cita ninguna fuente leída' };
  if (missing) {
    const what = missing.key.startsWith('o:') ? `nombra a ${missing.label}` : `dice ${missing.label}`;
    return { supported: false, reason: `la fuente no ${what}` };
  }
  return { supported: false, reason: 'ningún pasaje de la fuente respalda la afirmación' };
}
