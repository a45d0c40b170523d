import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { type DatabaseConfig, openDatabase, queryRows } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { createTestDatabaseLocation, type TestDatabaseLocation, testEngine } from '../test/database.ts';
import { makePdf } from '../test/documents.ts';
import { type FakeOpenAI, startFakeOpenAI, tokenize } from '../test/fakes/openai.ts';
import {
  type ApiProcess,
  apiCall,
  exitOf,
  paidOwner,
  runScript,
  startApiProcess,
} from '../test/server-process.ts';
import { createBackup } from './backup.ts';

// `npm run backup` of a running app in the middle of 20 streamed answers, `npm run restore` into a new
// DATA_DIR (and, on PostgreSQL, a new database), and the app started there finds every user, business,
// chat, answer, credit entry and file (ADR 0036). On the engine the suite runs on.

const locations: TestDatabaseLocation[] = [];
const folders: string[] = [];
let fake: FakeOpenAI | undefined;
let servers: ApiProcess[] = [];

afterAll(async () => {
  for (const { child } of servers) child.kill('SIGKILL');
  await fake?.close();
  for (const location of locations) await location.drop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const IDEA = {
  name: 'Oliva Directa',
  location: 'España',
  description:
    'Una plataforma que conecta a productores locales de aceite de oliva con restaurantes de toda España, con entregas semanales, trazabilidad completa del origen y precios justos.',
  goal: 'Validar la demanda en Madrid',
  extra_info: '',
  team_description: 'Dos fundadores',
  team_size: 2,
  user_position: 'CEO',
  competitor_existence: false,
  competitor_differentiation: '',
  investment: 0,
  investment_currency: 'euro',
};
// About 6 s per answer: the backup is taken while every one of them is still being written.
const LONG_ANSWER = tokenize(
  'Para validar la demanda de tu negocio conviene hablar con clientes reales antes de invertir. '.repeat(6),
);

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-backup-test-'));
  folders.push(dir);
  return dir;
}

/** A new place for a database and its files: DATA_DIR, plus DATABASE_URL on PostgreSQL. */
async function installation(): Promise<{ env: Record<string, string>; config: DatabaseConfig }> {
  const dataDir = folder();
  if (testEngine === 'pglite') return { env: { DATA_DIR: dataDir }, config: { dataDir } };
  const location = await createTestDatabaseLocation();
  locations.push(location);
  const url = (location.config as { url: string }).url;
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, config: { url } };
}

/** Rows per table of the app's schema, read with no server running on the database. */
async function countRows(config: DatabaseConfig): Promise<Record<string, number>> {
  const database = await openDatabase(config);
  try {
    const tables = await queryRows<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await queryRows<{ n: number | string }>(
        database.db,
        sql`select count(*) as n from ${sql.identifier(name)}`,
      );
      counts[name] = Number(row?.n);
    }
    return counts;
  } finally {
    await database.close();
  }
}

/** Answers stored as still being written: a snapshot taken in the middle of them holds some. */
async function unfinishedAnswers(config: DatabaseConfig): Promise<number> {
  const database = await openDatabase(config);
  try {
    const [row] = await queryRows<{ n: number | string }>(
      database.db,
      sql`select count(*) as n from messages where sender = 'ai_model' and not finished`,
    );
    return Number(row?.n);
  } finally {
    await database.close();
  }
}

/** Every file under `dir`, by its path there, with the SHA-256 of its bytes. */
function fileHashes(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  const walk = (at: string) => {
    if (!fs.existsSync(at)) return;
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        hashes[path.relative(dir, full)] = crypto
          .createHash('sha256')
          .update(fs.readFileSync(full))
          .digest('hex');
    }
  };
  walk(dir);
  return hashes;
}

async function runCli(script: string, env: Record<string, string>, args: string[]): Promise<string> {
  const child = runScript(script, env, args);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const code = await exitOf(child);
  if (code !== 0) throw new Error(`${script} exited ${code}: ${output}`);
  return output;
}

async function stop(server: ApiProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await exitOf(server.child)).toBe(0);
  servers = servers.filter((s) => s !== server);
}

