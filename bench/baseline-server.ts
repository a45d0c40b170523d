/** The floor for HTTP benchmarks: bare node:http answering like /api/health does, no framework, no database. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const body = JSON.stringify({ status: 'ok' });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, () => {
  console.log(JSON.stringify({ url: `http://localhost:${(server.address() as AddressInfo).port}` }));
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
