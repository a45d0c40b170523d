import type { BusinessStage } from './business-rules.ts';

// Without zod, so that any screen may import it (see zod.ts).

/**
 * product.md §7: the path segment of each stage in the API's addresses (/api/businesses/ideas/…,
 * /api/businesses/established/…). The API builds its routes and logo links from it, the web its calls.
 */
export const BUSINESS_STAGE_SEGMENTS = {
  idea: 'ideas',
  established: 'established',
} as const satisfies Record<BusinessStage, string>;
export type BusinessStageSegment = (typeof BUSINESS_STAGE_SEGMENTS)[BusinessStage];
