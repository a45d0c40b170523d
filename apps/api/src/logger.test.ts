import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema/index.ts';
import { createLogger } from './logger.ts';
import { createTestDatabase, type TestDatabase } from './test/database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

/** A logger whose lines are kept in `lines`. */
function capturingLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', destination), lines };
}

async function failure(query: Promise<unknown>): Promise<unknown> {
  try {
    await query;
  } catch (error) {
    return error;
  }
  throw new Error('the query was expected to fail');
}

describe('logged errors of failed queries', () => {
  it('carry neither the SQL text nor its parameters, under any key, on either engine', async () => {
    const secret = 'persona-secreta@example.com';
    const error = await failure(
      // A NUL character fails inside the database, as user input did before it was refused.
      database.db
        .select()
        .from(users)
        .where(eq(users.email, `${secret}\u0000`)),
    );
    const { logger, lines } = capturingLogger();
    logger.error({ err: error }, 'unhandled error');
    logger.error({ error }, 'unhandled error');
    logger.warn({ err: new Error('wrapped', { cause: error }) }, 'answer generation failed');
    logger.flush();

    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain('persona-secreta');
      expect(line).not.toMatch(/select|"users"|"email"|\$1/i);
      const { err, error: asError } = JSON.parse(line) as Record<
        string,
        { message?: string; stack?: string }
      >;
      // What is left still says what failed and where.
      expect(err ?? asError).toMatchObject({
        message: expect.any(String),
        stack: expect.stringContaining('at '),
      });
    }
    expect(lines[0]).toContain('Failed query');
  });

  it('carry no parameter that looks like a stack frame', async () => {
    // Pasted text can hold what a stack's frames start with; it must not mark where the frames begin.
    const pasted = 'mi error:\n    at persona-secreta (app.ts:1:1)';
    const error = await failure(
      database.db
        .select()
        .from(users)
        .where(eq(users.email, `${pasted}\u0000`)),
    );
    const { logger, lines } = capturingLogger();
    logger.error({ err: error }, 'unhandled error');
    logger.flush();
    expect(lines[0]).not.toContain('persona-secreta');
    expect(JSON.parse(lines[0] as string).err.stack).toMatch(/^Error: Failed query\n {4}at /);
  });

  it('keeps what a plain error says', async () => {
    const error = await failure(database.db.execute(sql`select 1 from tabla_que_no_existe`));
    const { logger, lines } = capturingLogger();
    logger.error({ err: new Error('algo concreto'), code: 'X' }, 'failed');
    logger.error({ err: error }, 'failed');
    logger.flush();
    expect(JSON.parse(lines[0] as string).err).toMatchObject({ type: 'Error', message: 'algo concreto' });
    // The database's own message and code stay: they say what went wrong without the statement.
    expect(JSON.parse(lines[1] as string).err).toMatchObject({
      message: 'Failed query',
      cause: { code: '42P01', message: expect.stringContaining('does not exist') },
    });
  });
});
