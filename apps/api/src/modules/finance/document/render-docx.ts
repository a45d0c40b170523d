import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { Block, PlanDocument } from './business-plan.es.ts';
import { CHART_HEIGHT, CHART_WIDTH } from './cash-chart.ts';

const border = { style: BorderStyle.SINGLE, size: 4, color: 'CBD5E1' };
const borders = { top: border, bottom: border, left: border, right: border };

function table(block: Extract<Block, { kind: 'table' }>): Table {
  const row = (cells: string[], header: boolean) =>
    new TableRow({
      tableHeader: header,
      children: cells.map(
        (text, i) =>
          new TableCell({
            borders,
            children: [
              new Paragraph({
                alignment:
                  i > 0 && !header && /\d/.test(text) && text.length < 24
                    ? AlignmentType.RIGHT
                    : AlignmentType.LEFT,
                children: [new TextRun({ text, bold: header, size: 18 })],
              }),
            ],
          }),
      ),
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [row(block.header, true), ...block.rows.map((cells) => row(cells, false))],
  });
}

/** A plan document as a Word file (the `docx` library), with the cash chart as a picture. */
export async function renderDocx(doc: PlanDocument, chart: Buffer | null): Promise<Buffer> {
  const children: Array<Paragraph | Table> = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(doc.businessName)] }),
    new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(doc.title)] }),
    ...doc.cover.map((line) => new Paragraph({ children: [new TextRun({ text: line, color: '475569' })] })),
  ];
  doc.sections.forEach((section, index) => {
    children.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_1,
        ...(index === 0 && doc.sections.length > 4
          ? { children: [new PageBreak(), new TextRun(section.heading)] }
          : { children: [new TextRun(section.heading)] }),
      }),
    );
    for (const block of section.blocks) {
      switch (block.kind) {
        case 'paragraph':
          children.push(new Paragraph({ spacing: { after: 120 }, children: [new TextRun(block.text)] }));
          break;
        case 'subheading':
          children.push(
            new Paragraph({ heading: HeadingLevel.HEADING_3, children: [new TextRun(block.text)] }),
          );
          break;
        case 'bullets':
          for (const item of block.items)
            children.push(new Paragraph({ bullet: { level: 0 }, children: [new TextRun(item)] }));
          break;
        case 'table':
          children.push(table(block), new Paragraph({ children: [] }));
          break;
        case 'chart':
          if (chart) {
            children.push(
              new Paragraph({
                children: [
                  new ImageRun({
                    type: 'png',
                    data: chart,
                    transformation: { width: CHART_WIDTH * 0.9, height: CHART_HEIGHT * 0.9 },
                    altText: { name: block.caption, description: block.caption, title: block.caption },
                  }),
                ],
              }),
              new Paragraph({ children: [new TextRun({ text: block.caption, italics: true, size: 18 })] }),
            );
          }
          break;
      }
    }
  });
  const document = new Document({
    creator: 'Rumbo',
    title: `${doc.title} — ${doc.businessName}`,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}
