/**
 * `npm run bench [name...]`: runs every benchmark in bench/*.bench.ts (or the named ones) and
 * prints its table. Each benchmark measures Rumbo side by side with a baseline in the same run,
 * so the ratios hold on whatever machine runs them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './lib/processes.ts';
import type { Benchmark } from './lib/types.ts';

const dir = path.join(REPO_ROOT, 'bench');
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.bench\.ts$/, '')))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ')}`);
  process.exit(1);
}

for (const file of files) {
  const bench = (await import(path.join(dir, file))).default as Benchmark;
  console.log(`\n## ${bench.name}\n${bench.description}\n`);
  const rows = await bench.run();
  console.table(rows);
}
