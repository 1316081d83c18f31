/** Timing of HTTP requests and of in-process calls for the search bench. */
import http from 'node:http';
import autocannon from 'autocannon';

export interface Spread {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Percentiles of durations in milliseconds, to a tenth (to a hundredth below 1 ms). */
export function spread(durations: readonly number[]): Spread {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p: number) => {
    const value = sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    return value < 1 ? Math.round(value * 100) / 100 : Math.round(value * 10) / 10;
  };
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

export interface Fetched<T> {
  times: number[];
  bodies: T[];
  failures: number;
}

/**
 * Each path fetched once, `concurrency` requests at a time, over kept-alive connections of node:http
 * (fetch's own work for a 40 KB answer took some 0.5 ms of the time measured); bodies in the order
 * of `paths`.
 */
export async function fetchAll<T>(url: string, paths: readonly string[], concurrency: number): Promise<Fetched<T>> {
  const times: number[] = [];
  const bodies: T[] = new Array(paths.length);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  let failures = 0;
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < paths.length) {
          const n = next++;
          const started = performance.now();
          const { status, text } = await get(`${url}${paths[n]}`, agent);
          times.push(performance.now() - started);
          if (status !== 200) failures++;
          else bodies[n] = JSON.parse(text) as T;
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return { times, bodies, failures };
}

function get(url: string, agent: http.Agent): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export interface Throughput {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** autocannon over `paths` in turn, at `connections` connections for `duration` seconds. */
export async function throughput(
  url: string,
  paths: readonly string[],
  connections: number,
  duration: number,
): Promise<Throughput> {
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
