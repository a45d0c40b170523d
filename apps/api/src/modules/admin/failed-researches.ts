import type { AdminFailedResearch } from '@rumbo/contract';
import { ERROR_CODES } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type Operator, writeAudit } from './audit.ts';

/** Starts a new run of a business for its owner (the research module's own start, composed in app.ts). */
export type StartResearchFor = (ownerId: number, businessId: number) => Promise<{ id: number }>;

/** Businesses whose latest run failed, newest first: the runs an operator may retry. */
export async function failedResearches(db: Db, limit = 50): Promise<AdminFailedResearch[]> {
  return queryRows<AdminFailedResearch>(
    db,
    sql`select r.id, r.business_id, b.name as business_name, u.email as user_email, r.error,
          to_char(coalesce(r.heartbeat_at, r.started_at, r.created_at) at time zone 'UTC',
            'YYYY-MM-DD"T"HH24:MI:SS"Z"') as failed_at
        from researches r
        join businesses b on b.id = r.business_id
        join users u on u.id = b.user_id
        where r.status = 'failed'
          and r.id = (select max(latest.id) from researches latest where latest.business_id = r.business_id)
        order by r.id desc limit ${limit}`,
  );
}

/** Retries a failed run (only while it is its business's latest) for the owner, and writes the audit line. */
export async function retryResearch(
  db: Db,
  operator: Operator,
  researchId: number,
  start: StartResearchFor,
): Promise<number> {
  const [run] = await queryRows<{ business_id: number; owner_id: number; status: string; latest: boolean }>(
    db,
    sql`select r.business_id, b.user_id as owner_id, r.status,
          r.id = (select max(l.id) from researches l where l.business_id = r.business_id) as latest
        from researches r join businesses b on b.id = r.business_id where r.id = ${researchId}`,
  );
  if (!run) throw notFound('Investigación no encontrada');
  if (run.status !== 'failed' || !run.latest) {
    throw new AppError(
      409,
      ERROR_CODES.validation,
      'Solo se puede reintentar la última investigación fallida',
    );
  }
  const created = await start(run.owner_id, run.business_id);
  await writeAudit(db, operator, {
    action: 'retry_research',
    targetUserId: run.owner_id,
    details: { research_id: researchId, new_research_id: created.id, business_id: run.business_id },
  });
  return created.id;
}
