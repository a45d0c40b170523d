import {
  type ClaimKind,
  REGULATION_ADVICE,
  type ReportClaim,
  type ReportSectionKey,
  type ResearchMode,
  type SectionReview,
} from '@rumbo/contract';
import {
  type AllowedAddresses,
  hostOf,
  NO_ADDRESSES,
  neutralise,
  normaliseUrl,
  tidy,
} from '../../../lib/outside-text.ts';
import { unverifiedAttribution } from '../pipeline/report-text.es.ts';
import { supportOf } from './support.ts';

/** A claim as the model wrote it. */
export interface RawClaim {
  text: string;
  kind: ClaimKind;
  sources: number[];
}

/** A stored source, with the readable text the check reads. */
export interface CheckedSource {
  number: number;
  url: string;
  text: string;
}

export const MARKER_PATTERN = /\[(\d{1,3})\]/g;

/** A claim left with fewer words than this after its addresses or orders were removed is dropped. */
const MIN_WORDS_LEFT = 4;

/** The addresses a report's text may keep: its stored sources (web mode only). */
export function sourceAddresses(sources: Array<{ url: string }>, mode: ResearchMode): AllowedAddresses {
  if (mode !== 'web' || sources.length === 0) return NO_ADDRESSES;
  return {
    urls: new Set(sources.map((s) => normaliseUrl(s.url))),
    hosts: new Set(sources.flatMap((s) => hostOf(s.url) ?? [])),
  };
}

const LEAD = /^\s*(?:según|de acuerdo con|conforme a)\s+(?:el |la |los |las )?([^,]{2,80}?)\s*,\s*/iu;
const TRAIL = /,?\s*(?:según|de acuerdo con)\s+(?:el |la |los |las )?([^,.;]{2,80}?)(?=\s*[.;]|\s*$)/iu;

/**
 * A claim that attributes something to someone Rumbo did not read loses the attribution, and says so
 * ('Según el INE, el mercado…' → 'El mercado… (atribuido a INE; sin verificar)').
 */
export function dropAttribution(text: string): string {
  let name: string | undefined;
  let out = text.replace(LEAD, (_whole, who: string) => {
    name = who;
    return '';
  });
  if (name) out = out.charAt(0).toUpperCase() + out.slice(1);
  else {
    out = out.replace(TRAIL, (_whole, who: string) => {
      name = who;
      return '';
    });
  }
  if (!name) return text;
  const body = tidy(out).replace(/[.;]?$/, '');
  return `${body} ${unverifiedAttribution(name.trim())}.`;
}

/**
 * The check of a section's claims (docs/decisions/0038, 0039), after the language check:
 * - outside text is made safe: tag-like text, sentences giving orders and addresses that are not stored
 *   sources are removed (counted);
 * - a claim cites only sources the run stored; without sources (modes model, none) nothing cites;
 * - a 'fuente' claim stands only if a cited source supports it (its figures and names are in the source's
 *   text and a passage is close to it): it keeps that source and the passage as its quote; otherwise it is
 *   an estimate with the reason kept;
 * - a claim that is not a supported 'fuente' loses any attribution ('Según el INE…') and says it is not verified.
 */
export function checkClaims(
  claims: RawClaim[],
  sources: CheckedSource[],
  mode: ResearchMode,
  key: ReportSectionKey,
  /** Who to check procedures with in the business's country (ADR 0051). */
  advice: string = REGULATION_ADVICE,
): { claims: ReportClaim[]; review: SectionReview } {
  const allow = sourceAddresses(sources, mode);
  const stored = new Map(mode === 'web' ? sources.map((s) => [s.number, s]) : []);
  const review: SectionReview = { instructions_removed: 0, links_removed: 0, not_spanish: [] };
  const checked: ReportClaim[] = [];
  for (const claim of claims) {
    const safe = neutralise(claim.text, allow);
    review.instructions_removed += safe.instructions;
    review.links_removed += safe.links;
    const marked = [...safe.text.matchAll(MARKER_PATTERN)].map((m) => Number(m[1]));
    const cited = [...new Set([...claim.sources, ...marked])].filter((n) => stored.has(n));
    // The claim's sources say what it rests on; the markers in its text are not kept.
    let text = tidy(safe.text.replace(MARKER_PATTERN, ''));
    // What removals leave of a claim that was mostly addresses or orders ('Más en y.') says nothing.
    const words = text.match(/\p{L}{2,}/gu)?.length ?? 0;
    if (text === '' || (safe.instructions + safe.links > 0 && words < MIN_WORDS_LEFT)) continue;
    let result: ReportClaim;
    if (claim.kind === 'fuente' && mode === 'web') {
      const support = supportOf(
        text,
        cited.flatMap((n) => stored.get(n) ?? []),
      );
      result = support.supported
        ? {
            text,
            kind: 'fuente',
            sources: [support.source],
            quote: { source: support.source, text: support.quote },
          }
        : { text: dropAttribution(text), kind: 'estimacion', sources: [], downgraded: support.reason };
    } else {
      // Without sources, what the model presents as sourced is its own knowledge.
      const kind: ClaimKind = claim.kind === 'fuente' ? 'modelo' : claim.kind;
      result = { text: dropAttribution(text), kind, sources: [] };
    }
    text = result.text;
    if (key === 'regulacion' && !text.includes(advice)) result.text = `${text} ${advice}`;
    checked.push(result);
  }
  return { claims: checked, review };
}
