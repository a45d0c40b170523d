import { REGULATION_ADVICE, type ReportClaim, type ReportSection, type ResearchMode } from '@rumbo/contract';

/** A URL in prose: a sentence's final punctuation is not part of it. */
export const URL_PATTERN = /\bhttps?:\/\/[^\s)\]>"']*[^\s)\]>"'.,;:!?]/gi;
export const MARKER_PATTERN = /\[(\d{1,3})\]/g;

/**
 * Citations grounded by construction (issue 14): a claim keeps only source numbers the run stored, its
 * text loses `[n]` markers of any other number and every URL that is not a stored source's, a 'fuente'
 * claim left without sources becomes an estimate, and without sources (modes model and none) nothing
 * cites and nothing links. Returns the checked section and how many things were removed.
 */
export function checkCitations(
  section: ReportSection,
  sources: Array<{ number: number; url: string }>,
  mode: ResearchMode,
): { section: ReportSection; removed: number } {
  const numbers = new Set(mode === 'web' ? sources.map((s) => s.number) : []);
  const urls = new Set(mode === 'web' ? sources.map((s) => s.url) : []);
  let removed = 0;
  const claims = section.claims.map((claim): ReportClaim => {
    const kept = [...new Set(claim.sources)].filter((n) => numbers.has(n));
    removed += new Set(claim.sources).size - kept.length;
    let text = claim.text.replace(MARKER_PATTERN, (marker, n: string) => {
      if (numbers.has(Number(n))) return marker;
      removed += 1;
      return '';
    });
    text = text.replace(URL_PATTERN, (url) => {
      if (urls.has(url)) return url;
      removed += 1;
      return '';
    });
    text = text
      .replace(/[ \t]{2,}/g, ' ')
      .replace(/\s+([.,;:])/g, '$1')
      .trim();
    const cited = [...new Set([...kept, ...[...text.matchAll(MARKER_PATTERN)].map((m) => Number(m[1]))])];
    let kind = claim.kind;
    // Without sources, what the model presents as sourced is its own knowledge.
    if (mode !== 'web' && kind === 'fuente') kind = 'modelo';
    else if (kind === 'fuente' && cited.length === 0) kind = 'estimacion';
    if (section.key === 'regulacion' && !text.includes(REGULATION_ADVICE))
      text = `${text} ${REGULATION_ADVICE}`;
    return { text, kind, sources: kind === 'fuente' ? cited : [] };
  });
  return {
    section: { ...section, claims: claims.filter((claim) => claim.text.length > 0) },
    removed,
  };
}

const SPANISH = new Set(
  'de la que el en y a los se del las un por con no una su para es al lo como más o pero sus le ya este esta entre cuando muy sin sobre también hay son desde están puede hasta donde mercado clientes precio negocio'.split(
    ' ',
  ),
);
const ENGLISH = new Set(
  'the of and to in is that for it with as was on are be by this from at or an which have not they their can will market customers price business'.split(
    ' ',
  ),
);

/**
 * Whether a text reads as Spanish: more Spanish than English function words (reports in the projects
 * we studied drifted into English mid-way; a section that did is rewritten once).
 */
export function isMostlySpanish(text: string): boolean {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  let spanish = 0;
  let english = 0;
  for (const word of words) {
    if (SPANISH.has(word)) spanish += 1;
    if (ENGLISH.has(word)) english += 1;
  }
  return spanish >= english;
}
