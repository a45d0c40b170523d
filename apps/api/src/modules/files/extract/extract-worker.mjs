// The worker's entry: worker threads do not inherit tsx's loader (`node --import tsx`, Vitest), so
// the TypeScript module is loaded through tsx's API, in production and tests alike.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./extract-worker.ts', import.meta.url);

export default worker.default;
