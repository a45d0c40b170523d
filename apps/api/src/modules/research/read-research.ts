import type { LatestResearch, Research, ResearchReport } from '@rumbo/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { latestStudyId } from '../../db/latest-study.ts';
import { ownedBusiness } from '../../db/owned-business.ts';
import { businesses, researches } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { canStartRun } from './start-research.ts';
import { latestRun, type ResearchRow, sourcesOf, toReport, toResearch } from './store.ts';

/** The run when its business is the user's (404 otherwise, as if it did not exist). */
export async function ownedRun(db: Db, userId: number, researchId: number) {
  const [row] = await db
    .select({ run: researches, businessName: businesses.name })
    .from(researches)
    .innerJoin(businesses, eq(businesses.id, researches.businessId))
    .where(and(eq(researches.id, researchId), eq(businesses.userId, userId)));
  if (!row) throw notFound('Investigación no encontrada');
  return row as { run: ResearchRow; businessName: string };
}

/** A run as the API answers it, with the number of sources found so far. */
export async function researchOf(db: Db, run: ResearchRow): Promise<Research> {
  return toResearch(run, (await sourcesOf(db, run.id)).length);
}

/** GET /businesses/{id}/research: the latest run, when the last one was completed, and whether to offer another. */
export async function latestResearch(db: Db, userId: number, businessId: number): Promise<LatestResearch> {
  const { planId } = await ownedBusiness(db, { userId, businessId });
  const latest = await latestRun(db, businessId);
  const studyAt = (id: SQL<number | null>) =>
    db
      .select({ id: researches.id, at: researches.completedAt })
      .from(researches)
      .where(eq(researches.id, id));
  const [completed] = await studyAt(latestStudyId(businessId));
  const [researched] = await studyAt(latestStudyId(businessId, { written: true }));
  return {
    research: latest ? await researchOf(db, latest) : null,
    last_researched_at: researched?.at?.toISOString() ?? null,
    last_completed_at: completed?.at?.toISOString() ?? null,
    last_completed_id: completed?.id ?? null,
    can_refresh: await canStartRun(db, userId, planId, businessId),
  };
}

/** GET /researches/{id}: the run with its report and sources. */
export async function researchReport(db: Db, userId: number, researchId: number): Promise<ResearchReport> {
  const { run, businessName } = await ownedRun(db, userId, researchId);
  return toReport(run, businessName, await sourcesOf(db, run.id));
}
