import path from 'node:path';
import { REPO_ROOT } from '../paths.ts';

/** The built SPA (`npm run build`; `npm start` builds it first when it is missing or stale). */
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');
