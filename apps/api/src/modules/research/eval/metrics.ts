import { REPORT_SECTION_KEYS, type ResearchReport } from '@rumbo/contract';
import { isMostlySpanish, MARKER_PATTERN, URL_PATTERN } from '../pipeline/check.ts';

export interface ReportMetrics {
  sections: number;
  /** `[n]` markers, cited numbers or URLs that are not the run's stored sources (should be 0). */
  inventedCitations: number;
  /** Share of claims that carry a kind, from 0 to 1. */
  kindShare: number;
  /** Share of claims that read as Spanish, from 0 to 1. */
  spanishShare: number;
}

/** What the evaluation measures of one report (issue 14). */
export function reportMetrics(report: ResearchReport): ReportMetrics {
  const numbers = new Set(report.sources.map((s) => s.number));
  const urls = new Set(report.sources.map((s) => s.url));
  const claims = report.sections.flatMap((s) => s.claims);
  let invented = 0;
  for (const claim of claims) {
    invented += claim.sources.filter((n) => !numbers.has(n)).length;
    for (const [, n] of claim.text.matchAll(MARKER_PATTERN)) if (!numbers.has(Number(n))) invented += 1;
    for (const [url] of claim.text.matchAll(URL_PATTERN)) if (!urls.has(url)) invented += 1;
  }
  const share = (count: number) => (claims.length === 0 ? 0 : count / claims.length);
  return {
    sections: report.sections.filter((s) => REPORT_SECTION_KEYS.includes(s.key)).length,
    inventedCitations: invented,
    kindShare: share(claims.filter((c) => c.kind !== undefined).length),
    spanishShare: share(claims.filter((c) => isMostlySpanish(c.text)).length),
  };
}
