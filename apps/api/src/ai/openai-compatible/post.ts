import type http from 'node:http';
import type https from 'node:https';
import { APICallError } from '@ai-sdk/provider';

/** Where and how an answer is asked for: one per model, its connections reused across answers. */
export interface Endpoint {
  client: typeof http | typeof https;
  agent: http.Agent;
  url: URL;
  apiKey: string | undefined;
  /** Whether the server takes `response_format` with a JSON schema (false once it refused it). */
  nativeJson: boolean;
}

/**
 * POSTs the request and resolves with the response once its status is 2xx. A failure to connect, a
 * reset connection, 408, 409, 429 and 5xx are retryable `APICallError`s (as the official providers
 * report them); an abort rejects with the signal's reason.
 */
export function post(
  endpoint: Endpoint,
  body: object,
  signal: AbortSignal | undefined,
): Promise<http.IncomingMessage> {
  const { client, agent, url, apiKey } = endpoint;
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const req = client.request(url, {
      method: 'POST',
      agent,
      signal,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      },
    });
    req.on('error', (cause) => {
      if (signal?.aborted) return reject(signal.reason);
      reject(connectionError(url, body, cause));
    });
    req.once('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) return resolve(res);
      readAll(res).then(
        (text) => reject(statusError(url, body, res, text)),
        (error) => reject(signal?.aborted ? signal.reason : error),
      );
    });
    req.end(payload);
  });
}

export function readAll(res: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (part: string) => {
      text += part;
    });
    res.once('end', () => resolve(text));
    res.on('error', reject);
  });
}

function connectionError(url: URL, body: object, cause: Error): APICallError {
  return new APICallError({
    message: `Cannot connect to the model server: ${cause.message}`,
    url: url.href,
    requestBodyValues: body,
    cause,
    isRetryable: true,
  });
}

/** A non-2xx answer, with the server's own error message when its body is OpenAI's error JSON. */
function statusError(url: URL, body: object, res: http.IncomingMessage, text: string): APICallError {
  const status = res.statusCode ?? 0;
  let message = `${status} ${res.statusMessage ?? ''}`.trim();
  try {
    message = JSON.parse(text).error?.message ?? message;
  } catch {
    // Not JSON: the status says it.
  }
  return new APICallError({
    message,
    url: url.href,
    requestBodyValues: body,
    statusCode: status,
    responseHeaders: res.headers as Record<string, string>,
    responseBody: text,
    isRetryable: status === 408 || status === 409 || status === 429 || status >= 500,
  });
}
