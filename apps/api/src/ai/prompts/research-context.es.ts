import {
  CLAIM_KIND_LABELS,
  isOfficialHost,
  REPORT_SECTIONS,
  type ReportSection,
  type ResearchMode,
} from '@rumbo/contract';
import type { StudyReport } from '../../db/latest-study.ts';
import { estimateTokens } from '../../lib/estimate-tokens.ts';
import { asPromptData, hostOf, normaliseUrl, removeAddresses, tidy } from '../../lib/outside-text.ts';

/** Entries of the report's missing list the advisor is told about. */
const MISSING_SHOWN = 6;

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

/** A section as the advisor reads it; its text can neither close the data block nor carry markers of its own. */
function sectionText(section: ReportSection): string {
  const claims = section.claims.map((claim) => {
    const cited = claim.sources.length > 0 ? ` ${claim.sources.map((n) => `[${n}]`).join('')}` : '';
    const text = asPromptData(claim.text.replace(/\[\d{1,3}\]/g, ''));
    return `- (${CLAIM_KIND_LABELS[claim.kind]}) ${text}${cited}`;
  });
  const score = section.score === null ? '' : `\nPuntuación: ${section.score}/10`;
  return `## ${section.title}${score}\n${claims.join('\n')}`;
}

interface PreparedSection {
  section: ReportSection;
  text: string;
  words: Set<string>;
  tokens: number;
  order: number;
}

/**
 * Each section's prompt text, words and tokens depend on the report only: they are made once per report
 * object (the chat keeps the reports it has read: `keptReport` in chats/model-context.ts), so that a send pays only for
 * its question's words.
 */
const preparedReports = new WeakMap<StudyReport, PreparedSection[]>();

function prepared(report: StudyReport): PreparedSection[] {
  let sections = preparedReports.get(report);
  if (!sections) {
    sections = REPORT_SECTIONS.filter(({ key }) => key !== 'resumen')
      .map(({ key }) => report.sections[key])
      .filter((section): section is ReportSection => section !== undefined && section.claims.length > 0)
      .map((section, order) => {
        const text = sectionText(section);
        return {
          section,
          text,
          words: words(`${section.title} ${text}`),
          tokens: estimateTokens(text),
          order,
        };
      });
    preparedReports.set(report, sections);
  }
  return sections;
}

/**
 * The report for the advisor: how far to trust it, the summary, then the sections that share the most
 * words with the question (and their sources) within `budget` tokens. The model is told to cite the
 * report's sources by number and never to invent one.
 */
export function researchBlock(report: StudyReport, question: string, budget = RESEARCH_TOKEN_BUDGET): string {
  const asked = words(question);
  const candidates = prepared(report)
    .map((candidate) => ({
      ...candidate,
      shared: [...asked].filter((word) => candidate.words.has(word)).length,
    }))
    .sort((a, b) => b.shared - a.shared || a.order - b.order);

  const summary = asPromptData(report.summary?.trim().replace(/\[\d{1,3}\]/g, '') || '(sin resumen)');
  let used = estimateTokens(summary);
  const chosen: typeof candidates = [];
  for (const candidate of candidates) {
    if (used + candidate.tokens > budget) continue;
    used += candidate.tokens;
    chosen.push(candidate);
  }
  chosen.sort((a, b) => a.order - b.order);

  const cited = new Set(chosen.flatMap(({ section }) => section.claims.flatMap((claim) => claim.sources)));
  const sources = (report.sources ?? []).filter((source) => cited.has(source.number));
  const date = report.completed_at ? ` (${report.completed_at.slice(0, 10)})` : '';
  const absent = REPORT_SECTIONS.filter(
    ({ key }) => key !== 'resumen' && !report.sections[key]?.claims.length,
  );
  const notResearched = [
    ...absent.map(({ title }) => title),
    ...(report.missing ?? []).slice(0, MISSING_SHOWN).map((m) => m.replace(/^[^:]{0,40}:\s*/, '')),
  ];
  const parts = [
    `Estudio de mercado de este negocio${date}. ${report.mode ? TRUST[report.mode] : ''}`.trim(),
    `## Resumen\n${summary}`,
    ...chosen.map(({ text }) => text),
  ];
  if (notResearched.length > 0) {
    parts.push(
      `No se investigó: ${asPromptData([...new Set(notResearched)].join('; '))}. Si la pregunta depende de eso, dilo y no lo presentes como investigado.`,
    );
  }
  if (sources.length > 0) {
    parts.push(
      `## Fuentes\n${sources.map((s) => `[${s.number}] ${asPromptData(s.title)} — ${asPromptData(s.url)}`).join('\n')}`,
    );
  }
  parts.push(
    sources.length > 0
      ? 'Cuando uses datos del estudio, cita sus fuentes con su número, por ejemplo [2]. Cita solo los números de esta lista; nunca inventes una fuente, un número de fuente ni una URL.'
      : 'Este estudio no tiene fuentes que citar: no inventes fuentes ni URLs; presenta sus cifras como estimaciones.',
  );
  return parts.join('\n\n');
}

/**
 * How an answer that may cite the report is stored (docs/decisions/0038): an `[n]` that is not one of the
 * report's sources and an address that is neither a source nor an official site (the contract's list)
 * are removed. Returns the cleaned text and how many things were removed.
 */
export function citationCleaner(report: StudyReport): (text: string) => { text: string; removed: number } {
  const sources = report.sources ?? [];
  const numbers = new Set(sources.map((s) => s.number));
  const allow = {
    urls: new Set(sources.map((s) => normaliseUrl(s.url))),
    hosts: new Set(sources.flatMap((s) => hostOf(s.url) ?? [])),
    admits: isOfficialHost,
  };
  return (text) => {
    let removed = 0;
    const marked = text.replace(/\[(\d{1,3})\](?!\()/g, (marker, n: string) => {
      if (numbers.has(Number(n))) return marker;
      removed += 1;
      return '';
    });
    const { text: linked, links } = removeAddresses(marked, allow);
    removed += links;
    if (removed === 0) return { text, removed };
    // Only the lines that lost something are tidied: the rest of the Markdown stays as written.
    const before = text.split('\n');
    const cleaned = linked.split('\n').map((line, i) => (line === before[i] ? line : tidyLine(line)));
    return { text: cleaned.join('\n'), removed };
  };
}

/** A line tidied without losing its Markdown indentation. */
const tidyLine = (line: string) => {
  const indent = /^\s*/.exec(line)?.[0] ?? '';
  return indent + tidy(line.slice(indent.length));
};
