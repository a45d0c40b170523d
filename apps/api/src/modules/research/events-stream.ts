import { ERROR_CODES, type ResearchEvent } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import type { Db } from '../../db/client.ts';
import { researches } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { eventsAfter } from './store.ts';

/** How often a reader looks for new events (the job may run in another process: the database is the bus). */
const POLL_MS = 500;
/** A comment line keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;
/** A stream ends after this long; the browser reconnects with Last-Event-ID and misses nothing. */
const MAX_STREAM_MS = 10 * 60_000;

const isEnd = (type: string) => type === 'completed' || type === 'failed';

/** Streams one user may keep open in one process (a few tabs); each polls the database. */
export const MAX_STREAMS_PER_USER = 6;

/** Counts each user's open streams, so that nobody can make the server poll for a thousand of them. */
export function createStreamCounter() {
  const open = new Map<number, number>();
  return {
    acquire(userId: number): boolean {
      const count = open.get(userId) ?? 0;
      if (count >= MAX_STREAMS_PER_USER) return false;
      open.set(userId, count + 1);
      return true;
    },
    release(userId: number): void {
      const count = (open.get(userId) ?? 1) - 1;
      if (count <= 0) open.delete(userId);
      else open.set(userId, count);
    },
  };
}
export type StreamCounter = ReturnType<typeof createStreamCounter>;

/**
 * GET /researches/{id}/events: the run's timeline as Server-Sent Events (`id:` = seq, `data:` = the
 * event), replayed after Last-Event-ID so a reload or a second tab sees the same timeline, and ended
 * after 'completed' or 'failed'. A run already over with nothing new answers 204, which tells an
 * EventSource not to reconnect.
 */
export async function streamEvents(
  c: Context,
  db: Db,
  researchId: number,
  reader: { userId: number; streams: StreamCounter },
): Promise<Response> {
  const after = Number.parseInt(c.req.header('last-event-id') ?? '0', 10);
  const last = Number.isSafeInteger(after) && after > 0 ? after : 0;
  const first = await eventsAfter(db, researchId, last);
  if (first.length === 0 && !(await isUnderWay(db, researchId))) return c.body(null, 204);
  if (!reader.streams.acquire(reader.userId)) {
    throw new AppError(
      429,
      ERROR_CODES.tooManyRequests,
      'Tienes demasiadas pestañas siguiendo una investigación. Cierra alguna y vuelve a intentarlo.',
    );
  }

  return streamSSE(c, async (stream) => {
    try {
      await follow(stream, db, researchId, first, last);
    } finally {
      reader.streams.release(reader.userId);
    }
  });
}

/** Writes the events as they come until the run ends, the client leaves or the stream's time is up. */
async function follow(
  stream: SSEStreamingApi,
  db: Db,
  researchId: number,
  first: ResearchEvent[],
  after: number,
): Promise<void> {
  let last = after;
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
}

async function isUnderWay(db: Db, researchId: number): Promise<boolean> {
  const [row] = await db
    .select({ status: researches.status })
    .from(researches)
    .where(eq(researches.id, researchId));
  return row?.status === 'pending' || row?.status === 'running';
}
