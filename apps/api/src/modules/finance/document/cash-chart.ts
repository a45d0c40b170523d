import type { PlanMonth } from '@rumbo/contract/finance-engine';

export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 260;

/**
 * The cash chart of the document: the cash balance at the end of each month as an SVG drawn here (line,
 * zero line, break-even mark), turned into a PNG with sharp for Word and the PDF. Its labels are the month
 * numbers only; the figures themselves are in the document's tables.
 */
export async function cashChartPng(months: PlanMonth[], breakEven: number | null): Promise<Buffer> {
  const left = 16;
  const right = 16;
  const top = 16;
  const bottom = 28;
  const w = CHART_WIDTH - left - right;
  const h = CHART_HEIGHT - top - bottom;
  const values = months.map((m) => m.cash_balance);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const x = (month: number) => left + (w * month) / Math.max(1, months.length - 1);
  const y = (value: number) => top + h - (h * (value - min)) / span;
  const line = months
    .map((m, i) => `${i === 0 ? 'M' : 'L'}${x(m.month).toFixed(1)},${y(m.cash_balance).toFixed(1)}`)
    .join(' ');
  const area = `${line} L${x(months.at(-1)?.month ?? 0).toFixed(1)},${y(0).toFixed(1)} L${x(0).toFixed(1)},${y(0).toFixed(1)} Z`;
  const ticks = [0, 6, 12, 18, 24, 30, 36]
    .filter((m) => m < months.length)
    .map(
      (m) =>
        `<text x="${x(m).toFixed(1)}" y="${CHART_HEIGHT - 8}" font-family="sans-serif" font-size="11" fill="#475569" text-anchor="middle">${m}</text>`,
    )
    .join('');
  const mark =
    breakEven === null
      ? ''
      : `<line x1="${x(breakEven).toFixed(1)}" y1="${top}" x2="${x(breakEven).toFixed(1)}" y2="${top + h}" stroke="#047857" stroke-width="2"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}">
<rect width="100%" height="100%" fill="#ffffff"/>
<path d="${area}" fill="#4f46e5" fill-opacity="0.12"/>
<line x1="${left}" y1="${y(0).toFixed(1)}" x2="${left + w}" y2="${y(0).toFixed(1)}" stroke="#b91c1c" stroke-dasharray="4 4"/>
${mark}
<path d="${line}" fill="none" stroke="#4f46e5" stroke-width="2.5"/>
${ticks}
</svg>`;
  // Loaded at the first chart, not at start (ADR 0027).
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png().toBuffer();
}
