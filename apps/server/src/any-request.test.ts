import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertShippedBuilds } from '../test/helpers.ts';
import { type RawAnswer, rawRequest } from '../test/raw-http.ts';

/**
 * The server process as `npm start` runs it (src/server.ts, the storefront and back office builds
 * loaded), sent every method Node's HTTP parser accepts on page, API and malformed addresses over a
 * real socket. Each request gets an answer below 500 (a 5xx only as a logged error naming the
 * request's id), and the process is still there, answering, at the end.
 */

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));

const pagePaths = [
  '/',
  '/ru/',
  '/category/odyag?page=2',
  '/ru/product/no-such-product',
  '/search?query=x',
  '/uk/admin/',
  '/locales/uk.json',
  '/assets/none.js',
];
const apiPaths = ['/api/products', '/api/orders/', '/api/docs', '/api/no-such-call', '/media/none.webp'];
/**
 * Broken escapes, a NUL, a path that reads as another host (`//…`), and the asterisk form
 * (`OPTIONS *`) that a client may send with any method.
 */
const malformedPaths = [
  '//%00',
  '//evil.example/x',
  '/%zz',
  '/category/%E0%A4%A',
  '/ru/%FF',
  '/product/x/%00',
  '/api/products/%zz',
  '/media/%zz',
  '*',
];

let child: ChildProcess;
let output = '';
let port = 0;
let dataDir = '';

const send = (method: string, target: string) =>
  rawRequest(port, `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);

/** What is wrong with an answer, if anything: none at all, or a 5xx that names no request or was not logged. */
function problemWith(answer: RawAnswer): string | undefined {
  if (answer.status === null) return `no answer (${JSON.stringify(answer.body.slice(0, 80))})`;
  if (answer.status < 500) return undefined;
  const id = /"request_id":"([^"]+)"/.exec(answer.body)?.[1];
  if (!id) return `${answer.status} without a request id: ${answer.body.slice(0, 200)}`;
  const logged = output.split('\n').some((line) => line.includes(`"reqId":"${id}"`) && /"level":5\d/.test(line));
  return logged ? undefined : `${answer.status} whose request ${id} was not logged as an error`;
}

beforeAll(async () => {
  assertShippedBuilds();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-any-request-'));
  child = spawn(process.execPath, [serverEntry], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      SHUTDOWN_DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;
  const until = Date.now() + 90_000;
  while (!listening.test(output)) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > until) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  port = Number(listening.exec(output)?.[1]);
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process, sent any method to any address', () => {
  it('answers each one below 500 (or with a logged 500 naming the request), and keeps serving', async () => {
    const requests = http.METHODS.flatMap((method) =>
      [...pagePaths, ...apiPaths, ...malformedPaths].map((target) => ({ method, target })),
    );
    const problems: string[] = [];
    // A few at a time, as clients would.
    const queue = [...requests];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const problem = problemWith(await send(next.method, next.target));
          if (problem) problems.push(`${next.method} ${next.target}: ${problem}`);
        }
      }),
    );
    expect(problems).toEqual([]);
    expect(child.exitCode).toBeNull();
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(output).not.toMatch(/unhandled rejection/);
  }, 300_000);

  it('refuses every method but GET and HEAD on a page address, broken escape or not, with 405 in the API’s shape', async () => {
    for (const target of ['/%zz', '/category/%E0%A4%A', '/ru/%FF', '/category/odyag']) {
      for (const method of ['TRACE', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
        const answer = await send(method, target);
        expect(answer.status, `${method} ${target}`).toBe(405);
        expect(answer.headers.allow).toBe('GET, HEAD');
        expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(JSON.parse(answer.body)).toEqual({ detail: `Method "${method}" not allowed.` });
      }
    }
    // GET still renders the storefront's not-found page for a broken escape; the API keeps its JSON 400.
    const page = await send('GET', '/ru/%FF');
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const api = await send('POST', '/api/products/%zz');
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toEqual({ detail: 'The address is not valid: it holds a broken %-encoding.' });
  }, 60_000);

  it('answers CONNECT, which Node keeps from the router, with 405 instead of a dropped connection', async () => {
    const answer = await send('CONNECT', '127.0.0.1:443');
    expect(answer.status).toBe(405);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Method "CONNECT" not allowed.' });
    // An upgrade the shop does not speak is an ordinary request.
    const upgrade = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`,
      3000,
    );
    expect(upgrade.status).toBe(200);
    expect(child.exitCode).toBeNull();
  }, 60_000);
});
