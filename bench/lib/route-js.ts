import zlib from 'node:zlib';
import type { Page } from 'playwright-core';

const TOP_FILES = 5;

export interface JsFile {
  url: string;
  bytes: number;
  gzip: number;
}

/** Records every JavaScript response the page loads, with its gzip size (level 9). */
export function collectJs(page: Page): { files: JsFile[]; settle(): Promise<JsFile[]> } {
  const files: JsFile[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    const script = response.request().resourceType() === 'script' || new URL(url).pathname.endsWith('.js');
    if (!script || response.status() !== 200) return;
    pending.push(
      response
        .body()
        .then((body) => {
          // Playwright hands over the decoded body: the file as built, whatever encoding it came in.
          files.push({ url, bytes: body.byteLength, gzip: zlib.gzipSync(body, { level: 9 }).byteLength });
        })
        .catch(() => {}),
    );
  });
  return {
    files,
    async settle() {
      await Promise.all(pending);
      return files;
    },
  };
}

export const kb = (bytes: number) => bytes / 1024;
export const sumGzip = (files: readonly JsFile[]) => files.reduce((sum, f) => sum + f.gzip, 0);
export const verdict = (value: number, budget: number) => (value <= budget ? 'met' : 'OVER BUDGET');

export function printFiles(title: string, files: readonly JsFile[]) {
  const sorted = [...files].sort((a, b) => b.gzip - a.gzip);
  console.log(
    `\n${title}: ${files.length} JavaScript files, ${kb(sumGzip(files)).toFixed(1)} KB gzip (${kb(
      files.reduce((sum, f) => sum + f.bytes, 0),
    ).toFixed(1)} KB minified); largest:`,
  );
  for (const f of sorted.slice(0, TOP_FILES)) {
    console.log(
      `  ${kb(f.gzip).toFixed(1).padStart(7)} KB gzip  ${kb(f.bytes).toFixed(1).padStart(7)} KB  ${new URL(f.url).pathname}`,
    );
  }
}
