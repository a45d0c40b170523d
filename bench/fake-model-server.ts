/**
 * The model of the chat benchmark, in a process of its own: an OpenAI-compatible server whose
 * answers start after 50 ms and then bring 40 more tokens, one every 20 ms (50 tokens/s).
 */
import { startFakeOpenAI } from '../apps/api/src/test/fakes/openai.ts';
import { BENCH_TOKENS, FIRST_TOKEN_MS, TOKEN_MS } from './lib/chat-model.ts';

const fake = await startFakeOpenAI({
  record: false,
  script: () => ({ tokens: BENCH_TOKENS, firstTokenDelayMs: FIRST_TOKEN_MS, tokenDelayMs: TOKEN_MS }),
});
console.log(JSON.stringify({ url: fake.url }));
process.once('SIGTERM', async () => {
  await fake.close();
  process.exit(0);
});
