import { fileURLToPath } from 'node:url';
import { formatViolation } from './architecture/check.mjs';
import { checkDocs } from './docs/check.mjs';

// `npm run lint`'s last part: the documentation rules of docs/architecture.md §2 (no pointer to a tracker
// outside the repository, a Status line on every ADR, relative links that lead somewhere). Exits 1 and
// names each file, line and rule when one is broken.

const started = performance.now();
const root = fileURLToPath(new URL('..', import.meta.url));
const { files, violations } = checkDocs(root);
const seconds = ((performance.now() - started) / 1000).toFixed(1);

for (const violation of violations) console.error(formatViolation(violation));
const count = violations.length;
const outcome = count === 0 ? 'no violations' : `${count} violation${count === 1 ? '' : 's'}`;
console.log(`docs: ${files} files, ${outcome} (${seconds} s)`);
process.exitCode = count === 0 ? 0 : 1;
