import type { ChildProcess } from 'node:child_process';
import { REPORT_SECTION_KEYS, REPORT_SECTIONS, type ResearchReport } from '@rumbo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINIMAL_IDEA } from '../../test/chat-owner.ts';
import type { TestDatabaseLocation } from '../../test/database.ts';
import { type FakeOpenAI, startFakeOpenAI } from '../../test/fakes/openai.ts';
import { isResearchRequest, requestedSection, researchModelScript } from '../../test/fakes/research-model.ts';
import { apiCall, databaseEnv, exitOf, paidOwner, startApiProcess } from '../../test/server-process.ts';

/**
 * kill -9 in the middle of a research run (ADR 0016): the run is never left 'running'; after a restart
 * the watchdog hands it back and it finishes from its stored steps, without writing a finished section
 * again (the fake model counts the requests for each section).
 */
let model: FakeOpenAI;
const locations: TestDatabaseLocation[] = [];
const processes: ChildProcess[] = [];

beforeAll(async () => {
  // Each step takes a while, so the kill lands mid-run.
  model = await startFakeOpenAI({
    script: (body) =>
      isResearchRequest(body) ? researchModelScript(body, { delayMs: 250 }) : { tokens: ['Hola'] },
  });
});
afterAll(async () => {
  for (const child of processes) child.kill('SIGKILL');
  await Promise.all(processes.map(exitOf));
  await model?.close();
  for (const location of locations) await location.drop();
});

async function startServer(database: Record<string, string>) {
  const server = await startApiProcess({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: model.url,
    AI_MODEL: 'fake',
    ...database,
  });
  processes.push(server.child);
  return server;
}

const call = apiCall;

/** A CEO user (paid through the local test checkout) whose new business starts a research run. */
async function ownerWithRun(base: string) {
  const { cookie, businessId } = await paidOwner(base, 7, MINIMAL_IDEA);
  const latest = (await (
    await call(base, cookie, 'GET', `/api/businesses/${businessId}/research`)
  ).json()) as {
    research: { id: number };
  };
  return { cookie, researchId: latest.research.id };
}

const report = async (base: string, who: { cookie: string; researchId: number }) =>
  (await (await call(base, who.cookie, 'GET', `/api/researches/${who.researchId}`)).json()) as ResearchReport;

/** How many times the model was asked for each section. */
function sectionRequests(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of model.requests) {
    const section = requestedSection(r.body);
    if (section) counts.set(section, (counts.get(section) ?? 0) + 1);
  }
  return counts;
}

describe('a research run whose server is killed', () => {
  it('finishes after the restart from where it was, never writing a finished section again', async () => {
    const database = await databaseEnv(locations);
    const first = await startServer(database);
    const who = await ownerWithRun(first.base);
    await expect
      .poll(async () => (await report(first.base, who)).sections.length, { timeout: 30_000, interval: 100 })
      .toBeGreaterThanOrEqual(3);
    first.child.kill('SIGKILL');
    await exitOf(first.child);

    // Two writers of the same data never run at once: the second process starts after the first died.
    const second = await startServer(database);
    const before = await report(second.base, who);
    expect(before.status).toBe('running');
    const written = new Set(before.sections.map((s) => s.title));
    const asked = sectionRequests();

    // The watchdog sees the dead process's heartbeat stop (10 s) and hands the run back.
    await expect
      .poll(async () => (await report(second.base, who)).status, { timeout: 60_000, interval: 250 })
      .toBe('completed');
    const done = await report(second.base, who);
    expect(done.sections.map((s) => s.key)).toEqual(REPORT_SECTION_KEYS);
    const after = sectionRequests();
    for (const { title } of REPORT_SECTIONS) {
      if (written.has(title)) expect(after.get(title)).toBe(asked.get(title));
      else expect(after.get(title)).toBeGreaterThanOrEqual(1);
    }
    const events = await (
      await call(second.base, who.cookie, 'GET', `/api/researches/${who.researchId}/events`)
    ).text();
    expect(events).toContain('"type":"interrupted"');
    expect(events).toContain('"type":"completed"');
  }, 120_000);
});
