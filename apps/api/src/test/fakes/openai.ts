/**
 * A loopback OpenAI-compatible chat-completions server for tests and benchmarks (architecture.md §8):
 * streamed answers as SSE `chat.completion.chunk` events, then a usage chunk and `[DONE]`; plain JSON
 * answers when `stream` is false. Each request follows a script (text split into tokens, delays,
 * failures); every request body is recorded, and so is a client that goes away before the end.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeScript {
  /** The answer's tokens, sent one per event. */
  tokens: string[];
  /** Before the first token. */
  firstTokenDelayMs?: number;
  /** Between tokens. */
  tokenDelayMs?: number;
  /** Answer this HTTP status (with an OpenAI error body) instead of streaming. */
  status?: number;
  /** Cut the connection after sending this many tokens (a stream error on the client). */
  failAfterTokens?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export interface RecordedRequest {
  body: {
    model: string;
    stream?: boolean;
    messages: Array<{ role: string; content: unknown }>;
    [key: string]: unknown;
  };
  /** True when the client closed the connection before the answer ended. */
  disconnected: boolean;
  /** Resolves when the answer ended or the client went away. */
  ended: Promise<void>;
}

export interface FakeOpenAI {
  /** Base URL for AI_BASE_URL (ends in /v1). */
  url: string;
  requests: RecordedRequest[];
  /** Chooses each request's script; the default answers `defaultScript`. */
  script: (body: RecordedRequest['body']) => FakeScript;
  close(): Promise<void>;
}

/** Splits a text into tokens that keep their spaces, as a model's deltas do. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

export const defaultScript: FakeScript = {
  tokens: tokenize('Hola, soy tu mentor.'),
  firstTokenDelayMs: 0,
  tokenDelayMs: 0,
};

function chunk(id: string, model: string, delta: Record<string, unknown>, finishReason: string | null) {
  return `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })}\n\n`;
}

export async function startFakeOpenAI(
  options: { port?: number; script?: FakeOpenAI['script']; record?: boolean } = {},
): Promise<FakeOpenAI> {
  const record = options.record ?? true;
  let counter = 0;
  const fake: FakeOpenAI = {
    url: '',
    requests: [],
    script: options.script ?? (() => defaultScript),
    close: async () => {},
  };

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      let body: RecordedRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(parts).toString('utf8'));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'invalid JSON', type: 'invalid_request_error' } }));
        return;
      }
      let markEnded = () => {};
      const recorded: RecordedRequest = {
        body,
        disconnected: false,
        ended: new Promise((resolve) => {
          markEnded = resolve;
        }),
      };
      if (record) fake.requests.push(recorded);
      res.on('close', () => {
        if (!res.writableFinished) recorded.disconnected = true;
        markEnded();
      });
      answer(body, res);
    });
  });

  function answer(body: RecordedRequest['body'], res: http.ServerResponse) {
    const script = fake.script(body);
    const id = `chatcmpl-${++counter}`;
    const model = body.model;
    const usage = script.usage ?? { prompt_tokens: 11, completion_tokens: script.tokens.length };
    if (script.status) {
      res.writeHead(script.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error' } }));
      return;
    }
    if (!body.stream) {
      // A whole answer: the prompt's size stands for its tokens (research budgets count them), and the
      // first-token delay for the time the model takes.
      const whole = script.usage ?? {
        prompt_tokens: Math.ceil(JSON.stringify(body.messages).length / 4),
        completion_tokens: Math.ceil(script.tokens.join('').length / 4),
      };
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: script.tokens.join('') },
                finish_reason: 'stop',
              },
            ],
            usage: { ...whole, total_tokens: whole.prompt_tokens + whole.completion_tokens },
          }),
        );
      };
      if (script.firstTokenDelayMs) setTimeout(reply, script.firstTokenDelayMs);
      else reply();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(chunk(id, model, { role: 'assistant', content: '' }, null));
    let sent = 0;
    const next = () => {
      if (res.destroyed) return;
      if (script.failAfterTokens !== undefined && sent >= script.failAfterTokens) {
        res.destroy();
        return;
      }
      if (sent < script.tokens.length) {
        res.write(chunk(id, model, { content: script.tokens[sent] }, null));
        sent += 1;
        setTimeout(next, script.tokenDelayMs ?? 0);
        return;
      }
      res.write(chunk(id, model, {}, 'stop'));
      res.write(
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    };
    setTimeout(next, script.firstTokenDelayMs ?? 0);
  }

  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
