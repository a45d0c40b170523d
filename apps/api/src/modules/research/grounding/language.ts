import { francAll } from 'franc-min';

/**
 * Whether a claim reads as Spanish, by a maintained language identifier (franc-min's trigram models)
 * rather than a count of function words: an English claim inside a Spanish section is caught. Spanish
 * and Portuguese share most trigrams, so a claim is Spanish when Spanish scores within 10 % of the best
 * language; too little text to tell (a name, a figure) counts as Spanish.
 */
const CANDIDATES = ['spa', 'eng', 'por', 'fra', 'ita', 'deu'];
const MIN_LETTERS = 20;
const SPANISH_WITHIN = 0.9;

export function isSpanish(text: string): boolean {
  // Citation markers, addresses and figures say nothing about the language.
  const words = text
    .replace(/\[\d+\]|https?:\/\/\S+|[\d.,%€$]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (words.replace(/[^\p{L}]/gu, '').length < MIN_LETTERS) return true;
  const scores = francAll(words, { only: CANDIDATES, minLength: MIN_LETTERS });
  const spanish = scores.find(([language]) => language === 'spa')?.[1] ?? 0;
  return scores[0]?.[0] === 'und' || spanish >= SPANISH_WITHIN;
}
