import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, signUp, type TestApp } from '../../test/app.ts';
import { captureLog, type LogCapture, logProblems } from '../../test/log-capture.ts';
import { authLogLine } from './auth.ts';

// An error inside Better Auth that it does not answer itself (here: a query that fails) reaches the app's
// error handler: a 500 in the API's shape, one log line without the query's SQL or values, and nothing
// printed with console (Better Auth once printed the failed query, e-mail included; ADR 0026).

let t: TestApp;
let log: LogCapture;
beforeAll(async () => {
  log = captureLog();
  t = await createTestApp({}, { logger: log.logger });
  await signUp(t, { name: 'Ana Registro', email: 'ana.registro@example.com', password: 'contraseña-segura' });
});
afterAll(async () => {
  log.stop();
  await t.close();
});

describe("Better Auth's unhandled errors", () => {
  it('answer 500 in the API shape and are logged without SQL, values or e-mail', async () => {
    await t.database.db.execute(sql`alter table users rename column email to email_moved`);
    try {
      const res = await signIn(t, { email: 'ana.registro@example.com', password: 'contraseña-segura' });
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    } finally {
      await t.database.db.execute(sql`alter table users rename column email_moved to email`);
    }
    const text = log.text();
    expect(text).toContain('unhandled error');
    expect(text).not.toContain('console.');
    expect(logProblems(text)).toEqual([]);
  });

  it("keep e-mail addresses and failed queries out of Better Auth's own lines", () => {
    expect(authLogLine('Sign-up attempt for existing email: ana.registro@example.com')).toBe(
      'Sign-up attempt for existing email: [correo]',
    );
    expect(authLogLine('Failed query: select "id" from "users" where "email" = $1\nparams: a@b.es')).toBe(
      'Failed query',
    );
  });
});
