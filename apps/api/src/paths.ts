import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the running code and the files it reads beside it are. The API runs either from its TypeScript
 * sources (tsx in development, Vitest in the tests) or from the compiled build (`npm run build`,
 * scripts/build.mjs): one folder, apps/api/dist, with a bundle per entry point, their shared chunks and
 * the plain files copied beside them. This module sits at the top of apps/api/src, so from either one
 * its folder is the code's folder, one level below apps/api (ADR 0034).
 */
export const FROM_SOURCES = import.meta.url.endsWith('.ts');
const CODE_DIR = path.dirname(fileURLToPath(import.meta.url));
export const API_DIR = path.dirname(CODE_DIR);
export const REPO_ROOT = path.resolve(API_DIR, '../..');

/**
 * A file of the sources, named by its path under apps/api/src, as the running code has it: that very
 * file from the sources; from the build, the bundle or copy the build put in dist under the file's base
 * name (`.ts` becoming `.js`).
 */
export function codeFile(sourcePath: string): string {
  if (FROM_SOURCES) return path.join(CODE_DIR, sourcePath);
  return path.join(CODE_DIR, path.basename(sourcePath).replace(/\.ts$/, '.js'));
}
