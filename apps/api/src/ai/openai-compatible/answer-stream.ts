import type http from 'node:http';
import type { LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { finishReason, toUsage } from './finish.ts';
import { readEvents } from './read-events.ts';

const TEXT_ID = 'txt-0';

/**
 * The response as AI SDK stream parts: `text-delta`s, then `finish` with the usage of the final usage
 * chunk. An `error` event becomes an `error` part; a body cut short errors the stream.
 */
export function streamParts(
  res: http.IncomingMessage,
  signal: AbortSignal | undefined,
): ReadableStream<LanguageModelV3StreamPart> {
  let stop = () => {};
  return new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      let textStarted = false;
      controller.enqueue({ type: 'stream-start', warnings: [] });
      stop = readEvents(res, signal, {
        delta(delta) {
          if (!textStarted) {
            textStarted = true;
            controller.enqueue({ type: 'text-start', id: TEXT_ID });
          }
          controller.enqueue({ type: 'text-delta', id: TEXT_ID, delta });
        },
        error: (error) => controller.enqueue({ type: 'error', error }),
        end(reason, usage) {
          if (textStarted) controller.enqueue({ type: 'text-end', id: TEXT_ID });
          controller.enqueue({ type: 'finish', finishReason: finishReason(reason), usage: toUsage(usage) });
          controller.close();
        },
        fail: (error) => controller.error(error),
      });
    },
    cancel() {
      stop();
    },
  });
}

/**
 * The response's text pieces straight to `onDelta`, without a web stream in between (one promise and a
 * few stream objects less per token: that was the model client's share of the server's CPU under load).
 * Resolves with the usage at the end; rejects at an `error` event, a cut body or an abort.
 */
export function streamDeltas(
  res: http.IncomingMessage,
  signal: AbortSignal | undefined,
  onDelta: (text: string) => void,
): Promise<LanguageModelV3Usage> {
  return new Promise((resolve, reject) => {
    const stop = readEvents(res, signal, {
      delta: onDelta,
      error(error) {
        stop();
        reject(error);
      },
      end: (_reason, usage) => resolve(toUsage(usage)),
      fail: reject,
    });
  });
}
