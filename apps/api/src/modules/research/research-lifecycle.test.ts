import type { LatestResearch, Profile, ResearchReport } from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { researches, users } from '../../db/schema/index.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/app.ts';
import { chatOwner, MINIMAL_IDEA, userOnPlan } from '../../test/chat-owner.ts';
import { type FakeOpenAI, startFakeOpenAI, tokenize } from '../../test/fakes/openai.ts';
import {
  isResearchRequest,
  type ResearchModelOptions,
  researchFakesEnv,
  researchModelScript,
} from '../../test/fakes/research-model.ts';
import { type FakeSearch, startFakeSearch } from '../../test/fakes/search.ts';
import { type FakeSmtp, startFakeSmtp } from '../../test/fakes/smtp.ts';
import {
  checkout,
  closeStripeApp,
  deliver,
  newUser,
  type StripeApp,
  startStripeApp,
} from '../../test/stripe-test-app.ts';

/**
 * The research around the founder (ADR 0049, 0050, 0051): a plan they pay for starts it, the server owns
 * its budget and quota, an e-mail tells them it ended, and every Spanish-speaking country is searched as
 * itself.
 */

let model: FakeOpenAI;
let search: FakeSearch;
let smtp: FakeSmtp;
let t: TestApp;
let behaviour: ResearchModelOptions = {};

beforeAll(async () => {
  smtp = await startFakeSmtp();
  search = await startFakeSearch({ flavor: 'searxng', results: () => [] });
  model = await startFakeOpenAI({
    script: (body) =>
      isResearchRequest(body) ? researchModelScript(body, behaviour) : { tokens: tokenize('Hola') },
  });
  t = await createTestApp({ ...researchFakesEnv(model.url, search.url), SMTP_URL: smtp.url }, { jobs: true });
});
afterAll(async () => {
  await t?.close();
  await model?.close();
  await search?.close();
  await smtp?.close();
});

