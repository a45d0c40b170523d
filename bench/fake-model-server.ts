/**
 * The model of the benchmarks, in a process of its own: an OpenAI-compatible server whose chat answers
 * start after 50 ms and then bring 40 more tokens, one every 20 ms (50 tokens/s). Market-research steps
 * (every new business starts a run) get their JSON after BENCH_RESEARCH_STEP_MS, or fail at once when it
 * is not set, so that research stays out of the chat benchmark.
 */
import { startFakeOpenAI } from '../apps/api/src/test/fakes/openai.ts';
import { isResearchRequest, researchModelScript } from '../apps/api/src/test/fakes/research-model.ts';
import { BENCH_TOKENS, FIRST_TOKEN_MS, TOKEN_MS } from './lib/chat-model.ts';

const researchStepMs = Number(process.env.BENCH_RESEARCH_STEP_MS ?? Number.NaN);
const fake = await startFakeOpenAI({
  record: false,
  script: (body) => {
    if (isResearchRequest(body)) {
      return Number.isFinite(researchStepMs)
        ? researchModelScript(body, { delayMs: researchStepMs })
        : researchModelScript(body, { fail: true });
    }
    return { tokens: BENCH_TOKENS, firstTokenDelayMs: FIRST_TOKEN_MS, tokenDelayMs: TOKEN_MS };
  },
});
console.log(JSON.stringify({ url: fake.url }));
process.once('SIGTERM', async () => {
  await fake.close();
  process.exit(0);
});
