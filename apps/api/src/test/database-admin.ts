import pg from 'pg';

/** Runs `work` on a connection to the PostgreSQL server's admin database (creating and dropping databases). */
export async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
