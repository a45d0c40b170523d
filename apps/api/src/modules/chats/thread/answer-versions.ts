import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { messages } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import { type MessageRef, ownChat } from '../owned.ts';
import type { MessageRow } from '../rows.ts';

// The versions of a chat's messages (ADR 0043): a regenerated answer and an edited question are new rows
// beside the earlier ones, and the chat shows, and continues from, one branch of that tree.

export const stillAnswering = () =>
  new AppError(409, 'CONFLICT', 'Espera a que termine la respuesta antes de volver a pedirla.');

const notShown = () =>
  new AppError(
    409,
    'CONFLICT',
    'Ese mensaje ya no está en la conversación que se muestra. Vuelve a cargarla.',
  );

/** The first version of a message: what its versions share. */
export const versionGroup = (row: Pick<MessageRow, 'id' | 'versionOf'>) => row.versionOf ?? row.id;

/**
 * Hides the shown branch from `messageId` on (that message and what follows it), inside `tx`, so that a
 * new version can take its place. Throws (rolling `tx` back) when the message is no longer shown (a
 * concurrent request replaced it first) or an answer of that branch is still being written.
 */
export async function hideBranchFrom(tx: Db, chatId: number, messageId: number): Promise<void> {
  // Ids grow along a branch, so what follows the message on the shown branch has larger ids.
  const hidden = await tx
    .update(messages)
    .set({ shown: false })
    .where(and(eq(messages.chatId, chatId), eq(messages.shown, true), gte(messages.id, messageId)))
    .returning({ id: messages.id, finished: messages.finished });
  if (!hidden.some((m) => m.id === messageId)) throw notShown();
  if (hidden.some((m) => !m.finished)) throw stillAnswering();
}

/**
 * Shows `messageId`'s branch: from it down, at each step the child shown last (or made last), so a
 * branch comes back as the user left it. Its ancestors are those of the version it replaces.
 */
async function showBranchFrom(tx: Db, messageId: number): Promise<void> {
  await tx.execute(sql`
    with recursive branch(id) as (
      select ${messageId}::int
      union all
      select (select c.id from messages c where c.parent_id = branch.id
              order by c.selected_at desc, c.id desc limit 1)
      from branch where branch.id is not null)
    update messages set shown = true,
      selected_at = case when id = ${messageId} then now() else selected_at end
    where id in (select id from branch where id is not null)`);
}

/**
 * Shows another version of a message of the shown branch, with the branch that followed it when it
 * was last shown; the chat continues from there.
 */
export async function showVersion(
  db: Db,
  { userId, businessId, chatId, messageId }: MessageRef,
): Promise<void> {
  await ownChat(db, { userId, businessId, chatId });
  const [target] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.chatId, chatId)));
  if (!target) throw notFound('Mensaje no encontrado');
  const group = versionGroup(target);
  await db.transaction(async (tx) => {
    const [current] = await queryRows<{ id: number }>(
      tx,
      sql`select id from messages where chat_id = ${chatId} and shown
            and coalesce(version_of, id) = ${group} order by id limit 1`,
    );
    if (!current) throw notShown();
    if (Number(current.id) === target.id) return;
    await hideBranchFrom(tx, chatId, Number(current.id));
    await showBranchFrom(tx, target.id);
  });
}

/**
 * The versions of the chat's messages that have more than one: each first version's id to the ids of
 * all its versions, oldest first.
 */
export async function versionsOf(db: Db, chatId: number): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ id: messages.id, versionOf: messages.versionOf })
    .from(messages)
    .where(and(eq(messages.chatId, chatId), isNotNull(messages.versionOf)))
    .orderBy(messages.id);
  const groups = new Map<number, number[]>();
  for (const row of rows) {
    const group = row.versionOf as number;
    groups.set(group, [...(groups.get(group) ?? [group]), row.id]);
  }
  return groups;
}
