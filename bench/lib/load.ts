import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  perSecond: number;
}

/** `concurrency` clients, each sending `path` again and again for `durationMs`, over keep-alive. */
export async function load(
  baseUrl: string,
  path: string,
  concurrency: number,
  durationMs: number,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + durationMs;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get(`${baseUrl}${path}`, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - started);
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const client = async () => {
    while (performance.now() < deadline) await once();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = performance.now() - started;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return {
    requests: latencies.length,
    errors,
    p50: at(0.5),
    p99: at(0.99),
    perSecond: (latencies.length / elapsed) * 1000,
  };
}
