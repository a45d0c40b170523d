/**
 * Where each part of a run puts its progress bar (0 to 1): the one table every step reads, so the
 * timeline only moves forward.
 */
export const PROGRESS = {
  planning: 0.03,
  planned: 0.1,
  gathering: { from: 0.12, to: 0.45 },
  writing: { from: 0.46, to: 0.9 },
  checking: 0.92,
  done: 1,
} as const;

/** The progress after `done` of `total` pieces of a part. */
export function within(part: { from: number; to: number }, done: number, total: number): number {
  return part.from + ((part.to - part.from) * Math.min(done, total)) / Math.max(total, 1);
}
