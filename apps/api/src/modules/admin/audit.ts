import type { AdminAuditEntry } from '@rumbo/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminAudit, users } from '../../db/schema/index.ts';

export interface Operator {
  id: number;
  email: string;
}

export type AuditAction = AdminAuditEntry['action'];

/** Writes one line of the audit table inside the caller's transaction; returns its id. */
export async function writeAudit(
  tx: Db,
  operator: Operator,
  entry: { action: AuditAction; targetUserId: number; details: Record<string, unknown> },
): Promise<number> {
  const [row] = await tx
    .insert(adminAudit)
    .values({
      adminUserId: operator.id,
      adminEmail: operator.email,
      action: entry.action,
      targetUserId: entry.targetUserId,
      details: entry.details,
    })
    .returning({ id: adminAudit.id });
  if (!row) throw new Error('audit row not written');
  return row.id;
}

/** The latest lines, each with its target's e-mail (an operator reads people by address, not by id). */
export async function latestAudit(db: Db, limit = 50): Promise<AdminAuditEntry[]> {
  const rows = await db
    .select({ audit: adminAudit, targetEmail: users.email })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.targetUserId))
    .orderBy(desc(adminAudit.id))
    .limit(limit);
  return rows.map(({ audit: row, targetEmail }) => ({
    id: row.id,
    admin_email: row.adminEmail,
    action: row.action,
    target_user_id: row.targetUserId,
    target_email: targetEmail,
    details: row.details as Record<string, unknown>,
    created_at: row.createdAt.toISOString(),
  }));
}
