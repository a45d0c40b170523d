import { expect, vi } from 'vitest';

/**
 * How many functions zod builds with `new Function` (its compiled validators, or its probe for them) in
 * its first object parse. zod decides at that parse and remembers, so each environment's test is a file
 * of its own.
 */
export async function functionsBuiltByAParse(): Promise<number> {
  let built = 0;
  const counting = new Proxy(Function, {
    construct(target, args, newTarget) {
      built += 1;
      return Reflect.construct(target, args, newTarget);
    },
  });
  vi.stubGlobal('Function', counting);
  try {
    const { z } = await import('../zod.ts');
    const schema = z.object({ name: z.string().min(1), size: z.number().int() });
    expect(schema.parse({ name: 'Rumbo', size: 3 })).toEqual({ name: 'Rumbo', size: 3 });
    expect(schema.safeParse({ name: '', size: 1.5 }).success).toBe(false);
  } finally {
    vi.unstubAllGlobals();
  }
  return built;
}
