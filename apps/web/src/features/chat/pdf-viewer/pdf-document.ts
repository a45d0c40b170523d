import { getDocumentProxy } from 'unpdf';

export type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * Opens a PDF with pdf.js (unpdf's build, the one the server reads PDFs with), which draws pages and
 * nothing more: its document scripting lives in pdf.js's own viewer application, which the app does
 * not load, so a PDF's JavaScript (an `/OpenAction`, form actions) never runs (ADR 0032). Strings are
 * never evaluated as code either (the page's policy forbids it anyway), and XFA forms, which pdf.js
 * would turn into HTML, are not rendered.
 */
export function openPdf(data: Uint8Array): Promise<PdfDocument> {
  return getDocumentProxy(data, { isEvalSupported: false, enableXfa: false, stopAtErrors: false });
}

/** Whether pdf.js refused the file for want of its password. */
export const isPasswordError = (error: unknown) =>
  error instanceof Error && error.name === 'PasswordException';
