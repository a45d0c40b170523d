import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { hashPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { accounts, attachments, businesses, chats, messages, users } from '../../db/schema/index.ts';
import type { TestDatabaseLocation } from '../../test/database.ts';
import {
  apiCall,
  databaseEnv,
  exitOf,
  residentBytes,
  startApiProcess,
  withProcessDatabase,
} from '../../test/server-process.ts';

/**
 * 'Descargar mis datos' of a user with 200 MB of attached files (random bytes, which do not compress),
 * through the real route of a server process: its resident memory, read from /proc every 50 ms during the
 * download, stays within 100 MB of what it was after a small export (ADR 0058). The download is written
 * to a temporary file as it comes, and that file is opened as a zip and checked. PGlite only: the
 * server's memory is what is measured, the engine does not matter, and once is enough for 200 MB.
 */
const FILES = 4;
const FILE_MB = 50;
const MARGIN_MB = 100;
const SAMPLE_EVERY_MS = 50;
const MB = 1024 * 1024;
const PASSWORD = 'contraseña-segura';

const locations: TestDatabaseLocation[] = [];
const processes: ChildProcess[] = [];
const zipPath = path.join(os.tmpdir(), `rumbo-export-${crypto.randomBytes(6).toString('hex')}.zip`);

afterAll(async () => {
  for (const child of processes) child.kill('SIGKILL');
  await Promise.all(processes.map(exitOf));
  for (const location of locations) await location.drop();
  fs.rmSync(zipPath, { force: true });
});

async function startServer(database: Record<string, string>) {
  const server = await startApiProcess(database);
  processes.push(server.child);
  return server;
}

/** A file of `megabytes` random bytes written under the data folder as the app stores one; its SHA-256. */
function storeRandomFile(dataDir: string, key: string, megabytes: number): string {
  const file = path.join(dataDir, 'files', key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const hash = crypto.createHash('sha256');
  const fd = fs.openSync(file, 'w');
  try {
    for (let i = 0; i < megabytes; i++) {
      const chunk = crypto.randomBytes(MB);
      hash.update(chunk);
      fs.writeSync(fd, chunk);
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/**
 * A user with a password, a business and a chat whose question has `files`, written into the database
 * and the data folder as sign-up and a send store them; the SHA-256 of each file by attachment id.
 */
async function seedOwner(dataDir: string, email: string, files: Array<{ name: string; megabytes: number }>) {
  return withProcessDatabase(locations, async (db) => {
    const [user] = await db
      .insert(users)
      .values({ fullName: 'Ana Exportadora', email, username: email })
      .returning();
    const userId = user?.id ?? 0;
    await db.insert(accounts).values({
      userId,
      accountId: String(userId),
      providerId: 'credential',
      password: await hashPassword(PASSWORD),
    });
    const [business] = await db
      .insert(businesses)
      .values({
        userId,
        stage: 'idea',
        name: 'Negocio con informes',
        location: 'España',
        description: 'Muchos informes',
        goal: 'Crecer',
        teamDescription: 'Yo',
        teamSize: 1,
      })
      .returning();
    const businessId = business?.id ?? 0;
    const [chat] = await db.insert(chats).values({ businessId, title: 'Informes' }).returning();
    const [question] = await db
      .insert(messages)
      .values({ chatId: chat?.id ?? 0, sender: 'user', content: 'Mis informes' })
      .returning();
    const hashes = new Map<string, string>();
    for (const file of files) {
      const id = crypto.randomUUID();
      const key = `attachments/${businessId}/${crypto.randomBytes(16).toString('hex')}`;
      hashes.set(id, storeRandomFile(dataDir, key, file.megabytes));
      await db.insert(attachments).values({
        id,
        messageId: question?.id ?? 0,
        businessId,
        name: file.name,
        mimeType: 'application/octet-stream',
        type: 'other',
        size: file.megabytes * MB,
        storageKey: key,
      });
    }
    return hashes;
  });
}

/** Signs in through the server as the login does; the session's cookie. */
async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The entries of a zip file on disk, each with the SHA-256 of its (inflated) bytes. */
function zipEntries(file: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const found = new Map<string, string>();
      zip.on('error', reject);
      zip.on('end', () => resolve(found));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const hash = crypto.createHash('sha256');
          stream.on('data', (chunk: Buffer) => hash.update(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            found.set(entry.fileName, hash.digest('hex'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** GET the export, written to `file` as it arrives; its size in bytes. */
async function download(base: string, cookie: string, file: string): Promise<number> {
  const res = await apiCall(base, cookie, 'GET', '/api/users/me/export');
  expect(res.headers.get('content-type')).toBe('application/zip');
  let bytes = 0;
  await pipeline(
    Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
    async function* count(source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        bytes += chunk.length;
        yield chunk;
      }
    },
    fs.createWriteStream(file),
  );
  return bytes;
}

let env: Record<string, string>;
let hashes: Map<string, string>;
const BIG = 'grande@example.com';
const SMALL = 'pequena@example.com';

beforeAll(async () => {
  env = await databaseEnv(locations);
  const dataDir = env.DATA_DIR ?? '';
  hashes = await seedOwner(
    dataDir,
    BIG,
    Array.from({ length: FILES }, (_, i) => ({ name: `informe-${i + 1}.bin`, megabytes: FILE_MB })),
  );
  await seedOwner(dataDir, SMALL, [{ name: 'nota.bin', megabytes: 1 }]);
}, 60_000);

describe('GET /api/users/me/export of 200 MB of files', () => {
  it('streams the archive with the server within 100 MB of its idle memory', async () => {
    const server = await startServer(env);
    const pid = server.child.pid;
    // A small export first, so that what loads at the first one (ADR 0027) is not counted.
    await download(server.base, await signIn(server.base, SMALL), zipPath);
    const cookie = await signIn(server.base, BIG);
    const idle = residentBytes(pid);

    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, SAMPLE_EVERY_MS);
    const started = performance.now();
    let bytes: number;
    try {
      bytes = await download(server.base, cookie, zipPath);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, residentBytes(pid));
    console.info(
      `export memory: ${(bytes / MB).toFixed(0)} MB zip in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `server RSS idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB ` +
        `(+${((peak - idle) / MB).toFixed(0)} MB)`,
    );

    expect(bytes).toBe(fs.statSync(zipPath).size);
    expect(bytes).toBeGreaterThan(FILES * FILE_MB * MB);
    const entries = await zipEntries(zipPath);
    for (const [id, hash] of hashes) {
      const name = [...entries.keys()].find((entry) => entry.includes(`/adjuntos/${id}-informe-`));
      expect(name, `the entry of attachment ${id}`).toBeDefined();
      expect(entries.get(name ?? '')).toBe(hash);
    }
    expect(entries.has('perfil.json')).toBe(true);
    expect(Math.round((peak - idle) / MB), 'MB of resident memory over idle').toBeLessThan(MARGIN_MB);
  }, 120_000);
});
