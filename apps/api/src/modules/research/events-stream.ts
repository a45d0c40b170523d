import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Db } from '../../db/client.ts';
import { researches } from '../../db/schema/index.ts';
import { eventsAfter } from './store.ts';

/** How often a reader looks for new events (the job may run in another process: the database is the bus). */
const POLL_MS = 500;
/** A comment line keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;
/** A stream ends after this long; the browser reconnects with Last-Event-ID and misses nothing. */
const MAX_STREAM_MS = 10 * 60_000;

const isEnd = (type: string) => type === 'completed' || type === 'failed';

/**
 * GET /researches/{id}/events: the run's timeline as Server-Sent Events (`id:` = seq, `data:` = the
 * event), replayed after Last-Event-ID so a reload or a second tab sees the same timeline, and ended
 * after 'completed' or 'failed'. A run already over with nothing new answers 204, which tells an
 * EventSource not to reconnect.
 */
export async function streamEvents(c: Context, db: Db, researchId: number): Promise<Response> {
  const after = Number.parseInt(c.req.header('last-event-id') ?? '0', 10);
  let last = Number.isSafeInteger(after) && after > 0 ? after : 0;
  const first = await eventsAfter(db, researchId, last);
  if (first.length === 0 && !(await isUnderWay(db, researchId))) return c.body(null, 204);

  return streamSSE(c, async (stream) => {
    let closed = false;
    stream.onAbort(() => {
      closed = true;
    });
    const started = Date.now();
    let quietSince = Date.now();
    let batch = first;
    while (!closed && Date.now() - started < MAX_STREAM_MS) {
      for (const event of batch) {
        await stream.writeSSE({ id: String(event.seq), data: JSON.stringify(event) });
        last = event.seq;
        quietSince = Date.now();
        if (isEnd(event.type)) return;
      }
      if (batch.length === 0 && !(await isUnderWay(db, researchId))) return;
      if (Date.now() - quietSince > KEEP_ALIVE_MS) {
        await stream.write(': sigue\n\n');
        quietSince = Date.now();
      }
      await stream.sleep(POLL_MS);
      batch = await eventsAfter(db, researchId, last);
    }
  });
}

async function isUnderWay(db: Db, researchId: number): Promise<boolean> {
  const [row] = await db
    .select({ status: researches.status })
    .from(researches)
    .where(eq(researches.id, researchId));
  return row?.status === 'pending' || row?.status === 'running';
}
