import {
  CLAIM_KIND_LABELS,
  REPORT_SECTIONS,
  type ReportSection,
  type ReportSectionKey,
  type ResearchMode,
} from '@rumbo/contract';
import { estimateTokens } from '../context.ts';

/** The latest completed report of a business, as the chat reads it for the advisor's prompt. */
export interface ResearchForPrompt {
  mode: ResearchMode | null;
  completed_at: string | null;
  summary: string | null;
  sections: Partial<Record<ReportSectionKey, ReportSection>>;
  sources: Array<{ number: number; title: string; url: string }> | null;
}

/** Tokens of the report given to the advisor with each question (the summary and the relevant sections). */
export const RESEARCH_TOKEN_BUDGET = 2_500;

const TRUST: Record<ResearchMode, string> = {
  web: 'Se hizo buscando y leyendo páginas de internet; sus fuentes están numeradas abajo.',
  model:
    'Se hizo con el conocimiento del modelo, sin consultar fuentes: sus cifras son estimaciones que hay que verificar.',
  none: 'Es una plantilla hecha a partir del perfil, sin investigar: no contiene datos de mercado.',
};

/** Words of three or more letters, without accents, for a rough relevance score. */
function words(text: string): Set<string> {
  const plain = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
  return new Set(plain.match(/\p{L}{3,}/gu) ?? []);
}

function sectionText(section: ReportSection): string {
  const claims = section.claims.map((claim) => {
    const cited = claim.sources.length > 0 ? ` ${claim.sources.map((n) => `[${n}]`).join('')}` : '';
    return `- (${CLAIM_KIND_LABELS[claim.kind]}) ${claim.text}${cited}`;
  });
  const score = section.score === null ? '' : `\nPuntuación: ${section.score}/10`;
  return `## ${section.title}${score}\n${claims.join('\n')}`;
}

/**
 * The report for the advisor: how far to trust it, the summary, then the sections that share the most
 * words with the question (and their sources) within `budget` tokens. The model is told to cite the
 * report's sources by number and never to invent one.
 */
export function researchBlock(
  report: ResearchForPrompt,
  question: string,
  budget = RESEARCH_TOKEN_BUDGET,
): string {
  const asked = words(question);
  const candidates = REPORT_SECTIONS.filter(({ key }) => key !== 'resumen')
    .map(({ key }) => report.sections[key])
    .filter((section): section is ReportSection => section !== undefined && section.claims.length > 0)
    .map((section, order) => {
      const text = sectionText(section);
      const shared = [...words(`${section.title} ${text}`)].filter((word) => asked.has(word)).length;
      return { section, text, shared, order };
    })
    .sort((a, b) => b.shared - a.shared || a.order - b.order);

  const summary = report.summary?.trim() || '(sin resumen)';
  let used = estimateTokens(summary);
  const chosen: typeof candidates = [];
  for (const candidate of candidates) {
    const cost = estimateTokens(candidate.text);
    if (used + cost > budget) continue;
    used += cost;
    chosen.push(candidate);
  }
  chosen.sort((a, b) => a.order - b.order);

  const cited = new Set(chosen.flatMap(({ section }) => section.claims.flatMap((claim) => claim.sources)));
  const sources = (report.sources ?? []).filter((source) => cited.has(source.number));
  const date = report.completed_at ? ` (${report.completed_at.slice(0, 10)})` : '';
  const parts = [
    `Estudio de mercado de este negocio${date}. ${report.mode ? TRUST[report.mode] : ''}`.trim(),
    `## Resumen\n${summary}`,
    ...chosen.map(({ text }) => text),
  ];
  if (sources.length > 0) {
    parts.push(`## Fuentes\n${sources.map((s) => `[${s.number}] ${s.title} — ${s.url}`).join('\n')}`);
  }
  parts.push(
    sources.length > 0
      ? 'Cuando uses datos del estudio, cita sus fuentes con su número, por ejemplo [2]. Cita solo los números de esta lista; nunca inventes una fuente, un número de fuente ni una URL.'
      : 'Este estudio no tiene fuentes que citar: no inventes fuentes ni URLs; presenta sus cifras como estimaciones.',
  );
  return parts.join('\n\n');
}
