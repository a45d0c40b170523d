import { describe, expect, it } from 'vitest';
import { StreamError } from '../api/chats.ts';
import { classifyFailure, LastingFailure, type RetryOptions, sendWithRetries } from './send-with-retries.ts';

const noWait = async () => {};
const options = (extra: Partial<RetryOptions> = {}): RetryOptions => ({
  maxAttempts: 15,
  signal: new AbortController().signal,
  wait: noWait,
  ...extra,
});

/** An attempt that fails with `errors` in turn, then succeeds. */
function failing(...errors: unknown[]) {
  const calls: number[] = [];
  const attempt = async (n: number) => {
    calls.push(n);
    const error = errors.shift();
    if (error !== undefined) throw error;
  };
  return { attempt, calls };
}

describe('which failures are retried', () => {
  it('retries a dropped connection, a missing body, 408 and 5xx', () => {
    expect(classifyFailure(new TypeError('network error'))).toBe('retry');
    expect(classifyFailure(new StreamError('No stream body'))).toBe('retry');
    expect(classifyFailure(new StreamError('HTTP 408', 408))).toBe('retry');
    expect(classifyFailure(new StreamError('HTTP 503', 503))).toBe('retry');
    expect(classifyFailure(new StreamError('HTTP 500', 500))).toBe('retry');
  });

  it('stops on refusals, on a lasting failure and on an abort', () => {
    expect(classifyFailure(new StreamError('HTTP 400', 400))).toBe('refused');
    expect(classifyFailure(new StreamError('HTTP 403', 403))).toBe('refused');
    expect(classifyFailure(new StreamError('HTTP 429', 429))).toBe('refused');
    expect(classifyFailure(new LastingFailure())).toBe('lasting');
    expect(classifyFailure(new DOMException('aborted', 'AbortError'))).toBe('abort');
  });
});

describe('sending with retries', () => {
  it('tries again after two 503s and reports each retry', async () => {
    const { attempt, calls } = failing(new StreamError('HTTP 503', 503), new TypeError('cut'));
    const retries: string[] = [];
    const outcome = await sendWithRetries(
      attempt,
      options({ onRetry: (n, max) => retries.push(`${n}/${max}`) }),
    );
    expect(outcome).toEqual({ kind: 'done' });
    expect(calls).toEqual([1, 2, 3]);
    expect(retries).toEqual(['2/15', '3/15']);
  });

  it('stops at the first lasting failure or refusal', async () => {
    const lasting = failing(new LastingFailure());
    expect(await sendWithRetries(lasting.attempt, options())).toEqual({ kind: 'failed', attempts: 1 });
    expect(lasting.calls).toEqual([1]);
    const refusal = new StreamError('HTTP 413', 413, 'Demasiado grande');
    const refused = failing(refusal);
    expect(await sendWithRetries(refused.attempt, options())).toEqual({ kind: 'refused', error: refusal });
    expect(refused.calls).toEqual([1]);
  });

  it('gives up after the maximum of attempts, waiting longer each time up to 3 s', async () => {
    const { attempt, calls } = failing(...Array.from({ length: 20 }, () => new TypeError('cut')));
    const waits: number[] = [];
    const outcome = await sendWithRetries(
      attempt,
      options({
        wait: async (ms) => {
          waits.push(ms);
        },
      }),
    );
    expect(outcome).toEqual({ kind: 'failed', attempts: 15 });
    expect(calls).toHaveLength(15);
    expect(waits.slice(0, 3)).toEqual([500, 1000, 1500]);
    expect(Math.max(...waits)).toBe(3000);
  });

  it('ends silently when aborted', async () => {
    const controller = new AbortController();
    const outcome = await sendWithRetries(
      async () => {
        controller.abort();
        throw new TypeError('cut');
      },
      options({ signal: controller.signal }),
    );
    expect(outcome).toEqual({ kind: 'aborted' });
  });
});
