import type { JobDefinition } from './queue.ts';

/** Every background job the app runs. Features add theirs here. */
export function appJobs(): JobDefinition[] {
  return [];
}
