import {
  CREDITS_LOW_SHARE,
  hasNotifications,
  NOTIFICATION_MORNING_HOUR,
  type NotificationPreferences,
  PLAN_IDS,
  planOf,
} from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { type LocalTime, localTime, timeZoneOf } from './local-time.ts';
import {
  insertNotification,
  kindIsOn,
  mailPlanOf,
  type NewNotification,
  preferencesOf,
} from './notification-store.ts';
import {
  creditsLow,
  creditsRenewed,
  type TaskLine,
  taskDueTomorrow,
  taskOverdue,
  weeklySummary,
} from './texts.es.ts';

/** The pg-boss queue of the notifications' round (ADR 0056): every hour, each user's morning in turn. */
export const NOTIFICATION_ROUND_JOB = 'notifications-round';

interface UserRow {
  id: number;
  plan_id: number;
  time_zone: string | null;
  product_mail: boolean;
}

interface Target {
  user: UserRow;
  preferences: NotificationPreferences;
  local: LocalTime;
  now: Date;
}

const NOTIFYING_PLANS = PLAN_IDS.filter(hasNotifications);

/** Makes the notification once; its e-mail follows the user's preferences (the sweeper sends it). */
async function notify(db: Db, target: Target, n: Omit<NewNotification, 'userId'>): Promise<void> {
  if (!kindIsOn(target.preferences, n.kind)) return;
  await insertNotification(
    db,
    { ...n, userId: target.user.id },
    mailPlanOf(target.preferences, target.user.product_mail),
    target.now,
  );
}

interface TaskRow {
  id: number;
  title: string;
  due_date: string;
  business_id: number;
  business_name: string;
}

/** 'Mañana vence…' per business, and each open task past its date once (per task and date). */
async function taskNotices(db: Db, target: Target): Promise<void> {
  const tasks = await queryRows<TaskRow>(
    db,
    sql`select t.id, t.title, t.due_date, b.id as business_id, b.name as business_name
      from roadmap_tasks t join businesses b on b.id = t.business_id
      where b.user_id = ${target.user.id} and t.status in ('pendiente', 'en_curso')
        and t.due_date is not null and t.due_date <= ${target.local.tomorrow}
      order by t.due_date, t.id`,
  );
  const tomorrow = new Map<number, { name: string; lines: TaskLine[] }>();
  for (const task of tasks) {
    if (task.due_date === target.local.tomorrow) {
      const entry = tomorrow.get(task.business_id) ?? { name: task.business_name, lines: [] };
      entry.lines.push({ title: task.title, dueDate: task.due_date });
      tomorrow.set(task.business_id, entry);
    } else if (task.due_date < target.local.date) {
      await notify(db, target, {
        kind: 'tarea_vencida',
        businessId: task.business_id,
        periodKey: `${task.id}:${task.due_date}`,
        ...taskOverdue(task.business_name, { title: task.title, dueDate: task.due_date }),
        link: `/roadmap/${task.business_id}`,
      });
    }
  }
  for (const [businessId, { name, lines }] of tomorrow) {
    await notify(db, target, {
      kind: 'tarea_manana',
      businessId,
      periodKey: `${target.local.tomorrow}:${businessId}`,
      ...taskDueTomorrow(name, lines),
      link: `/roadmap/${businessId}`,
    });
  }
}

