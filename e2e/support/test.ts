/**
 * The journeys' `test`: Playwright's, plus the accessibility gate's rule that every journey scans
 * the screens it reaches (support/axe.ts). A journey that passes without a single `scanScreen`
 * fails, so a new journey cannot skip the gate by omission.
 */
import { test as base } from '@playwright/test';
import { checkpointsOf } from './axe.ts';

export { expect } from '@playwright/test';

export const test = base.extend<{ accessibilityGate: undefined }>({
  accessibilityGate: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use, testInfo) => {
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus && checkpointsOf(testInfo.testId) === 0) {
        throw new Error(
          'This journey scanned no screen: call scanScreen(page, …) (e2e/support/axe.ts) on the screens it reaches.',
        );
      }
    },
    { auto: true },
  ],
});
