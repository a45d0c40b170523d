import { expect, it } from 'vitest';
import { functionsBuiltByAParse } from './test/zod-functions.ts';

// On the server zod keeps its compiled validators (zod.ts); in a browser page it builds none
// (zod-compile-browser.test.ts).
it('compiles validators on the server', async () => {
  expect(await functionsBuiltByAParse()).toBeGreaterThan(0);
});
