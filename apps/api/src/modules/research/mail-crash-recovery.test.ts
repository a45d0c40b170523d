import type { ChildProcess } from 'node:child_process';
import type { LatestResearch } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { MINIMAL_IDEA } from '../../test/chat-owner.ts';
import type { TestDatabaseLocation } from '../../test/database.ts';
import { type FakeOpenAI, startFakeOpenAI, tokenize } from '../../test/fakes/openai.ts';
import { isResearchRequest, researchModelScript } from '../../test/fakes/research-model.ts';
import { type FakeSmtp, startFakeSmtp } from '../../test/fakes/smtp.ts';
import {
  apiCall,
  databaseEnv,
  exitOf,
  paidOwner,
  startApiProcess,
  withProcessDatabase,
} from '../../test/server-process.ts';
import { MAIL_RESEND_AFTER_S, MAIL_RETRY_AFTER_S, sweepResearchMails } from './mail-job.ts';

/**
 * kill -9 between a run's end and its mail (ADR 0050): the process that ended the run dies before the
 * mail server accepted the mail; after a restart the mail is sent, and only once (the SMTP fake counts
 * what it accepted), whether the dead process was waiting on the mail server or the mail server had
 * refused it.
 */
let model: FakeOpenAI;
let smtp: FakeSmtp;
const locations: TestDatabaseLocation[] = [];
const processes: ChildProcess[] = [];

beforeAll(async () => {
  smtp = await startFakeSmtp();
  model = await startFakeOpenAI({
    script: (body) => (isResearchRequest(body) ? researchModelScript(body) : { tokens: tokenize('Hola') }),
  });
});
beforeEach(() => {
  smtp.setMode('accept');
});
afterAll(async () => {
  for (const child of processes) child.kill('SIGKILL');
  await Promise.all(processes.map(exitOf));
  await model?.close();
  await smtp?.close();
  for (const location of locations) await location.drop();
});

async function startServer(database: Record<string, string>) {
  const server = await startApiProcess({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: model.url,
    AI_MODEL: 'fake',
    SMTP_URL: smtp.url,
    ...database,
  });
  processes.push(server.child);
  return server;
}

async function kill(child: ChildProcess) {
  child.kill('SIGKILL');
  await exitOf(child);
}

const withDatabase = <T>(work: (db: Db) => Promise<T>) => withProcessDatabase(locations, work);

const mailRow = (researchId: number) =>
  withDatabase(async (db) => {
    const [row] = await queryRows<{ mail_state: string | null }>(
      db,
      sql`select mail_state
        from researches where id = ${researchId}`,
    );
    return row;
  });

/** A Founder (paid through the local test checkout) whose new business's run ends in `model` mode. */
async function founderWithRun(base: string) {
  const { cookie, businessId } = await paidOwner(base, 5, MINIMAL_IDEA);
  const latest = async () =>
    (
      (await (
        await apiCall(base, cookie, 'GET', `/api/businesses/${businessId}/research`)
      ).json()) as LatestResearch
    ).research;
  await expect
    .poll(async () => (await latest())?.status, { timeout: 60_000, interval: 250 })
    .toBe('completed');
  return { researchId: (await latest())?.id ?? 0 };
}

/**
 * After the restart: exactly one mail reaches the server; the process, stopped, has marked it sent, and a
 * watchdog pass (the one every process makes every 5 s) hands nothing more to the queue.
 */
async function expectExactlyOneMail(researchId: number, server: ChildProcess) {
  await expect.poll(() => smtp.received.length, { timeout: 60_000, interval: 250 }).toBe(1);
  // SIGTERM lets the mail job finish: it marks the mail sent once the server has accepted it.
  server.kill('SIGTERM');
  expect(await exitOf(server)).toBe(0);
  expect((await mailRow(researchId))?.mail_state).toBe('sent');
  const handed: number[] = [];
  await withDatabase((db) => sweepResearchMails(db, async (id) => void handed.push(id)));
  expect(handed).toEqual([]);
  expect(smtp.received).toHaveLength(1);
  const [mail] = smtp.received;
  expect(mail?.subject).toBe('Tu estudio de mercado está listo: Idea de prueba');
  expect(mail?.messageId).toBe(`<research-${researchId}-completed@127.0.0.1>`);
}

describe('the study mail across a kill -9', () => {
  it('a process killed while the mail server had its mail unanswered: sent once after the restart', async () => {
    smtp.received.length = 0;
    smtp.setMode('hold');
    const database = await databaseEnv(locations);
    const first = await startServer(database);
    const { researchId } = await founderWithRun(first.base);
    // The run has ended and its mail is on the wire, unanswered: the sender dies there.
    await expect.poll(() => smtp.counts.held, { timeout: 60_000, interval: 100 }).toBe(1);
    await kill(first.child);
    expect(smtp.received).toHaveLength(0);
    const left = await mailRow(researchId);
    expect(left?.mail_state).toBe('sending');
    // Nobody can tell a dead sender from a slow one: the mail is taken again after MAIL_RETRY_AFTER_S.
    // The test lets that time pass by moving the claim back, rather than waiting two minutes.
    await withDatabase((db) =>
      db.execute(
        sql`update researches set mail_at = mail_at - make_interval(secs => ${MAIL_RETRY_AFTER_S + 1})
          where id = ${researchId}`,
      ),
    );

    smtp.setMode('accept');
    const second = await startServer(database);
    await expectExactlyOneMail(researchId, second.child);
  }, 240_000);

  it('a process killed after the mail server refused the mail: sent once after the restart', async () => {
    smtp.received.length = 0;
    smtp.setMode('reject');
    const database = await databaseEnv(locations);
    const first = await startServer(database);
    const { researchId } = await founderWithRun(first.base);
    // The mail server refused it: the mail is due again, and the process dies before its next try.
    await expect
      .poll(() => smtp.counts.rejected, { timeout: 60_000, interval: 100 })
      .toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await kill(first.child);
    expect((await mailRow(researchId))?.mail_state).toBe('due');
    // A due mail is handed to the queue again MAIL_RESEND_AFTER_S after its last try: the test moves
    // that try back rather than waiting.
    await withDatabase((db) =>
      db.execute(
        sql`update researches set mail_at = mail_at - make_interval(secs => ${MAIL_RESEND_AFTER_S + 1})
          where id = ${researchId}`,
      ),
    );

    smtp.setMode('accept');
    const second = await startServer(database);
    await expectExactlyOneMail(researchId, second.child);
  }, 240_000);
});
