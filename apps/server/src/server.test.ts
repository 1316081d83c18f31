import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Product } from '@kram/contract/catalog';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../test/helpers.ts';
import { orderPayload } from '../test/orders.ts';

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
const cliEntry = fileURLToPath(new URL('./cli.ts', import.meta.url));
const children: ChildProcess[] = [];

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      PATH: process.env.PATH ?? '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, ms = 60_000) => {
    const until = Date.now() + ms;
    while (!pattern.test(output)) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}; output:\n${output}`);
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}; output:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const port = async () => {
    await waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
    return Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]);
  };
  return { child, exited, waitFor, port, output: () => output };
}

/** A data folder of a shop that has started once before, without the demo catalogue. */
const startedDir = () => migratedDataDir('kram-srv-');

async function waitUntil(condition: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`not so within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The exit code, or 'still running' when the process has not exited within `ms`. */
async function exitWithin(exited: Promise<number | null>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still running'>((resolve) => {
    timer = setTimeout(() => resolve('still running'), ms);
  });
  try {
    return await Promise.race([exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A POST whose body never arrives: headers promise 1000 bytes, 10 come. */
function stalledBody(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (d) => {
    answer += d;
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    'POST /api/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 1000\r\n\r\n{"email":',
  );
  return { closed, answer: () => answer };
}

/**
 * A connection opened now whose request is written later, piece by piece, as a proxy's may be: what it
 * was answered (the status line on), and the error that ended it, if any.
 */
function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  let failure: string | undefined;
  socket.on('data', (d) => {
    answer += d;
  });
  socket.on('error', (error: NodeJS.ErrnoException) => {
    failure = error.code ?? error.message;
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    connected,
    closed,
    write: (text: string) => socket.write(text),
    /** The status line, or what went wrong instead. */
    outcome: async () => {
      await closed;
      return failure ?? (answer.split('\r\n')[0] || 'closed without an answer');
    },
  };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('the server process', () => {
  it('stops at start with a message naming a bad variable', async () => {
    const server = start({ PORT: 'not-a-port', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kram-srv-')) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT/);
  });

  it('refuses a second process on the same PGlite folder, shuts down cleanly on SIGTERM, and on SIGINT once the reader of its log has gone', async () => {
    const dataDir = startedDir();
    const first = start({ PORT: '0', DATA_DIR: dataDir });
    await first.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
    const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(first.output())?.[1];
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });

    const second = start({ PORT: '0', DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another kram process/);

    // A request in flight when the signal arrives still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/products?limit=100`);
    await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/shut down cleanly/);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    // The folder is free again and the data survived. This process's log loses its reader (`| cat`
    // ended): every later write to standard output fails with EPIPE, and it still serves and exits.
    const third = start({ PORT: '0', DATA_DIR: dataDir });
    const thirdPort = await third.port();
    third.child.stdout?.destroy();
    await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 3; i++) expect((await fetch(`http://127.0.0.1:${thirdPort}/api/health`)).status).toBe(200);
    third.child.kill('SIGINT');
    // Before, the 'exit' handler of pino's default destination retried the failed write every
    // 100 ms for ever: the process never ended.
    expect(await exitWithin(third.exited, 10_000)).toBe(0);
  }, 120_000);

  it('exits within seconds on SIGTERM while keep-alive clients are busy and a request body never arrives', async () => {
    const server = start({ PORT: '0', DATA_DIR: startedDir() });
    const port = await server.port();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    let busy = true;
    const answers: number[] = [];
    const get = () =>
      new Promise<void>((resolve) => {
        const request = http.get({ host: '127.0.0.1', port, path: '/api/products', agent }, (res) => {
          res.resume();
          res.on('end', () => {
            answers.push(res.statusCode ?? 0);
            resolve();
          });
        });
        request.on('error', () => resolve());
      });
    // Clients that send requests back to back until the signal, then leave their connections open.
    const clients = Array.from({ length: 8 }, async () => {
      while (busy) await get();
    });
    const stalled = stalledBody(port);
    while (answers.length < 20) await new Promise((r) => setTimeout(r, 20));

    server.child.kill('SIGTERM');
    busy = false;
    // Without closing the connections left, this takes keepAliveTimeout (72 s), or for ever for
    // the stalled body; 5 s is the bound shutting down must keep.
    expect(await exitWithin(server.exited, 5000)).toBe(0);
    await Promise.all(clients);
    await stalled.closed;
    agent.destroy();
    expect(server.output()).toMatch(/shut down cleanly/);
    expect(answers.filter((status) => status === 200).length).toBeGreaterThanOrEqual(20);
  }, 120_000);

  it('answers every request in flight when its port closes, a slow order among them; busy keep-alive clients see no reset', async () => {
    const dataDir = startedDir();
    const seeded = spawnSync(process.execPath, [cliEntry, 'seed', '--products', '12', '--no-images'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(seeded.status, seeded.stderr).toBe(0);
    const server = start({ PORT: '0', DATA_DIR: dataDir, SHUTDOWN_DRAIN_SECONDS: '1' });
    const port = await server.port();
    const listed = (await (await fetch(`http://127.0.0.1:${port}/api/products?limit=12`)).json()) as {
      results: { products: Product[] };
    };
    const product = listed.results.products.find((p) => p.is_on_sale) as Product;
    const order = JSON.stringify(
      orderPayload([
        {
          product: product.id,
          quantity: 1,
          size: product.sizes[0]?.id ?? null,
          color: product.colors[0]?.id ?? null,
          price: '1',
        },
      ]),
    );

    // Clients sending requests back to back over kept-alive connections until the port is gone: each
    // gets an answer, or a refused connection once the port is closed (a proxy tries another process),
    // never a reset or a 503.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const statuses: number[] = [];
    const failures: string[] = [];
    const get = () =>
      new Promise<boolean>((resolve) => {
        const request = http.get({ host: '127.0.0.1', port, path: '/api/products?limit=12', agent }, (res) => {
          res.resume();
          res.on('end', () => {
            statuses.push(res.statusCode ?? 0);
            resolve(true);
          });
          res.on('error', (error: NodeJS.ErrnoException) => {
            failures.push(error.code ?? error.message);
            resolve(false);
          });
        });
        request.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ECONNREFUSED') failures.push(error.code ?? error.message);
          resolve(false);
        });
      });
    const clients = Array.from({ length: 8 }, async () => {
      while (await get());
    });
    while (statuses.length < 20) await new Promise((r) => setTimeout(r, 20));

    server.child.kill('SIGTERM');
    const signalled = Date.now();
    await server.waitFor(/draining/);
    // Connections a proxy opened during the drain, whose requests go out as the port closes.
    const gets = [connection(port), connection(port), connection(port)];
    const slowOrder = connection(port);
    await Promise.all([...gets, slowOrder].map((c) => c.connected));
    await server.waitFor(/shutting down/);
    for (const c of gets)
      c.write('GET /api/products?limit=12 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    // An order whose body takes over a second to arrive: a shopper on a slow line.
    slowOrder.write(
      'POST /api/orders/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\n' +
        `Content-Length: ${Buffer.byteLength(order)}\r\n\r\n${order.slice(0, 40)}`,
    );
    await new Promise((r) => setTimeout(r, 1200));
    slowOrder.write(order.slice(40));

    expect(await Promise.all(gets.map((c) => c.outcome()))).toEqual(Array(3).fill('HTTP/1.1 200 OK'));
    expect(await slowOrder.outcome()).toBe('HTTP/1.1 201 Created');
    await Promise.all(clients);
    agent.destroy();
    expect(failures).toEqual([]);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await exitWithin(server.exited, 5000)).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(1000 + 5000);
    expect(server.output()).toMatch(/shut down cleanly/);
  }, 120_000);

  it('drains on SIGTERM: /api/ready turns 503 at once while other requests are answered, and it exits within its drain and 5 s though keep-alive clients are busy and a request body never arrives', async () => {
    const server = start({ PORT: '0', DATA_DIR: startedDir(), SHUTDOWN_DRAIN_SECONDS: '2' });
    const port = await server.port();
    const base = `http://127.0.0.1:${port}`;
    // Ready once the catalogue's index is built, which follows listening closely.
    const until = Date.now() + 30_000;
    while ((await fetch(`${base}/api/ready`)).status !== 200) {
      if (Date.now() > until) throw new Error('never became ready');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await (await fetch(`${base}/api/ready`)).json()).toEqual({ status: 'ready' });

    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    let answers = 0;
    const get = () =>
      new Promise<boolean>((resolve) => {
        const request = http.get({ host: '127.0.0.1', port, path: '/api/products', agent }, (res) => {
          res.resume();
          res.on('end', () => {
            answers += 1;
            resolve(true);
          });
        });
        request.on('error', () => resolve(false));
      });
    // Until the port closes, then their connections stay open.
    const clients = Array.from({ length: 8 }, async () => {
      while (await get());
    });
    const stalled = stalledBody(port);
    while (answers < 20) await new Promise((r) => setTimeout(r, 20));

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await server.waitFor(/draining/);
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining', request_id: ready.headers.get('x-request-id') });
    const products = await fetch(`${base}/api/products`);
    expect(products.status).toBe(200);
    // Kept-alive connections are let go, so a proxy opens its next ones to another process.
    expect(products.headers.get('connection')).toBe('close');
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    expect(await exitWithin(server.exited, 2000 + 5000)).toBe(0);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(2000 + 5000);
    await Promise.all(clients);
    await stalled.closed;
    agent.destroy();
    expect(server.output()).toMatch(/shut down cleanly/);
  }, 120_000);

  it('answers 503 "starting" on its port before the shop is ready, and stops cleanly if told to then', async () => {
    // A shop whose first start seeds the demo catalogue: the port is taken at once, answered with 503.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-srv-'));
    const server = start({ PORT: '0', DATA_DIR: dataDir, SEED_DEMO: 'true', SHUTDOWN_DRAIN_SECONDS: '0' });
    await server.waitFor(/starting: answering 503 on port (\d+)/);
    const port = Number(/starting: answering 503 on port (\d+)/.exec(server.output())?.[1]);
    const api = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(await api.json()).toMatchObject({ status: 'starting', request_id: api.headers.get('x-request-id') });
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('Магазин запускається');
    // Told to stop while its child process draws the demo catalogue: the child goes too, and with it
    // its hold on the database folder.
    const lockFile = path.join(dataDir, 'pglite.lock');
    // The server looks at the database first, then hands it to the child that seeds it.
    const lockHolder = () => (fs.existsSync(lockFile) ? Number(fs.readFileSync(lockFile, 'utf8').split(/\s/)[0]) : 0);
    await waitUntil(() => ![0, server.child.pid].includes(lockHolder()), 60_000);
    const seeder = lockHolder();
    expect(isAlive(seeder)).toBe(true);
    server.child.kill('SIGTERM');
    expect(await exitWithin(server.exited, 20_000)).toBe(0);
    expect(isAlive(seeder)).toBe(false);
  }, 120_000);

  it('starts again on a PGlite folder half a second after kill -9, its parent not having reaped it yet', async () => {
    const dataDir = startedDir();
    // The server runs under a shell that becomes `sleep`, which never reaps it: once killed, it stays a
    // zombie whose pid is still in the lock file, as under a supervisor that has not waited for it yet.
    const parent = spawn('sh', ['-c', `"$NODE" "$ENTRY" & echo "server pid $!"; exec sleep 120`], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE: process.execPath,
        ENTRY: serverEntry,
        SEED_DEMO: 'false',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(parent);
    let output = '';
    parent.stdout?.on('data', (d) => {
      output += d;
    });
    const until = Date.now() + 60_000;
    while (!/Server listening/.test(output) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const pid = Number(/server pid (\d+)/.exec(output)?.[1]);
    expect(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toMatch(new RegExp(`^${pid}\\b`));
    process.kill(pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    expect(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z /);

    const again = start({ PORT: '0', DATA_DIR: dataDir });
    const port = await again.port();
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    parent.kill('SIGKILL');
  }, 120_000);
});
