import type { ReportClaim, ReportSectionKey, ResearchMode, SectionReview } from '@rumbo/contract';
import { readableText } from '../web/extract.ts';
import { type CheckedSource, checkClaims, type RawClaim } from './check-claims.ts';
import { isSpanish } from './language.ts';
import { passagesFor } from './passages.ts';
import { type SourceText, supportOf } from './support.ts';

/**
 * The research's CPU work that runs in the grounding process (grounding-child.ts, ADR 0025): a page's
 * readable text, the passages the model reads, the check of findings and claims against their sources,
 * the language check. Every task and answer is plain data: it crosses the IPC channels as a copy.
 */
export type GroundingTask =
  | { op: 'readable'; raw: string; plain: boolean }
  | { op: 'passages'; text: string; question: string }
  | { op: 'supported'; findings: Array<{ text: string; sources: number[] }>; sources: SourceText[] }
  | { op: 'spanish'; texts: string[] }
  | {
      op: 'check';
      claims: RawClaim[];
      sources: CheckedSource[];
      mode: ResearchMode;
      key: ReportSectionKey;
      advice: string;
    }
  | { op: 'pid' };

/** A section's claims once checked: the Spanish ones checked against the sources, the others listed. */
export interface CheckedSection {
  claims: ReportClaim[];
  review: SectionReview;
  /** The claims that are still not Spanish (their first 300 characters): dropped, and listed. */
  notSpanish: string[];
}

export interface GroundingAnswers {
  readable: { title: string; text: string };
  passages: string;
  /** How many of the findings a cited source supports. */
  supported: number;
  spanish: boolean[];
  check: CheckedSection;
  pid: number;
}

/** What the process answers: the task's result, or the message of what it threw. */
export type GroundingReply = { value: GroundingAnswers[GroundingTask['op']] } | { error: string };

async function answer(task: GroundingTask): Promise<GroundingAnswers[GroundingTask['op']]> {
  switch (task.op) {
    case 'readable':
      return readableText(task.raw, task.plain);
    case 'passages':
      return passagesFor(task.text, task.question);
    case 'supported': {
      const byNumber = new Map(task.sources.map((source) => [source.number, source]));
      return task.findings.filter(
        (f) =>
          f.sources.length > 0 &&
          supportOf(
            f.text,
            f.sources.flatMap((n) => byNumber.get(n) ?? []),
          ).supported,
      ).length;
    }
    case 'spanish':
      return task.texts.map((text) => isSpanish(text));
    case 'check': {
      const notSpanish = task.claims.filter((c) => !isSpanish(c.text)).map((c) => c.text.slice(0, 300));
      const checked = checkClaims(
        task.claims.filter((c) => isSpanish(c.text)),
        task.sources,
        task.mode,
        task.key,
        task.advice,
      );
      return { ...checked, notSpanish };
    }
    case 'pid':
      return process.pid;
  }
}

/** Runs one task; what it throws is answered as its message, for the server to raise. */
export async function runGroundingTask(task: GroundingTask): Promise<GroundingReply> {
  try {
    return { value: await answer(task) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
