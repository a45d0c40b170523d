import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPgliteThread, type PgliteThread } from './pglite-thread.ts';

/** The embedded database's thread on its own (the app's suites run through it on every PGlite test). */
let shared: PgliteThread;
beforeAll(async () => {
  shared = await openPgliteThread(undefined);
  await shared.query('create table notes (id int primary key, body text not null)');
});
beforeEach(async () => {
  await shared.query('truncate notes');
});
afterAll(async () => {
  await shared.close();
});

describe('PGlite on its own thread', () => {
  it('keeps the server thread free while a slow statement runs', async () => {
    const db = shared;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await db.query('select pg_sleep(0.4)');
    clearInterval(timer);
    // On the server's thread, PGlite would have held every timer for the whole 400 ms.
    expect(ticks).toBeGreaterThan(10);
  });

  it('runs a statement from outside an open transaction after it, not inside it', async () => {
    const db = shared;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db
      .transaction(async (tx) => {
        await tx.query(`insert into notes values (1, 'inside')`);
        await held;
        throw new Error('changed my mind');
      })
      .catch((error: Error) => error.message);
    const outside = db.query(`insert into notes values (2, 'outside')`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await transaction).toBe('changed my mind');
    await outside;
    const { rows } = await db.query('select id, body from notes order by id');
    expect(rows).toEqual([{ id: 2, body: 'outside' }]);
  });

  it('runs transactions one after another, each seeing the one before', async () => {
    const db = shared;
    await db.query(`insert into notes values (1, '0')`);
    const bump = () =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query('select body from notes where id = 1');
        const next = Number((rows[0] as { body: string }).body) + 1;
        await tx.query('update notes set body = $1 where id = 1', [String(next)]);
      });
    await Promise.all(Array.from({ length: 20 }, bump));
    const { rows } = await db.query('select body from notes where id = 1');
    expect(rows).toEqual([{ body: '20' }]);
  });

  it("hands over PostgreSQL's error fields", async () => {
    const db = shared;
    await db.query(`insert into notes values (1, 'a')`);
    await expect(db.query(`insert into notes values (1, 'b')`)).rejects.toMatchObject({
      code: '23505',
      constraint: 'notes_pkey',
    });
  });

  it('runs a statement again after the table it reads has changed', async () => {
    const db = shared;
    await db.query(`insert into notes values (1, 'a')`);
    // Prepared once by its text, as every statement is, then the table gains a column.
    expect((await db.query('select * from notes where id = $1', [1])).rows).toEqual([{ id: 1, body: 'a' }]);
    await db.query(`alter table notes add column mood text not null default 'bien'`);
    try {
      expect((await db.query('select * from notes where id = $1', [1])).rows).toEqual([
        { id: 1, body: 'a', mood: 'bien' },
      ]);
    } finally {
      await db.query('alter table notes drop column mood');
    }
  });

  it('leaves no transaction open after a failed script', async () => {
    const db = shared;
    await expect(
      db.script(`begin; insert into notes values (1, 'a'); select 1/0; commit;`),
    ).rejects.toMatchObject({ code: '22012' });
    await db.query(`insert into notes values (2, 'b')`);
    const { rows } = await db.query('select id from notes');
    expect(rows).toEqual([{ id: 2 }]);
  });

  it('says why a new data directory could not be initialised', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-pglite-thread-'));
    try {
      // A file where the data directory's parent should be: the initialising process cannot create it.
      fs.writeFileSync(path.join(parent, 'taken'), '');
      await expect(openPgliteThread(path.join(parent, 'taken', 'pglite'))).rejects.toThrow(
        /ENOTDIR|not a directory/i,
      );
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });

  // Two fresh starts of the engine, each initialising a data directory: slow beside other test files.
  it('keeps data on disk across a close and a reopen, and refuses statements once closed', {
    timeout: 90_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-pglite-thread-'));
    try {
      const first = await openPgliteThread(dataDir);
      await first.query('create table kept (body text)');
      await first.query(`insert into kept values ('sigue aquí')`);
      await first.close();
      await expect(first.query('select 1')).rejects.toThrow(/database thread stopped/);
      const second = await openPgliteThread(dataDir);
      expect((await second.query('select body from kept')).rows).toEqual([{ body: 'sigue aquí' }]);
      await second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
