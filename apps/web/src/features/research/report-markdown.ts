import { CLAIM_KIND_LABELS, RESEARCH_MODE_LABELS, type ResearchReport } from '@rumbo/contract';

/** The report as a Markdown document ('Descargar Markdown'): sections, each claim's kind, numbered sources. */
export function reportMarkdown(report: ResearchReport): string {
  const lines = [`# Estudio de mercado de ${report.business_name}`, ''];
  if (report.mode) lines.push(`> ${RESEARCH_MODE_LABELS[report.mode]}`, '');
  if (report.completed_at) lines.push(`Preparado el ${report.completed_at.slice(0, 10)}.`, '');
  for (const section of report.sections) {
    lines.push(`## ${section.title}`, '');
    if (section.score !== null) lines.push(`**Puntuación de viabilidad: ${section.score}/10**`, '');
    for (const claim of section.claims) {
      const cited = claim.sources.map((n) => `[${n}]`).join('');
      lines.push(
        `- ${claim.text.replace(/\s?\[\d{1,3}\]/g, '')}${cited ? ` ${cited}` : ''} _(${CLAIM_KIND_LABELS[claim.kind]})_`,
      );
      if (claim.quote) lines.push(`  > Cita [${claim.quote.source}]: «${claim.quote.text}»`);
      if (claim.downgraded) lines.push(`  > Pasada a estimación: ${claim.downgraded}.`);
    }
    lines.push('');
  }
  if (report.missing.length > 0) {
    lines.push('## Sin investigar', '', ...report.missing.map((m) => `- ${m}`), '');
  }
  if (report.sources.length > 0) {
    lines.push('## Fuentes', '', ...report.sources.map((s) => `${s.number}. [${s.title}](${s.url})`), '');
  }
  return lines.join('\n');
}
