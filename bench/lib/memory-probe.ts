/**
 * Preloaded (`--import`) into a benchmarked process: on SIGUSR2 it writes `process.memoryUsage()` to
 * BENCH_MEMORY_FILE, so that a benchmark can read the V8 heap of a process it only sees from outside.
 * Nothing runs until asked; the file is renamed into place so that a reader never sees half of it.
 */
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_MEMORY_FILE;
if (file && isMainThread) {
  process.on('SIGUSR2', () => {
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()));
    fs.renameSync(`${file}.tmp`, file);
  });
}
