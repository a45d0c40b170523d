import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { researches } from '../../db/schema/index.ts';
import { createLogger } from '../../logger.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { chatOwner, MINIMAL_IDEA } from '../../test/chat-owner.ts';
import { notificationKit } from '../../test/notifications-test-kit.ts';
import type { Mail } from '../mail/mailer.ts';
import { researchMailJob } from '../research/mail-job.ts';

// The study's notice (ADR 0056), made where its mail is sent (ADR 0050): once per run, and the mail follows
// the notifications' preferences on the plans that have them.

let t: TestApp;
let kit: ReturnType<typeof notificationKit>;
const mails: Mail[] = [];
let job: ReturnType<typeof researchMailJob>;
beforeAll(async () => {
  t = await createTestApp();
  kit = notificationKit(t);
  job = researchMailJob({
    db: t.database.db,
    mailer: { send: async (mail) => void mails.push(mail) },
    logger: createLogger('silent'),
    publicUrl: 'http://localhost:3000',
    productName: 'Rumbo',
    secret: 'test-secret-test-secret-test-secret-0123',
  });
});
afterAll(async () => {
  await t.close();
});

async function endedRun(businessId: number, status: 'completed' | 'failed') {
  const [row] = await t.database.db
    .insert(researches)
    .values({
      businessId,
      maxTokens: 50_000,
      status,
      mode: 'model',
      stage: 'done',
      progress: 1000,
      summary: 'El mercado crece.',
      error: status === 'failed' ? 'El modelo no respondió.' : null,
      completedAt: new Date(),
      mailState: 'due',
    })
    .returning({ id: researches.id });
  return row?.id ?? 0;
}

describe("the study's notice", () => {
  it('is in the centre once, with the study mail sent once beside it', async () => {
    const owner = await chatOwner(t, {
      planId: 11,
      credits: 10,
      idea: { ...MINIMAL_IDEA, name: 'Miel Sur' },
    });
    const researchId = await endedRun(owner.businessId, 'completed');
    await job.handle({ researchId });
    await job.handle({ researchId });
    const { items } = await kit.list(owner.cookie);
    expect(items.map((n) => [n.kind, n.title, n.link])).toEqual([
      ['estudio_listo', 'Tu estudio de mercado está listo', `/report/${owner.businessId}`],
    ]);
    expect(mails.filter((m) => m.subject === 'Tu estudio de mercado está listo: Miel Sur')).toHaveLength(1);
  });

  it("'Nunca': the notice without a mail; the kind off: neither", async () => {
    const owner = await chatOwner(t, {
      planId: 7,
      credits: 10,
      idea: { ...MINIMAL_IDEA, name: 'Queso Norte' },
    });
    await kit.send(owner.cookie, 'PATCH', '/api/notifications/preferences', { mail_frequency: 'nunca' });
    const failed = await endedRun(owner.businessId, 'failed');
    await job.handle({ researchId: failed });
    expect((await kit.list(owner.cookie)).items.map((n) => n.kind)).toEqual(['estudio_fallido']);
    const [row] = await t.database.db.select().from(researches).where(eq(researches.id, failed));
    expect(row?.mailState).toBe('skipped');

    await kit.send(owner.cookie, 'PATCH', '/api/notifications/preferences', { research: false });
    await job.handle({ researchId: await endedRun(owner.businessId, 'completed') });
    expect((await kit.list(owner.cookie)).items.map((n) => n.kind)).toEqual(['estudio_fallido']);
    expect(mails.filter((m) => m.subject.endsWith('Queso Norte'))).toEqual([]);
  });
});