test('a backup taken while 20 answers stream restores into a new DATA_DIR with every row and file', {
  timeout: 240_000,
}, async () => {
  fake = await startFakeOpenAI({
    script: (body) =>
      body.stream ? { tokens: LONG_ANSWER, tokenDelayMs: 100 } : { tokens: ['Validar la demanda'] },
  });
  const model = {
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake',
    WRITE_LIMIT_MULTIPLIER: '100',
  };
  const original = await installation();
  const server = await startApiProcess({ ...original.env, ...model });
  servers.push(server);
  const { base } = server;

  // Two users, each with a business, a logo and a chat whose question carries a PDF.
  const owners = [
    await paidOwner(base, 7, IDEA),
    await paidOwner(base, 7, { ...IDEA, name: 'Aceites del Sur' }),
  ];
  const chatOf = async (owner: { cookie: string; businessId: number }) =>
    (
      (await (
        await apiCall(base, owner.cookie, 'POST', `/api/businesses/${owner.businessId}/chats`, {})
      ).json()) as { id: number }
    ).id;
  const pdf = makePdf(['Plan financiero 2027', 'Ventas previstas: 120.000 €']);
  const attached: Array<{ owner: (typeof owners)[number]; chatId: number }> = [];
  for (const owner of owners) {
    const chatId = await chatOf(owner);
    const form = new FormData();
    form.append('content', 'Revisa mi plan financiero');
    form.append('client_message_id', crypto.randomUUID());
    form.append('files', new Blob([pdf], { type: 'application/pdf' }), 'plan-financiero.pdf');
    const res = await fetch(`${base}/api/businesses/${owner.businessId}/chats/${chatId}/messages/stream`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: base },
      body: form,
    });
    expect(res.status).toBe(200);
    await res.text();
    attached.push({ owner, chatId });
  }

  // 20 answers streaming at once (ten chats each), their questions and debits stored.
  const streams: Promise<string>[] = [];
  for (let i = 0; i < 20; i++) {
    const owner = owners[i % 2] as (typeof owners)[number];
    const chatId = await chatOf(owner);
    const res = await fetch(`${base}/api/businesses/${owner.businessId}/chats/${chatId}/messages/stream`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({
        content: `Pregunta ${i + 1}: ¿cómo valido la demanda?`,
        client_message_id: crypto.randomUUID(),
      }),
    });
    expect(res.status).toBe(200);
    streams.push(res.text());
  }

  const backupFile = path.join(folder(), 'rumbo.backup');
  const said = await runCli('apps/api/src/ops/backup-cli.ts', { ...original.env, NODE_ENV: 'test' }, [
    backupFile,
  ]);
  expect(said).toContain(`Backup written to ${backupFile}`);
  // Every answer went on to its end while the backup was taken.
  for (const text of await Promise.all(streams)) expect(text).toBe(LONG_ANSWER.join(''));
  await stop(server);

  const restored = await installation();
  await runCli('apps/api/src/ops/restore-cli.ts', { ...restored.env, NODE_ENV: 'test' }, [backupFile]);

  const before = await countRows(original.config);
  const after = await countRows(restored.config);
  // Every table of the app, and at least what a user has: its account, business, chats, answers, credits.
  expect(Object.keys(after)).toEqual(Object.keys(before));
  for (const table of [
    'users',
    'businesses',
    'chats',
    'messages',
    'generations',
    'credit_ledger',
    'credit_balances',
  ]) {
    expect(after[table], table).toBeGreaterThan(0);
  }
  expect(after).toEqual(before);
  // The snapshot was taken in the middle of the answers; the original finished them all.
  expect(await unfinishedAnswers(restored.config)).toBeGreaterThan(0);
  expect(await unfinishedAnswers(original.config)).toBe(0);
  // The files, byte for byte: two logos' worth of attachments and nothing missing.
  const files = fileHashes(path.join(original.env.DATA_DIR as string, 'files'));
  expect(Object.keys(files).length).toBeGreaterThanOrEqual(2);
  expect(fileHashes(path.join(restored.env.DATA_DIR as string, 'files'))).toEqual(files);

  // The restored installation runs: the same sessions, businesses, chats and attachments.
  const again = await startApiProcess({ ...restored.env, ...model });
  servers.push(again);
  for (const { owner, chatId } of attached) {
    const chat = (await (
      await apiCall(again.base, owner.cookie, 'GET', `/api/businesses/${owner.businessId}/chats/${chatId}`)
    ).json()) as { messages: Array<{ fileAttachments: Array<{ url: string }> }> };
    const url = chat.messages.find((m) => m.fileAttachments.length > 0)?.fileAttachments[0]?.url as string;
    const file = await apiCall(again.base, owner.cookie, 'GET', url);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    const chats = (await (
      await apiCall(again.base, owner.cookie, 'GET', `/api/businesses/${owner.businessId}/chats`)
    ).json()) as unknown[];
    expect(chats).toHaveLength(11);
  }
  await stop(again);
});

test('never opens the embedded database under a running server that cannot be asked for a snapshot', async () => {
  const dataDir = folder();
  fs.mkdirSync(path.join(dataDir, 'pglite'));
  // A live process (this one) says it serves this DATA_DIR, and there is no socket to ask it.
  fs.writeFileSync(path.join(dataDir, 'server.pid'), `${process.pid}\n`);
  await expect(
    createBackup(loadEnv({ DATA_DIR: dataDir }), path.join(dataDir, 'rumbo.backup')),
  ).rejects.toThrow(/does not answer/);
});
