import type { Readable } from 'node:stream';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  attachments,
  businesses,
  chats,
  creditLedger,
  financialPlans,
  messages,
  notifications,
  planShares,
  researches,
  researchSources,
  roadmapMilestones,
  roadmapTasks,
  users,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { FileStorage } from '../files/storage.ts';
import { preferencesOf } from '../notifications/notification-store.ts';
import { createZipStream, type ZipStream } from './zip-stream.ts';

/** A readable, portable file name part: letters, digits and dashes only, never empty. */
function slug(text: string, fallback: string): string {
  const value = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return value || fallback;
}

/** An attachment's own name, made safe as one path part of the archive. */
const fileName = (id: string, name: string) =>
  `adjuntos/${id}-${name.replace(/[/\\\0]/g, '_').slice(0, 120)}`;

const asJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Where the archive says which stored files it could not include (only when some are missing). */
const MISSING_NOTE = 'archivos-que-faltan.txt';

/**
 * Everything the user has in Rumbo, as one zip (ADR 0047, 'Descargar mis datos'): the profile, each
 * business with its logo, market research reports and chats (messages and attached files), and the
 * credit history. Every query starts from the user's own id, so nothing of another user can get in.
 * The archive is streamed (ADR 0058): the rows are read as the archive gets to them, and each stored file is
 * read from storage, one at a time, at the pace the archive is read. A stored file that is missing is left
 * out and named in `archivos-que-faltan.txt`; any other failure cuts the download.
 */
export async function exportUserData(db: Db, storage: FileStorage, userId: number): Promise<Readable> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('Usuario no encontrado');
  const zip = await createZipStream();
  writeArchive(db, storage, user, zip).then(
    () => zip.end(),
    (error: Error) => zip.abort(error),
  );
  return zip.output;
}

async function writeArchive(db: Db, storage: FileStorage, user: typeof users.$inferSelect, zip: ZipStream) {
  const userId = user.id;
  const missing: string[] = [];
  const addStored = async (name: string, key: string) => {
    const source = await storage.getStream(key);
    if (source) await zip.addStream(name, source);
    else missing.push(name);
  };
  zip.addText(
    'perfil.json',
    asJson({
      email: user.email,
      full_name: user.fullName,
      username: user.username,
      language: user.language,
      plan_id: user.planId,
      discovery_source: user.discoverySource,
      analytics_personal: !user.analyticsOptOut,
      two_factor_enabled: user.twoFactorEnabled,
      product_mail: user.productMail,
      time_zone: user.timeZone,
      created_at: user.createdAt,
    }),
  );
  const ledger = await db
    .select({
      delta: creditLedger.delta,
      kind: creditLedger.kind,
      source_id: creditLedger.sourceId,
      created_at: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(asc(creditLedger.id));
  zip.addText('creditos.json', asJson(ledger));
  // The notification centre and its preferences (ADR 0056).
  const notices = await db
    .select({
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      read_at: notifications.readAt,
      created_at: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
  zip.addText(
    'notificaciones.json',
    asJson({ preferencias: await preferencesOf(db, userId), notificaciones: notices }),
  );

  const owned = await db
    .select()
    .from(businesses)
    .where(eq(businesses.userId, userId))
    .orderBy(asc(businesses.id));
  for (const business of owned) {
    const folder = `negocios/${business.id}-${slug(business.name, 'negocio')}`;
    const { logoKey, logoVersion: _version, userId: _owner, ...data } = business;
    zip.addText(`${folder}/negocio.json`, asJson(data));
    if (logoKey) await addStored(`${folder}/logo.webp`, logoKey);

    const runs = await db
      .select()
      .from(researches)
      .where(eq(researches.businessId, business.id))
      .orderBy(asc(researches.id));
    const sources = runs.length
      ? await db
          .select()
          .from(researchSources)
          .where(
            inArray(
              researchSources.researchId,
              runs.map((run) => run.id),
            ),
          )
          .orderBy(asc(researchSources.number))
      : [];
    zip.addText(
      `${folder}/investigaciones.json`,
      asJson(
        runs.map((run) => ({
          id: run.id,
          status: run.status,
          created_at: run.createdAt,
          completed_at: run.completedAt,
          summary: run.summary,
          sections: run.sections,
          missing: run.missing,
          partial: run.partial,
          sources: sources
            .filter((source) => source.researchId === run.id)
            .map(({ number, url, title }) => ({ number, url, title })),
        })),
      ),
    );

    // The financial plan's assumptions, scenarios and pending proposals, and its links (ADR 0040, 0042).
    const [plan] = await db.select().from(financialPlans).where(eq(financialPlans.businessId, business.id));
    if (plan) {
      const links = await db.select().from(planShares).where(eq(planShares.businessId, business.id));
      zip.addText(
        `${folder}/plan-financiero.json`,
        asJson({
          assumptions: plan.assumptions,
          scenarios: plan.scenarios,
          proposals: plan.proposals,
          updated_at: plan.updatedAt,
          shared_links: links.map((link) => ({
            created_at: link.createdAt,
            expires_at: link.expiresAt,
            revoked_at: link.revokedAt,
            views: link.views,
          })),
        }),
      );
    }

    // The roadmap's milestones and tasks (ADR 0055).
    const milestones = await db
      .select()
      .from(roadmapMilestones)
      .where(eq(roadmapMilestones.businessId, business.id))
      .orderBy(asc(roadmapMilestones.position));
    if (milestones.length > 0) {
      const tasks = await db
        .select()
        .from(roadmapTasks)
        .where(eq(roadmapTasks.businessId, business.id))
        .orderBy(asc(roadmapTasks.position));
      zip.addText(
        `${folder}/hoja-de-ruta.json`,
        asJson(
          milestones.map((m) => ({
            stage: m.stage,
            title: m.title,
            tasks: tasks
              .filter((task) => task.milestoneId === m.id)
              .map((task) => ({
                kind: task.kind,
                title: task.title,
                why: task.why,
                done_when: task.doneWhen,
                due_date: task.dueDate,
                status: task.status,
                notes: task.notes,
                completed_at: task.completedAt,
              })),
          })),
        ),
      );
    }

    const threads = await db
      .select()
      .from(chats)
      .where(eq(chats.businessId, business.id))
      .orderBy(asc(chats.id));
    const files = await db
      .select()
      .from(attachments)
      .where(eq(attachments.businessId, business.id))
      .orderBy(asc(attachments.createdAt));
    for (const thread of threads) {
      const rows = await db
        .select({
          id: messages.id,
          sender: messages.sender,
          content: messages.content,
          time: messages.time,
        })
        .from(messages)
        .where(eq(messages.chatId, thread.id))
        .orderBy(asc(messages.id));
      const ids = new Set(rows.map((row) => row.id));
      zip.addText(
        `${folder}/chats/${thread.id}.json`,
        asJson({
          id: thread.id,
          title: thread.title,
          start_time: thread.startTime,
          messages: rows.map((row) => ({
            ...row,
            attachments: files
              .filter((file) => file.messageId === row.id)
              .map((file) => ({ name: file.name, file: fileName(file.id, file.name) })),
          })),
        }),
      );
      for (const file of files) {
        if (!ids.has(file.messageId)) continue;
        await addStored(`${folder}/${fileName(file.id, file.name)}`, file.storageKey);
      }
    }
  }
  if (missing.length > 0) {
    zip.addText(
      MISSING_NOTE,
      `Estos archivos ya no estaban guardados en Rumbo y no van en la descarga:\n${missing
        .map((name) => `- ${name}\n`)
        .join('')}`,
    );
  }
}
