import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { CHAT_STREAM_HEADERS } from '@rumbo/contract';
import type { Context } from 'hono';
import type { AppEnv } from '../../../http/context.ts';
import { liveStreams } from '../../../lib/metrics.ts';
import type { WriteTick } from '../engine/write-tick.ts';
import type { SendOutcome } from '../send/send-outcome.ts';
import { answerBody, pipeAnswer } from './answer-body.ts';

function streamHeaders(result: SendOutcome): Record<string, string> {
  return {
    'Content-Type': 'text/plain; charset=utf-8',
    // Headers go out at once instead of after the first chunks (@hono/node-server waits otherwise).
    'Transfer-Encoding': 'chunked',
    'Cache-Control': 'no-store',
    'X-Accel-Buffering': 'no',
    [CHAT_STREAM_HEADERS.chatId]: String(result.chat.id),
    [CHAT_STREAM_HEADERS.messageId]: String(result.message.id),
    [CHAT_STREAM_HEADERS.answerId]: String(result.answer.id),
    [CHAT_STREAM_HEADERS.answerKind]: result.kind,
  };
}

/** What the security middleware would add, for the responses written straight to the socket. */
const STREAM_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

/** Streams an answer as `POST …/messages/stream` does (the send, regenerating, editing). */
export function streamAnswer(c: Context<AppEnv>, result: SendOutcome, tick: WriteTick): never {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  const { source } = result;
  if (outgoing) {
    liveStreams.inc();
    outgoing.once('close', () => liveStreams.dec());
  }
  if (outgoing && 'live' in source) {
    // The hot path: the answer goes straight to the socket, without web streams (ADR 0010).
    outgoing.writeHead(200, { ...streamHeaders(result), ...STREAM_SECURITY_HEADERS });
    pipeAnswer(source.live, outgoing, tick);
    return RESPONSE_ALREADY_SENT as never;
  }
  // On the Node server, a failed answer cuts the connection quietly (no error logged per stream).
  const cut = () => {
    if (!outgoing) return false;
    outgoing.destroy();
    return true;
  };
  return new Response(answerBody(source, cut), { status: 200, headers: streamHeaders(result) }) as never;
}
