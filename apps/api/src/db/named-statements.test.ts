import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseLocation, testEngine } from '../test/database.ts';
import { type Database, openDatabase, queryRows, queryRowsNamed } from './client.ts';

describe('named statements', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const location = await createTestDatabaseLocation();
    drop = location.drop;
    database = await openDatabase(location.config);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const doubled = (n: number) => sql`select ${n}::int * 2 as n`;

  it('answers like queryRows, with its parameters', async () => {
    expect(await queryRowsNamed<{ n: number }>(database.db, 'doubled', doubled(21))).toEqual([{ n: 42 }]);
    expect(await queryRowsNamed<{ n: number }>(database.db, 'doubled', doubled(5))).toEqual([{ n: 10 }]);
  });

  it.runIf(testEngine === 'postgres')(
    'is prepared once on a connection and run again with other values',
    async () => {
      const prepared = await database.db.transaction(async (tx) => {
        for (const n of [1, 2, 3]) await queryRowsNamed(tx, 'doubled', doubled(n));
        // A variant of the statement (another text) gets a name of its own.
        await queryRowsNamed(tx, 'doubled', sql`select ${4}::int * 2 as n, 'variant' as v`);
        return queryRows<{ name: string }>(
          tx,
          sql`select name from pg_prepared_statements where name like 'doubled%' order by name`,
        );
      });
      expect(prepared).toHaveLength(2);
    },
  );
});
