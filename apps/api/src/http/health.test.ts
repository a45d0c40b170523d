import { describe, expect, it } from 'vitest';
import { createRouter } from './create-router.ts';
import { mountHealth } from './health.ts';

/** A database stand-in whose pings the test answers one by one. */
function heldPings() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const ping = () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
  return { ping, pending };
}

const check = (api: ReturnType<typeof createRouter>) => api.request('/health');

describe('GET /health', () => {
  it('answers a burst of checks with one database ping', async () => {
    const db = heldPings();
    const api = createRouter();
    mountHealth(api, db.ping);
    const burst = Array.from({ length: 50 }, () => check(api));
    await new Promise((resolve) => setImmediate(resolve));
    expect(db.pending).toHaveLength(1);
    db.pending[0]?.resolve();
    const answers = await Promise.all(burst);
    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(200));
  });

  it('asks the database again once the shared ping has answered, and reports it down', async () => {
    const db = heldPings();
    const api = createRouter();
    mountHealth(api, db.ping);
    const first = check(api);
    await new Promise((resolve) => setImmediate(resolve));
    db.pending[0]?.resolve();
    expect((await first).status).toBe(200);

    const second = check(api);
    await new Promise((resolve) => setImmediate(resolve));
    expect(db.pending).toHaveLength(2);
    db.pending[1]?.reject(new Error('connection refused'));
    const res = await second;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable' });
  });
});