const json = (cookie: string, body: unknown) => ({
  method: 'POST',
  headers: { cookie, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function latest(app: TestApp, cookie: string, businessId: number): Promise<LatestResearch> {
  return (await (
    await app.request(`/api/businesses/${businessId}/research`, { headers: { cookie } })
  ).json()) as LatestResearch;
}

async function ended(app: TestApp, cookie: string, businessId: number): Promise<ResearchReport> {
  let id = 0;
  await expect
    .poll(
      async () => {
        const run = (await latest(app, cookie, businessId)).research;
        id = run?.id ?? 0;
        return run?.status;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toMatch(/completed|failed/);
  return (await (
    await app.request(`/api/researches/${id}`, { headers: { cookie } })
  ).json()) as ResearchReport;
}

async function mailsTo(address: string, count: number): Promise<ParsedMail[]> {
  const of = () => smtp.received.filter((m) => JSON.stringify(m.to).includes(address));
  await expect.poll(() => of().length, { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(count);
  return of();
}

/** A header exactly as the mail carried it (mailparser folds the List-* headers into an object). */
function header(mail: ParsedMail | undefined, name: string): string {
  const line = mail?.headerLines.find((h) => h.key === name)?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
}

async function emailOf(userId: number): Promise<string> {
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

/** A Starter user with a business: its research was asked for and recorded as disabled. */
async function starterWithBusiness(app: TestApp, idea: object = MINIMAL_IDEA) {
  const who = await chatOwner(app, { planId: 9, credits: 100, idea });
  expect((await latest(app, who.cookie, who.businessId)).research?.status).toBe('disabled');
  return who;
}

describe('the plan change starts the research it paid for', () => {
  it('the local checkout to Founder starts the disabled research, which completes and mails its owner once', async () => {
    behaviour = {};
    const who = await starterWithBusiness(t);
    const started = await t.request('/api/subscriptions', json(who.cookie, { plan_id: 5 }));
    expect(started.status).toBe(200);
    const page = ((await started.json()) as { url: string }).url.slice(TEST_PUBLIC_URL.length);
    const paid = await t.request(`${page}/pay`, {
      method: 'POST',
      headers: { cookie: who.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(paid.status).toBe(303);
    // In the same transaction as the plan: the run exists as soon as the payment is answered.
    const now = await latest(t, who.cookie, who.businessId);
    expect(now.research?.status).toMatch(/pending|running/);
    expect(now.research?.max_tokens).toBe(50_000);

    const report = await ended(t, who.cookie, who.businessId);
    expect(report).toMatchObject({ status: 'completed', mode: 'model' });
    const address = await emailOf(who.id);
    const [mail] = await mailsTo(address, 1);
    expect(mail?.subject).toBe('Tu estudio de mercado está listo: Idea de prueba');
    expect(mail?.text).toContain('Idea de prueba');
    expect(mail?.text).toContain('conocimiento del modelo');
    expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/report/${who.businessId}`);
    expect(mail?.html).toContain(`href="${TEST_PUBLIC_URL}/report/${who.businessId}"`);
    expect(header(mail, 'list-unsubscribe')).toMatch(
      new RegExp(`^<${TEST_PUBLIC_URL}/api/mail/unsubscribe\\?token=${who.id}\\.`),
    );
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The link opens this business's report: the owner reads the run the mail is about.
    expect((await latest(t, who.cookie, who.businessId)).last_completed_id).toBe(report.id);
    // Sent once, and marked sent once the server accepted it: the watchdog's passes hand on only due
    // mails (mail-crash-recovery.test.ts makes one after a restart and sees it hand on nothing).
    await expect
      .poll(async () => {
        const [row] = await t.database.db
          .select({ mailState: researches.mailState })
          .from(researches)
          .where(eq(researches.id, report.id));
        return row?.mailState;
      })
      .toBe('sent');
    expect(smtp.received.filter((m) => JSON.stringify(m.to).includes(address))).toHaveLength(1);
  });

  it('a failed run mails the reason and where to retry; the unsubscribe link turns mails off without a session', async () => {
    behaviour = { fail: true };
    const who = await chatOwner(t, { planId: 7, credits: 10 });
    const report = await ended(t, who.cookie, who.businessId);
    behaviour = {};
    expect(report.status).toBe('failed');
    const address = await emailOf(who.id);
    const [mail] = await mailsTo(address, 1);
    expect(mail?.subject).toBe('No pudimos terminar tu estudio: Idea de prueba');
    expect(mail?.text).toContain(`Motivo: ${report.error}`);
    expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/report/${who.businessId}`);
    expect(mail?.html).toContain('Reintentar el estudio');

    // The one-click address of the header, posted by a mail program: no cookie, no origin.
    const oneClick = /^<([^>]+)>$/.exec(header(mail, 'list-unsubscribe'))?.[1] ?? '';
    // The footer's link opens the page that asks to confirm (/baja), with the same signed token.
    const token = new URL(oneClick).searchParams.get('token') ?? 'missing';
    const page = `${TEST_PUBLIC_URL}/baja?token=${encodeURIComponent(token)}`;
    expect(mail?.html).toContain(`href="${page}"`);
    expect(mail?.text).toContain(page);
    const off = await t.request(oneClick.slice(TEST_PUBLIC_URL.length), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(off.status).toBe(200);
    const profile = (await (
      await t.request('/api/auth/profile', { headers: { cookie: who.cookie } })
    ).json()) as Profile;
    expect(profile.product_mail).toBe(false);
    // A token made up for somebody else changes nothing.
    const forged = await t.request(`/api/mail/unsubscribe?token=${who.id + 1}.${'a'.repeat(43)}`, {
      method: 'POST',
    });
    expect(forged.status).toBe(400);

    // Opted out: the retried run ends without a mail.
    expect(
      (
        await t.request(
          '/api/researches',
          json(who.cookie, { max_tokens: 50_000, business_id: who.businessId }),
        )
      ).status,
    ).toBe(202);
    const retried = await ended(t, who.cookie, who.businessId);
    expect(retried.status).toBe('completed');
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .select({ s: researches.mailState })
              .from(researches)
              .where(eq(researches.id, retried.id))
          )[0]?.s,
        { timeout: 15_000 },
      )
      .toBe('skipped');
    expect(smtp.received.filter((m) => JSON.stringify(m.to).includes(address))).toHaveLength(1);
  });

  it("the profile's 'Correos de Rumbo' turns the mails off and on", async () => {
    const { cookie } = await userOnPlan(
      t,
      { name: 'Pref', email: 'pref@example.com', password: 'contraseña-segura' },
      { planId: 7, credits: 1 },
    );
    const put = (on: boolean) =>
      t.request('/api/users/me/mail', { ...json(cookie, { product_mail: on }), method: 'PUT' });
    expect(await (await put(false)).json()).toEqual({ product_mail: false });
    const profile = async () =>
      ((await (await t.request('/api/auth/profile', { headers: { cookie } })).json()) as Profile)
        .product_mail;
    expect(await profile()).toBe(false);
    await put(true);
    expect(await profile()).toBe(true);
  });
});

describe('through the Stripe fake', () => {
  let app: StripeApp;
  beforeAll(async () => {
    app = await startStripeApp();
  });
  afterAll(async () => {
    if (app) await closeStripeApp(app);
  });

  it('an upgrade paid by webhook starts one run, however often the webhook is replayed', async () => {
    const user = await newUser(app);
    await app.t.database.db.update(users).set({ planId: 9 }).where(eq(users.id, user.id));
    const created = await app.t.request('/api/businesses/ideas', json(user.cookie, MINIMAL_IDEA));
    const businessId = ((await created.json()) as { id: number }).id;
    expect((await latest(app.t, user.cookie, businessId)).research?.status).toBe('disabled');

    const sessionId = await checkout(app, user.cookie, 5);
    const { invoice, subscription } = app.fake.completeCheckout(sessionId);
    const paid = app.fake.event('invoice.paid', invoice);
    for (let i = 0; i < 3; i++) expect((await deliver(app, paid)).status).toBe(200);
    expect((await deliver(app, app.fake.event('customer.subscription.updated', subscription))).status).toBe(
      200,
    );
    expect((await deliver(app, app.fake.event('invoice.paid', invoice))).status).toBe(200);

    const runs = await queryRows<{ status: string; max_tokens: number; counted: boolean }>(
      app.t.database.db,
      sql`select status, max_tokens, period_start is not null as counted from researches
        where business_id = ${businessId} order by id`,
    );
    expect(runs).toEqual([
      { status: 'disabled', max_tokens: 50_000, counted: false },
      { status: 'pending', max_tokens: 50_000, counted: true },
    ]);
  });
});

describe('budgets and quotas the server owns', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('runs with the plan’s budget when a client asks for 200,000 tokens', async () => {
    const who = await chatOwner(bare, { planId: 7, credits: 10 });
    await bare.database.db.delete(researches).where(eq(researches.businessId, who.businessId));
    const res = await bare.request(
      '/api/researches',
      json(who.cookie, { max_tokens: 200_000, business_id: who.businessId }),
    );
    expect(res.status).toBe(202);
    expect(((await res.json()) as { max_tokens: number }).max_tokens).toBe(50_000);
  });

  it('counts a Founder’s run asked for at onboarding in the period the plan began: a refresh gets 403', async () => {
    // Onboarding: no plan yet, the business is created and its research waits.
    const who = await chatOwner(bare, { planId: -1, credits: 0 });
    await bare.database.db
      .update(researches)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(researches.businessId, who.businessId));
    // Then Founder through the local checkout: the waiting run is placed in the new period.
    const started = await bare.request('/api/subscriptions', json(who.cookie, { plan_id: 5 }));
    const page = ((await started.json()) as { url: string }).url.slice(TEST_PUBLIC_URL.length);
    const pay = await bare.request(`${page}/pay`, {
      method: 'POST',
      headers: { cookie: who.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(pay.status).toBe(303);
    // It ran and completed (no worker here: the test stands in for it).
    await bare.database.db
      .update(researches)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(researches.businessId, who.businessId));
    const refresh = await bare.request(
      '/api/researches',
      json(who.cookie, { max_tokens: 50_000, business_id: who.businessId }),
    );
    expect(refresh.status).toBe(403);
    expect(((await refresh.json()) as { code: string }).code).toBe('RESEARCH_NOT_ALLOWED');
    expect((await latest(bare, who.cookie, who.businessId)).can_refresh).toBe(false);
  });
});

// Each country is a sign-up and a study run to its end (up to 30 s each, `ended`), and the template's test
// starts an app of its own: more than the default 20 s on a loaded machine.
describe('every Spanish-speaking country', { timeout: 90_000 }, () => {
  const COUNTRIES = [
    { location: 'México', language: 'es-MX', procedure: 'RFC ante el SAT' },
    { location: 'Colombia', language: 'es-CO', procedure: 'RUT ante la DIAN' },
    { location: 'Argentina', language: 'es-AR', procedure: 'Monotributo' },
  ];

  it('searches each business in its country and language, and always asks about public funding', async () => {
    behaviour = {};
    for (const { location, language } of COUNTRIES) {
      const before = search.requests.length;
      const who = await chatOwner(t, { planId: 7, credits: 10, idea: { ...MINIMAL_IDEA, location } });
      const report = await ended(t, who.cookie, who.businessId);
      expect(report.status).toBe('completed');
      const asked = search.requests.slice(before);
      expect(asked.length).toBeGreaterThan(0);
      for (const request of asked) expect(request.params.language, request.query).toBe(language);
      const funding = report.questions.find((q) => q.sections.includes('ayudas'));
      expect(funding?.question).toMatch(/ayudas públicas, subvenciones, préstamos y programas de apoyo/);
      expect(funding?.question).toContain(location);
      expect(funding?.queries.join(' ')).toMatch(/ayudas emprendedores/);
      expect(report.sections.map((s) => s.key)).toContain('ayudas');
    }
  });

  it('lists the country’s own procedures, with its local advice, in a template', async () => {
    const unconfigured = await createTestApp({}, { jobs: true });
    try {
      for (const { location, procedure } of COUNTRIES) {
        const who = await chatOwner(unconfigured, {
          planId: 7,
          credits: 10,
          idea: { ...MINIMAL_IDEA, location },
        });
        const report = await ended(unconfigured, who.cookie, who.businessId);
        expect(report.mode).toBe('none');
        const regulation =
          report.sections.find((s) => s.key === 'regulacion')?.claims.map((c) => c.text) ?? [];
        expect(regulation.join('\n')).toContain(procedure);
        for (const line of regulation)
          expect(line.endsWith('Verifícalo con un contador público.')).toBe(true);
        expect(regulation.join('\n')).not.toContain('RETA');
        // A template's lines are to complete, never estimates; it mails nobody.
        expect(report.sections.flatMap((s) => s.claims).every((c) => c.kind === 'plantilla')).toBe(true);
        const [row] = await unconfigured.database.db
          .select({ mailState: researches.mailState })
          .from(researches)
          .where(eq(researches.id, report.id));
        expect(row?.mailState).toBe('skipped');
        // The status line does not count a template as research.
        expect((await latest(unconfigured, who.cookie, who.businessId)).last_researched_at).toBeNull();
      }
    } finally {
      await unconfigured.close();
    }
  });
});
