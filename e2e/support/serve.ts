/**
 * The browser tests' server: Rumbo as `npm start` runs it, plus the loopback fakes for what lies
 * outside the machine (Google's OpenID provider, a mail server, an OpenAI-compatible model) and a
 * small HTTP endpoint from which tests read the mail that was received and the requests the model
 * got (and can expire reset codes).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../../apps/api/src/env.ts';
import { createLogger } from '../../apps/api/src/logger.ts';
import { runNotificationRound } from '../../apps/api/src/modules/notifications/round.ts';
import { closeOnSignals, startServer } from '../../apps/api/src/server.ts';
import { startFakeOidc } from '../../apps/api/src/test/fakes/oidc.ts';
import { startFakeOpenAI } from '../../apps/api/src/test/fakes/openai.ts';
import { startFakeSearch } from '../../apps/api/src/test/fakes/search.ts';
import { startFakeSmtp } from '../../apps/api/src/test/fakes/smtp.ts';
import { startFakeWebPages } from '../../apps/api/src/test/fakes/web-pages.ts';
import { WEB_DIST_DIR } from '../../apps/api/src/web/build.ts';
import { e2eModelScript, RESEARCH_PAGES, RESEARCH_STEP_MS, setResearchStepMs } from './model-script.ts';
import { APP_PORT, APP_URL, GOOGLE_NAMES, MAIL_INSPECTOR_PORT, OIDC_PORT } from './ports.ts';

const oidc = await startFakeOidc({
  port: OIDC_PORT,
  redirectUri: `${APP_URL}/api/auth/callback/google`,
  names: GOOGLE_NAMES,
});
const smtp = await startFakeSmtp();
const model = await startFakeOpenAI({ script: e2eModelScript });
// The web that market research reads on CEO plans: a search engine and two pages, on loopback.
const pages = await startFakeWebPages({ pages: RESEARCH_PAGES });
const search = await startFakeSearch({
  flavor: 'searxng',
  results: (query) =>
    Object.entries(RESEARCH_PAGES).map(([path, page]) => ({
      url: `${pages.url}${path}`,
      title: /<title>([^<]*)<\/title>/.exec(page.html ?? '')?.[1] ?? path,
      snippet: query,
    })),
});

let expireResetCodes: () => Promise<void> = async () => {};
let spendAllCredits: (email: string) => Promise<void> = async () => {};
let analyticsOf: (email: string) => Promise<unknown[]> = async () => [];
let analyticsOfCampaign: (campaign: string) => Promise<unknown[]> = async () => [];
let seedThread: (businessId: number, count: number, failedAt: number) => Promise<number> = async () => 0;
let notificationRound: (at: Date) => Promise<void> = async () => {};

http
  .createServer(async (req, res) => {
    if (req.method === 'POST' && req.url === '/expire-reset-codes') {
      await expireResetCodes();
      res.writeHead(204).end();
      return;
    }
    const analyticsFor = new URL(req.url ?? '/', 'http://x').searchParams.get('analytics-of');
    if (req.method === 'GET' && analyticsFor) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(await analyticsOf(analyticsFor)));
      return;
    }
    const campaignFor = new URL(req.url ?? '/', 'http://x').searchParams.get('analytics-campaign');
    if (req.method === 'GET' && campaignFor) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(await analyticsOfCampaign(campaignFor)));
      return;
    }
    const spendFor = new URL(req.url ?? '/', 'http://x').searchParams.get('spend-all-credits');
    if (req.method === 'POST' && spendFor) {
      await spendAllCredits(spendFor);
      res.writeHead(204).end();
      return;
    }
    const seedFor = new URL(req.url ?? '/', 'http://x').searchParams.get('seed-thread');
    if (req.method === 'POST' && seedFor) {
      const params = new URL(req.url ?? '/', 'http://x').searchParams;
      const chatId = await seedThread(
        Number(seedFor),
        Number(params.get('messages') ?? 0),
        Number(params.get('failed-at') ?? -1),
      );
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ chatId }));
      return;
    }
    const roundAt = new URL(req.url ?? '/', 'http://x').searchParams.get('notifications-round');
    if (req.method === 'POST' && roundAt) {
      // The notifications' hourly schedule (ADR 0056), run now with the clock at `roundAt`.
      await notificationRound(new Date(roundAt));
      res.writeHead(204).end();
      return;
    }
    const stepMs = new URL(req.url ?? '/', 'http://x').searchParams.get('research-step-ms');
    if (req.method === 'POST' && stepMs !== null) {
      // Lets a journey watch a run work (each research step slower), then put it back.
      setResearchStepMs(stepMs === '' ? RESEARCH_STEP_MS : Number(stepMs));
      res.writeHead(204).end();
      return;
    }
    if (req.url === '/model/requests') {
      // What reached the model: each request's messages, and whether the client went away mid-answer.
      const requests = model.requests.map((r) => ({ body: r.body, disconnected: r.disconnected }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(requests));
      return;
    }
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    const mails = smtp.received
      .filter((m) => !to || m.to?.toString().includes(to) || JSON.stringify(m.to).includes(to))
      .map((m) => ({ subject: m.subject, text: m.text, html: m.html }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(mails));
  })
  .listen(MAIL_INSPECTOR_PORT, '127.0.0.1');

const env = loadEnv({
  NODE_ENV: 'test',
  PORT: String(APP_PORT),
  PUBLIC_URL: APP_URL,
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-e2e-')),
  LOG_LEVEL: 'warn',
  SMTP_URL: smtp.url,
  GOOGLE_CLIENT_ID: oidc.clientId,
  GOOGLE_CLIENT_SECRET: oidc.clientSecret,
  GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
  AI_PROVIDER: 'openai-compatible',
  AI_BASE_URL: model.url,
  AI_MODEL: 'fake-mentor',
  SEARCH_PROVIDER: 'searxng',
  SEARCH_BASE_URL: search.url,
  RESEARCH_ALLOW_LOOPBACK: 'true',
  // The home journey has an operator of its own: each journey registers its operator once per server.
  // One address signs up every journey's users, a few seconds apart (Better Auth's counters never rest).
  WRITE_LIMIT_MULTIPLIER: '5',
  ADMIN_EMAILS: 'operadora@example.com,operador.inicio@example.com',
});
const logger = createLogger(env.LOG_LEVEL);
// E2E_WEB_DIST lets parallel runs serve builds of their own.
const server = await startServer(env, logger, { webDistDir: process.env.E2E_WEB_DIST ?? WEB_DIST_DIR });
// Lets the reset journey see an expired link without waiting an hour.
expireResetCodes = async () => {
  await server.database.db.execute(
    sql`update verifications set expires_at = now() - interval '1 second' where identifier like 'reset-password:%'`,
  );
};
// Lets the out-of-credits journey start at 0 without sending a hundred messages first.
spendAllCredits = async (email) => {
  await server.database.db.execute(
    sql`update credit_balances set balance = 0 where user_id = (select id from users where email = ${email})`,
  );
};
// The analytics journey reads what was stored for a person: their events, and the anonymous ones of
// the browser sessions they signed in from (before the sign-up).
analyticsOf = async (email) => {
  const result = await server.database.db.execute(
    sql`with person as (select id from users where email = ${email})
        select name, properties, user_id, session_id, utm_source, utm_campaign, path
        from analytics_events
        where user_id = (select id from person)
          or session_id in (select session_id from analytics_events where user_id = (select id from person))
        order by created_at, id`,
  );
  return (result as unknown as { rows: unknown[] }).rows;
};
// And what was stored for one campaign, signed in or not (a visitor who never signed up).
analyticsOfCampaign = async (campaign) => {
  const result = await server.database.db.execute(
    sql`select name, properties, user_id, session_id, utm_source, utm_campaign, path
        from analytics_events where utm_campaign = ${campaign} order by created_at, id`,
  );
  return (result as unknown as { rows: unknown[] }).rows;
};
// Lets the long-thread journeys open a chat of hundreds of messages without sending them: `count`
// messages, questions and answers in turn, the answer at index `failedAt` a failed one.
seedThread = async (businessId, count, failedAt) => {
  const result = await server.database.db.execute(
    sql`with c as (insert into chats (business_id, title) values (${businessId}, 'Hilo largo') returning id),
        q as (
          insert into messages (chat_id, sender, content, finished, answer_kind)
          select c.id, case when i % 2 = 0 then 'user' else 'ai_model' end,
            case when i = ${failedAt} then 'error'
                 when i % 2 = 0 then 'Pregunta número ' || (i / 2 + 1)
                 else 'Respuesta número ' || (i / 2 + 1) || E'\n\nUn párrafo con algo de texto para que cada respuesta ocupe varias líneas en la pantalla del chat.' end,
            true, case when i % 2 = 0 then null else 'model' end
          from c, generate_series(0, ${count - 1}) as i order by i returning id)
        select id from c`,
  );
  const rows = (result as unknown as { rows: Array<{ id: number }> }).rows;
  return Number(rows[0]?.id);
};
notificationRound = (at) => runNotificationRound(server.database.db, logger, at);
console.log(`e2e server ready at ${server.url}`);
closeOnSignals(server, logger);
