import { CLAIM_KIND_LABELS, RESEARCH_MODE_LABELS, type ResearchReport } from '@rumbo/contract';
import { researchCopy } from '../../config/copy/research.es.ts';

const t = researchCopy;

/** The report as a Markdown document ('Descargar Markdown'): sections, each claim's kind, numbered sources. */
export function reportMarkdown(report: ResearchReport): string {
  const lines = [`# ${t.title(report.business_name)}`, ''];
  if (report.mode) lines.push(`> ${RESEARCH_MODE_LABELS[report.mode]}`, '');
  if (report.completed_at) lines.push(`${t.madeOn(report.completed_at.slice(0, 10))}.`, '');
  for (const section of report.sections) {
    lines.push(`## ${section.title}`, '');
    if (section.score !== null) lines.push(`**${t.score(section.score)}**`, '');
    for (const claim of section.claims) {
      const cited = claim.sources.map((n) => `[${n}]`).join('');
      lines.push(
        `- ${claim.text.replace(/\s?\[\d{1,3}\]/g, '')}${cited ? ` ${cited}` : ''} _(${CLAIM_KIND_LABELS[claim.kind]})_`,
      );
      if (claim.quote) lines.push(`  > ${t.markdown.quote(claim.quote.source, claim.quote.text)}`);
      if (claim.downgraded) lines.push(`  > ${t.markdown.downgraded(claim.downgraded)}`);
    }
    lines.push('');
  }
  if (report.missing.length > 0) {
    lines.push(`## ${t.markdown.missing}`, '', ...report.missing.map((m) => `- ${m}`), '');
  }
  if (report.sources.length > 0) {
    lines.push(
      `## ${t.sources}`,
      '',
      ...report.sources.map((s) => `${s.number}. [${s.title}](${s.url})`),
      '',
    );
  }
  return lines.join('\n');
}
