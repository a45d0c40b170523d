/**
 * The floor for the chat-stream benchmark: the least any Node server can do to relay an answer, with
 * none of Rumbo's work (no session, no database, no credits, no context). It reads the POST's JSON
 * body, asks the model server for a streamed completion over a keep-alive connection, parses each
 * server-sent event's JSON (`eventsource-parser`, as Rumbo does) and writes each piece of text to the
 * response as it comes. Its CPU per answer is what relaying 41 tokens in and out costs on this
 * machine; Rumbo's figure beside it shows what the rest costs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';

const modelUrl = new URL(`${process.env.MODEL_URL ?? ''}/chat/completions`);
const agent = new http.Agent({ keepAlive: true });

const server = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (part: string) => {
    body += part;
  });
  req.on('end', () => {
    const { content } = JSON.parse(body) as { content: string };
    const payload = JSON.stringify({
      model: 'bench-model',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content }],
    });
    const upstream = http.request(modelUrl, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    });
    upstream.on('error', () => res.destroy());
    upstream.once('response', (answer) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'transfer-encoding': 'chunked' });
      const parser = createParser({
        onEvent: (event) => {
          if (!event.data || event.data === '[DONE]') return;
          const text = JSON.parse(event.data).choices?.[0]?.delta?.content;
          if (text) res.write(text);
        },
      });
      answer.setEncoding('utf8');
      answer.on('data', (part: string) => parser.feed(part));
      answer.once('end', () => res.end());
      answer.on('error', () => res.destroy());
    });
    upstream.end(payload);
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
