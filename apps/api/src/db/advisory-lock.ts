import pg from 'pg';

/**
 * Runs `work` while this process holds PostgreSQL's advisory lock `key`, on a connection of its own:
 * several processes starting together on one database take turns (the later ones find the work done).
 * `work` gets that connection; ending the session releases the lock.
 */
export async function withAdvisoryLock<T>(
  connectionString: string | undefined,
  key: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [key]);
    return await work(client);
  } finally {
    await client.end();
  }
}
