import type http from 'node:http';
import { createParser } from 'eventsource-parser';
import type { OpenAIUsage } from './finish.ts';

/** An OpenAI chat-completions streamed chunk, as far as it is read (the rest is ignored). */
interface Chunk {
  choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
  usage?: OpenAIUsage | null;
  error?: { message?: string };
}

/** What `readEvents` reports as it reads a streamed completion. */
export interface EventSink {
  delta(text: string): void;
  /** An `error` event or an unreadable one; reading goes on (the stream decides what it means). */
  error(error: Error): void;
  end(reason: string | null | undefined, usage: OpenAIUsage | null | undefined): void;
  /** The body was cut short (a broken connection, an abort): nothing more is reported. */
  fail(error: unknown): void;
}

/**
 * Reads the response's server-sent events straight off the socket into `sink`, through
 * `eventsource-parser`'s callback API (no web streams in between). Returns a function that stops
 * reading and drops the connection.
 */
export function readEvents(
  res: http.IncomingMessage,
  signal: AbortSignal | undefined,
  sink: EventSink,
): () => void {
  let done = false;
  let usage: OpenAIUsage | null | undefined;
  let reason: string | null | undefined;

  const end = () => {
    if (done) return;
    done = true;
    sink.end(reason, usage);
  };
  const dispatch = (payload: string) => {
    if (payload === '[DONE]') return end();
    let chunk: Chunk;
    try {
      chunk = JSON.parse(payload);
    } catch (cause) {
      return sink.error(new Error('invalid JSON in the model stream', { cause }));
    }
    if (chunk.error) return sink.error(new Error(chunk.error.message ?? 'the model server failed'));
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    if (choice.finish_reason) reason = choice.finish_reason;
    const delta = choice.delta?.content;
    if (delta) sink.delta(delta);
  };
  // Only `data:` matters: event names, ids and comments are skipped, and unknown fields too (no
  // `onError`). An event may still be reported after `[DONE]` or a stop within the same write: `done`
  // drops it. An empty `data:` carries nothing to parse.
  const parser = createParser({
    onEvent: (event) => {
      if (!done && event.data) dispatch(event.data);
    },
  });
  const stop = () => {
    done = true;
    res.destroy();
  };

  res.setEncoding('utf8');
  res.on('data', (part: string) => parser.feed(part));
  res.once('end', () => {
    // An event the body ended without its blank line still counts.
    if (!done) parser.feed('\n\n');
    // A server that ends the body without `[DONE]` still ended the answer.
    end();
  });
  const fail = (error: unknown) => {
    if (done) return;
    stop();
    sink.fail(signal?.aborted ? signal.reason : error);
  };
  res.on('error', fail);
  res.once('close', () => {
    if (!res.complete) fail(new Error('the model stream was cut'));
  });
  return stop;
}