/** On the user's Monday morning, for each business: what was done, what is next, one question. */
async function weeklySummaries(db: Db, target: Target): Promise<void> {
  const businesses = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from businesses where user_id = ${target.user.id} order by id`,
  );
  const since = new Date(target.now.getTime() - 7 * 86_400_000).toISOString();
  for (const business of businesses) {
    const done = await queryRows<{ title: string }>(
      db,
      sql`select title from roadmap_tasks where business_id = ${business.id} and status = 'hecha'
        and completed_at > ${since}::timestamptz order by completed_at desc limit 5`,
    );
    const next = await queryRows<{ title: string; kind: string }>(
      db,
      sql`select t.title, t.kind from roadmap_tasks t join roadmap_milestones m on m.id = t.milestone_id
        where t.business_id = ${business.id} and t.status in ('pendiente', 'en_curso')
        order by (t.status = 'en_curso') desc, t.due_date nulls last, m.position, t.position limit 3`,
    );
    const experiment = next.find((task) => task.kind === 'experimento')?.title ?? null;
    await notify(db, target, {
      kind: 'resumen_semanal',
      businessId: business.id,
      periodKey: `${target.local.week}:${business.id}`,
      ...weeklySummary(
        business.name,
        target.local.week,
        done.map((t) => t.title),
        next.map((t) => t.title),
        experiment,
      ),
      link: `/roadmap/${business.id}`,
    });
  }
}

/**
 * 'Te quedan pocos créditos' once per credit period, and 'Tus créditos se han renovado' once per renewal
 * (a paid period after another). Reads the credit rows; only modules/credits writes them.
 */
async function creditNotices(db: Db, target: Target): Promise<void> {
  const monthly = planOf(target.user.plan_id).monthlyCredits;
  if (monthly === null || monthly <= 0) return;
  const periods = await queryRows<{ source_id: string; created_at: string }>(
    db,
    sql`select source_id, created_at from credit_ledger
      where user_id = ${target.user.id} and kind = 'reset' and source_id like 'invoice:%'
      order by id desc limit 2`,
  );
  const [current, previous] = periods;
  if (!current) return;
  const [balance] = await queryRows<{ balance: number }>(
    db,
    sql`select balance from credit_balances where user_id = ${target.user.id}`,
  );
  const left = Math.max(0, Number(balance?.balance ?? 0));
  if (left <= Math.floor(monthly * CREDITS_LOW_SHARE)) {
    await notify(db, target, {
      kind: 'creditos_bajos',
      businessId: null,
      periodKey: current.source_id,
      ...creditsLow(left, monthly),
      link: '/plans',
    });
  }
  const renewedAt = new Date(current.created_at).getTime();
  if (previous && target.now.getTime() - renewedAt < 7 * 86_400_000) {
    await notify(db, target, {
      kind: 'creditos_renovados',
      businessId: null,
      periodKey: current.source_id,
      ...creditsRenewed(monthly),
      link: '/profile',
    });
  }
}

/** Puts this period's waiting notifications into one digest mail (daily every morning, weekly on Mondays). */
async function dueDigest(db: Db, target: Target): Promise<void> {
  const frequency = target.preferences.mail_frequency;
  if (frequency !== 'diario' && !(frequency === 'semanal' && target.local.weekday === 1)) return;
  const key = frequency === 'diario' ? target.local.date : target.local.week;
  // The digest is marked due on one row; the sweeper hands it to the mail job, which takes them all.
  await db.execute(
    sql`update notifications set digest_key = ${key}
      where user_id = ${target.user.id} and mail_state = 'digest' and digest_key is null
        and not exists (select 1 from notifications d where d.user_id = ${target.user.id} and d.digest_key = ${key})`,
  );
}

/**
 * The hourly round: every user on a plan with the notifications who still exists. Credits at any hour;
 * tasks, the weekly summary (Mondays) and digests in the user's morning (08:00–08:59 in their time
 * zone). Each notification is made once per user, kind and period, however often the round runs.
 */
export async function runNotificationRound(db: Db, logger: Logger, now: Date = new Date()): Promise<void> {
  if (NOTIFYING_PLANS.length === 0) return;
  const users = await queryRows<UserRow>(
    db,
    sql`select id, plan_id, time_zone, product_mail from users
      where is_active and plan_id in (${sql.join(
        NOTIFYING_PLANS.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id`,
  );
  for (const user of users) {
    try {
      const target: Target = {
        user,
        preferences: await preferencesOf(db, user.id),
        local: localTime(now, timeZoneOf(user.time_zone)),
        now,
      };
      await creditNotices(db, target);
      if (target.local.hour !== NOTIFICATION_MORNING_HOUR) continue;
      await taskNotices(db, target);
      if (target.local.weekday === 1) await weeklySummaries(db, target);
      await dueDigest(db, target);
    } catch (error) {
      // A user deleted mid-round, or one bad row, must not stop everybody else's notifications.
      logger.warn({ err: error, userId: user.id }, 'notifications round: a user was skipped');
    }
  }
}
