// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { functionsBuiltByAParse } from './test/zod-functions.ts';

// The page's content security policy forbids `new Function`, and zod's probe for it shows as a policy
// violation: in a browser page zod builds no function at all (zod.ts).
it('never builds a function in a browser page, not even to probe for it', async () => {
  expect(await functionsBuiltByAParse()).toBe(0);
});
