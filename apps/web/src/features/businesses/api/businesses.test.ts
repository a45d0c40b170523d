import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { scheduleResearch } from './businesses.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('scheduleResearch (product.md §4, §9)', () => {
  it('asks for the research 1 s after, with 50000 tokens and no synchronous generation', async () => {
    vi.useFakeTimers();
    const network = stubFetch({ 'POST /api/researches': { status: 202, body: {} } });
    scheduleResearch(12);
    await vi.advanceTimersByTimeAsync(999);
    expect(network.callsTo('POST /api/researches')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(network.callsTo('POST /api/researches').map((call) => call.body)).toEqual([
      { max_tokens: 50000, business_id: 12, sync_generation: false },
    ]);
  });

  it('swallows a failure (the research is a background nicety)', async () => {
    vi.useFakeTimers();
    stubFetch({ 'POST /api/researches': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } } });
    scheduleResearch(12);
    await vi.advanceTimersByTimeAsync(1000);
  });
});
