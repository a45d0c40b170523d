import PDFDocument from 'pdfkit';
import type { Block, PlanDocument } from './business-plan.es.ts';
import { CHART_HEIGHT, CHART_WIDTH } from './cash-chart.ts';

/**
 * The standard PDF fonts write Windows-1252 only: Latin letters (Spanish included), € and the usual signs.
 * Anything else becomes '?', and the narrow no-break space some countries group digits with a space.
 */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export function pdfText(text: string): string {
  return text
    .replace(/[\u202f\u2009]/g, ' ')
    .replace(/[\u2212]/g, '-')
    .replace(/[^\n\x20-\x7e\xa0-\xff]/g, (c) => (WIN_ANSI_EXTRA.includes(c) ? c : '?'));
}

const MARGIN = 50;
const INK = '#0f172a';
const MUTED = '#475569';

/** A plan document as a PDF (pdfkit), with the cash chart as a picture; tables split across pages. */
export function renderPdf(doc: PlanDocument, chart: Buffer | null): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: pdfText(`${doc.title} — ${doc.businessName}`), Author: 'Rumbo' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = () => pdf.page.height - MARGIN;
  const ensure = (height: number) => {
    if (pdf.y + height > bottom()) pdf.addPage();
  };
  const text = (value: string, font: string, size: number, color = INK, gap = 4) => {
    pdf.font(font).fontSize(size).fillColor(color);
    ensure(pdf.heightOfString(pdfText(value), { width }));
    pdf.text(pdfText(value), MARGIN, pdf.y, { width });
    pdf.moveDown(gap / size);
  };

  const table = (block: Extract<Block, { kind: 'table' }>) => {
    const columns = block.header.length;
    const first = columns > 2 ? width * 0.34 : width * 0.5;
    const rest = (width - first) / Math.max(1, columns - 1);
    const widths = block.header.map((_, i) => (i === 0 ? first : rest));
    const row = (cells: string[], bold: boolean) => {
      pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
      const heights = cells.map((cell, i) =>
        pdf.heightOfString(pdfText(cell), { width: (widths[i] ?? rest) - 6 }),
      );
      const height = Math.max(...heights) + 6;
      ensure(height);
      const y = pdf.y;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        const w = widths[i] ?? rest;
        pdf.fillColor(INK).text(pdfText(cell), x + 3, y + 3, {
          width: w - 6,
          align: i > 0 && !bold && /^\S*\d/.test(cell) ? 'right' : 'left',
        });
        x += w;
      });
      pdf
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + width, y + height)
        .strokeColor('#cbd5e1')
        .lineWidth(0.5)
        .stroke();
      pdf.x = MARGIN;
      pdf.y = y + height;
    };
    row(block.header, true);
    for (const cells of block.rows) row(cells, false);
    pdf.moveDown(0.8);
  };

  text(doc.businessName, 'Helvetica-Bold', 26, INK, 8);
  text(doc.title, 'Helvetica', 16, MUTED, 6);
  for (const line of doc.cover) text(line, 'Helvetica', 11, MUTED, 2);
  pdf.moveDown(1);
  doc.sections.forEach((section, index) => {
    if (index === 0 && doc.sections.length > 4) pdf.addPage();
    ensure(60);
    text(section.heading, 'Helvetica-Bold', 16, INK, 6);
    for (const block of section.blocks) {
      switch (block.kind) {
        case 'paragraph':
          text(block.text, 'Helvetica', 10.5, INK, 6);
          break;
        case 'subheading':
          ensure(40);
          text(block.text, 'Helvetica-Bold', 12, INK, 3);
          break;
        case 'bullets':
          for (const item of block.items) text(`•  ${item}`, 'Helvetica', 10.5, INK, 3);
          pdf.moveDown(0.3);
          break;
        case 'table':
          table(block);
          break;
        case 'chart': {
          if (!chart) break;
          const w = Math.min(width, CHART_WIDTH * 0.75);
          const h = (w * CHART_HEIGHT) / CHART_WIDTH;
          ensure(h + 20);
          pdf.image(chart, MARGIN, pdf.y, { width: w, height: h });
          pdf.y += h + 4;
          text(block.caption, 'Helvetica-Oblique', 9, MUTED, 8);
          break;
        }
      }
    }
    pdf.moveDown(0.6);
  });
  pdf.end();
  return done;
}
