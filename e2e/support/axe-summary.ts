/**
 * Prints the accessibility gate's count at the end of the run, from the scans the journeys recorded
 * (support/axe.ts): "axe: N scans of M screens at 1280 and 375 px, 0 violations".
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** The annotation each scan leaves on its test (written by support/axe.ts). */
export const SCAN_ANNOTATION = 'axe-scan';
export interface ScanRecord {
  screen: string;
  width: number;
  violations: number;
  /** Time taken by the scan, with its resize. */
  ms: number;
}

export default class AxeSummary implements Reporter {
  private readonly scans: ScanRecord[] = [];

  onTestEnd(_test: TestCase, result: TestResult): void {
    for (const annotation of result.annotations) {
      if (annotation.type === SCAN_ANNOTATION && annotation.description) {
        this.scans.push(JSON.parse(annotation.description) as ScanRecord);
      }
    }
  }

  onEnd(): void {
    const screens = new Set(this.scans.map((scan) => scan.screen));
    const widths = [...new Set(this.scans.map((scan) => scan.width))].sort((a, b) => b - a);
    const failing = this.scans.filter((scan) => scan.violations > 0);
    const violations = failing.reduce((sum, scan) => sum + scan.violations, 0);
    const seconds = this.scans.reduce((sum, scan) => sum + scan.ms, 0) / 1000;
    console.log(
      `axe: ${this.scans.length} scans of ${screens.size} screens at ${widths.join(' and ')} px, ${violations} violations (${seconds.toFixed(1)} s)`,
    );
    for (const scan of failing) {
      console.log(`  «${scan.screen}» at ${scan.width} px: ${scan.violations} violations`);
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}
