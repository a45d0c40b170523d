import type { FinancialPlan } from '@rumbo/contract';
import type { Db } from '../../../db/client.ts';
import { latestStudyReport } from '../../../db/latest-study.ts';
import { ownedBusiness } from '../../../db/owned-business.ts';
import type { BusinessRow } from '../../businesses/business-wire.ts';
import { planOfBusiness } from '../read-plan.ts';
import { businessPlan, figuresOf, onePager } from './business-plan.es.ts';
import { cashChartPng } from './cash-chart.ts';

export const DOCUMENT_FORMATS = ['docx', 'pdf'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
export const DOCUMENT_KINDS = ['plan', 'one-pager'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const CONTENT_TYPES: Record<DocumentFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

export interface MadeDocument {
  body: Buffer;
  fileName: string;
  contentType: string;
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'negocio';

/** GET /api/businesses/{id}/financial-plan/document: the owner's document. */
export async function ownerDocument(
  db: Db,
  ref: { userId: number; businessId: number },
  request: { kind: DocumentKind; format: DocumentFormat },
): Promise<MadeDocument> {
  return makeDocument(db, (await ownedBusiness(db, ref)).business, request);
}

/** The business plan or the one-pager of a business, as DOCX or PDF (ADR 0042), from its plan and report. */
export async function makeDocument(
  db: Db,
  business: BusinessRow,
  { kind, format, today = new Date() }: { kind: DocumentKind; format: DocumentFormat; today?: Date },
): Promise<MadeDocument> {
  const plan: FinancialPlan = await planOfBusiness(db, business, today);
  const research = await latestStudyReport(db, business.id);
  const input = { business, plan, research, today };
  const doc = kind === 'plan' ? businessPlan(input) : onePager(input);
  const { base } = figuresOf(plan);
  const chart = kind === 'plan' ? await cashChartPng(base.months, base.key.break_even_month) : null;
  // The writers (docx, pdfkit) are loaded at the first document of their format, not at start (ADR 0027).
  const body =
    format === 'docx'
      ? await (await import('./render-docx.ts')).renderDocx(doc, chart)
      : await (await import('./render-pdf.ts')).renderPdf(doc, chart);
  const name = kind === 'plan' ? 'plan-de-empresa' : 'resumen';
  return { body, fileName: `${name}-${slug(business.name)}.${format}`, contentType: CONTENT_TYPES[format] };
}
