import { fileURLToPath } from 'node:url';
import { checkArchitecture, formatViolation } from './architecture/check.mjs';

// `npm run lint`'s second half: the house rules of docs/architecture.md that Biome cannot express
// (features that import each other, credit rows written outside modules/credits, SDKs outside their
// module). Exits 1 and names each file, line and rule when one is broken.

const started = performance.now();
const root = fileURLToPath(new URL('..', import.meta.url));
const { files, rules, violations } = checkArchitecture(root);
const seconds = ((performance.now() - started) / 1000).toFixed(1);

for (const violation of violations) console.error(formatViolation(violation));
const count = violations.length;
const outcome = count === 0 ? 'no violations' : `${count} violation${count === 1 ? '' : 's'}`;
console.log(`architecture: ${files} files, ${rules} rules, ${outcome} (${seconds} s)`);
process.exitCode = count === 0 ? 0 : 1;
