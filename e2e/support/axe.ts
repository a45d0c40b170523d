/**
 * The accessibility gate (README): every screen state a journey reaches is scanned by axe for WCAG 2.2
 * AA at the desktop and the phone width, and any violation fails the journey. Journeys call
 * `scanScreen` once the screen is settled (its content asserted), so a scan never races the journey's
 * own clicks; a state already scanned in this run (same name, same width) is not scanned again.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { SCAN_ANNOTATION, type ScanRecord } from './axe-summary.ts';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The two widths of the gate, each with the height the journeys use at it. */
const VIEWPORTS = {
  1280: { width: 1280, height: 800 },
  375: { width: 375, height: 740 },
} as const;
export type ScanWidth = keyof typeof VIEWPORTS;
const ALL_WIDTHS: readonly ScanWidth[] = [1280, 375];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const scannedInThisWorker = new Set<string>();
const checkpointsByTest = new Map<string, number>();

/** How many times the test called `scanScreen` (the fixture requires at least one per journey). */
export function checkpointsOf(testId: string): number {
  return checkpointsByTest.get(testId) ?? 0;
}

/**
 * Scans the page as it is, named `screen` (a name per distinct state: 'chat: an answer', not
 * 'chat'), at each width in `widths`: first at the width the page has, then at the others by
 * resizing and restoring the viewport. `widths` narrows it for states that exist at one width only.
 */
export async function scanScreen(
  page: Page,
  screen: string,
  { widths = ALL_WIDTHS }: { widths?: readonly ScanWidth[] } = {},
): Promise<void> {
  const info = test.info();
  checkpointsByTest.set(info.testId, checkpointsOf(info.testId) + 1);
  await test.step(
    `axe: ${screen}`,
    async () => {
      const original = page.viewportSize();
      const ordered = [...widths].sort(
        (a, b) => Number(b === original?.width) - Number(a === original?.width),
      );
      for (const width of ordered) {
        const key = `${screen}\n${width}`;
        if (scannedInThisWorker.has(key)) continue;
        scannedInThisWorker.add(key);
        const started = performance.now();
        if (page.viewportSize()?.width !== width) await page.setViewportSize(VIEWPORTS[width]);
        await settle(page);
        // Legacy mode runs axe in the page itself; the default opens a blank page per scan to merge
        // results from frames, which doubles the time, and these screens have no frames.
        const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
        const ms = Math.round(performance.now() - started);
        const record: ScanRecord = { screen, width, violations: violations.length, ms };
        info.annotations.push({ type: SCAN_ANNOTATION, description: JSON.stringify(record) });
        expect.soft(violations.map(describe), `axe on «${screen}» at ${width} px`).toEqual([]);
      }
      if (original && page.viewportSize()?.width !== original.width) {
        await page.setViewportSize(original);
        await settle(page);
      }
    },
    { box: true },
  );
}

/** Waits for finite animations (a dialog fading in) and a laid-out frame: colours are final. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    const timeout = new Promise((resolve) => setTimeout(resolve, 2000));
    await Promise.race([Promise.allSettled(finite.map((animation) => animation.finished)), timeout]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

function describe(violation: Violation): string {
  const targets = violation.nodes.map((node) => node.target.join(' ')).join(', ');
  return `${violation.id} (${violation.impact}): ${violation.help} — ${targets} — ${violation.helpUrl}`;
}
