/**
 * One shop, several processes: deploy/ as a production server runs it, driven and restarted under load.
 *
 *   node cluster.bench.ts [--seconds 45] [--shoppers 12] [--products 300]
 *
 * Starts nginx from deploy/nginx/kram.conf (TLS with a certificate made here, its ports and paths
 * swapped for this run's), two kram processes from deploy/systemd/kram@.service (its ExecStart,
 * its Environment lines and deploy/kram.env.example, with this run's database, Redis, SMTP and data
 * folder), one PostgreSQL database and one Redis. Shoppers then browse pages, list, search and place
 * guest orders through nginx, while each process in turn is stopped with SIGTERM and started again
 * (a rolling restart). It shows, and exits with 1 unless:
 *   - no shopper request failed: GETs are retried by nginx, an order whose answer was lost or refused
 *     while a process went away is sent again with its Idempotency-Key, as the checkout does;
 *   - every acknowledged order is stored once and whole, and no order is stored twice;
 *   - every order's two mails (the buyer's and the shop's) reached the SMTP sink exactly once;
 *   - the per-account login limit holds across processes (Redis), a product edited through one process
 *     is in the other's product page and search within the catalogue's check interval, and the daily
 *     Nova Poshta refresh (scheduled work) ran once for both processes.
 * Needs nginx and openssl, PostgreSQL (TEST_DATABASE_URL's server, or BENCH_CLUSTER_DATABASE_URL) and
 * Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379). Not part of `npm test`: .ci/run, which installs
 * nginx and has PostgreSQL and Redis, runs it after `npm run validate`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '@kram/server/db/client';
import { outboxMessageId } from '@kram/server/infra/mail/mailer';
import { orderMailKey } from '@kram/server/modules/orders/order-notifications';
import { sql } from 'drizzle-orm';
import { startFakeNovaPoshta } from '../apps/server/test/fake-novaposhta.ts';
import { orderPayload } from '../apps/server/test/orders.ts';
import { emptyShop, serverCli } from './lib/fresh-shop.ts';
import { freePort, run } from './lib/processes.ts';
import { startSmtpSink } from './lib/smtp-sink.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '45' },
    shoppers: { type: 'string', default: '12' },
    products: { type: 'string', default: '300' },
  },
});
const seconds = Number(values.seconds);
const shoppers = Number(values.shoppers);

const root = fileURLToPath(new URL('..', import.meta.url));
const deploy = path.join(root, 'deploy');
const work = path.join(root, 'bench/.data/cluster');

function found(command: string): string | undefined {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin']) {
    const file = path.join(dir, command);
    if (dir && fs.existsSync(file)) return file;
  }
  return undefined;
}

const nginxBin = found('nginx');
const baseUrl = process.env.BENCH_CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!nginxBin) throw new Error('nginx is not installed (apt-get install nginx-light)');
const postgresUrl = `${(baseUrl ?? 'postgres://postgres@127.0.0.1:5432/test').replace(/\/[^/]*$/, '')}/kram_cluster_${process.pid}`;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const shopEmail = 'shop@cluster-bench.test';
const staff = { email: 'cluster-staff@example.com', password: 'cluster-staff-pass-1' };

// --- deploy/ files, made runnable here -------------------------------------------------------------

/** Replaces `from` in `text` with `to`, failing when it is not there: deploy/ changed shape. */
function swap(text: string, from: string | RegExp, to: string, file: string): string {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${file} no longer holds ${from}: update cluster.bench.ts with it`);
  return next;
}

function nginxConfig(ports: { http: number; https: number; upstream: [number, number] }): string {
  const file = 'deploy/nginx/kram.conf';
  let site = fs.readFileSync(path.join(deploy, 'nginx/kram.conf'), 'utf8');
  site = swap(site, '127.0.0.1:3001', `127.0.0.1:${ports.upstream[0]}`, file);
  site = swap(site, '127.0.0.1:3002', `127.0.0.1:${ports.upstream[1]}`, file);
  site = swap(site, /\n\s*listen \[::\]:80;/, '', file);
  site = swap(site, /\n\s*listen \[::\]:443 ssl http2;/, '', file);
  site = swap(site, 'listen 80;', `listen 127.0.0.1:${ports.http};`, file);
  site = swap(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`, file);
  site = swap(site, '/etc/letsencrypt/live/shop.example.ua/fullchain.pem', path.join(work, 'cert.pem'), file);
  site = swap(site, '/etc/letsencrypt/live/shop.example.ua/privkey.pem', path.join(work, 'key.pem'), file);
  site = swap(site, /\/var\/log\/kram\//g, `${path.join(work, 'logs')}/`, file);
  site = swap(site, '/var/www/letsencrypt', path.join(work, 'acme'), file);
  fs.writeFileSync(path.join(work, 'kram.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(work, 'tmp', name)};`;
  return [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${path.join(work, 'nginx.pid')};`,
    `error_log ${path.join(work, 'logs/nginx-main-error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    fs.existsSync('/etc/nginx/mime.types') ? '  include /etc/nginx/mime.types;' : '',
    `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
    `  include ${path.join(work, 'kram.conf')};`,
    '}',
  ].join('\n');
}

/** `KEY=value` lines of a systemd EnvironmentFile. */
function environmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) env[match[1] as string] = (match[2] as string).trim().replace(/^"(.*)"$/, '$1');
  }
  return env;
}

/** The command and environment deploy/systemd/kram@.service gives the instance on `port`. */
function unitProcess(port: number, overrides: Record<string, string>) {
  const unit = fs.readFileSync(path.join(deploy, 'systemd/kram@.service'), 'utf8').replaceAll('%i', String(port));
  const value = (key: string) =>
    [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => (m[1] as string).trim());
  const [exec] = value('ExecStart');
  if (!exec) throw new Error('deploy/systemd/kram@.service has no ExecStart');
  const [node, ...args] = exec.split(/\s+/);
  if (!node?.endsWith('/node')) throw new Error(`ExecStart does not start node: ${exec}`);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    ...environmentFile(fs.readFileSync(path.join(deploy, 'kram.env.example'), 'utf8')),
  };
  for (const line of value('Environment')) {
    const [key, ...rest] = line.split('=');
    env[key as string] = rest.join('=');
  }
  return { args, cwd: root, env: { ...env, ...overrides } };
}

// --- the run ---------------------------------------------------------------------------------------

interface Instance {
  port: number;
  child: ChildProcess;
  exited: Promise<void>;
}

async function startInstance(port: number, overrides: Record<string, string>, generation: number): Promise<Instance> {
  const unit = unitProcess(port, overrides);
  const log = fs.openSync(path.join(work, 'logs', `kram-${port}-${generation}.log`), 'w');
  const child = spawn(process.execPath, unit.args, { cwd: unit.cwd, env: unit.env, stdio: ['ignore', log, log] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`kram on ${port} exited with ${child.exitCode}: see ${work}/logs`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) throw new Error(`kram on ${port} was not ready within 120 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, child, exited };
}

interface Answer {
  status: number;
  body: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number) : 0;

async function main() {
  fs.rmSync(work, { recursive: true, force: true });
  for (const dir of ['logs', 'tmp', 'acme', 'data']) fs.mkdirSync(path.join(work, dir), { recursive: true });
  const problems: string[] = [];

  console.log('cluster: building the shop and an empty PostgreSQL database…');
  await run(process.execPath, ['scripts/ensure-build.ts'], { cwd: root });
  const dataDir = path.join(work, 'data');
  const shopEnv = await emptyShop('postgres', { dataDir, postgresUrl, env: { SEED_DEMO: 'false' } });
  await serverCli(['seed', '--products', values.products as string, '--no-images', '--uncounted-stock'], shopEnv);
  await serverCli(['carrier-sync', '--bundled'], shopEnv);
  await serverCli(['create-admin', '--email', staff.email, '--password', staff.password], shopEnv);

  const sink = await startSmtpSink();
  const ref = (n: number) => `c${String(n).padStart(7, '0')}-0000-4000-8000-000000000000`;
  const novaPoshta = await startFakeNovaPoshta({
    cities: [{ Ref: ref(1), Description: 'Київ' }],
    warehouses: [
      { Ref: ref(2), CityRef: ref(1), Number: '1', Description: 'Відділення №1', WarehouseStatus: 'Working' },
    ],
  });

  const ports = { http: await freePort(), https: await freePort(), upstream: [await freePort(), await freePort()] };
  const upstream = ports.upstream as [number, number];
  spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      path.join(work, 'key.pem'),
      '-out',
      path.join(work, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const ca = fs.readFileSync(path.join(work, 'cert.pem'));
  fs.writeFileSync(path.join(work, 'nginx.conf'), nginxConfig({ ...ports, upstream }));
  const nginxArgs = ['-p', work, '-c', path.join(work, 'nginx.conf')];
  const tested = spawnSync(nginxBin as string, [...nginxArgs, '-t'], { encoding: 'utf8' });
  if (tested.status !== 0) throw new Error(`nginx -t refused deploy/nginx/kram.conf:\n${tested.stderr}`);
  const nginx = spawn(nginxBin as string, [...nginxArgs, '-g', 'daemon off;'], { stdio: 'inherit' });
  const nginxExited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));

  const overrides: Record<string, string> = {
    DATABASE_URL: postgresUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `kram-cluster-${process.pid}:`,
    DATA_DIR: dataDir,
    PUBLIC_URL: `https://127.0.0.1:${ports.https}`,
    SMTP_URL: sink.url,
    SHOP_EMAIL: shopEmail,
    NOVA_POSHTA_API_KEY: novaPoshta.apiKey,
    NOVA_POSHTA_API_URL: novaPoshta.url,
    // Every shopper here connects from this machine: each says who it is in X-Forwarded-For, as the
    // addresses of real shoppers would arrive through nginx, so their limits are counted apart.
    TRUST_PROXY: 'true',
    SHUTDOWN_DRAIN_SECONDS: '2',
    LOG_LEVEL: 'warn',
  };
  console.log(`cluster: nginx on https://127.0.0.1:${ports.https}, kram on ${upstream.join(' and ')}`);
  const instances: Instance[] = await Promise.all(upstream.map((port) => startInstance(port, overrides, 1)));

  const agent = new https.Agent({ keepAlive: true, maxSockets: 64, ca });
  const call = (
    method: string,
    pathname: string,
    options: { body?: string; headers?: Record<string, string>; port?: number } = {},
  ) =>
    new Promise<Answer>((resolve) => {
      const request = https.request(
        {
          host: '127.0.0.1',
          port: options.port ?? ports.https,
          path: pathname,
          method,
          agent,
          servername: 'localhost',
          headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
          timeout: 20_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', (error) => resolve({ status: 0, body: String(error) }));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', (error) => resolve({ status: 0, body: String(error) }));
      request.end(options.body);
    });

  const listing = JSON.parse((await call('GET', '/api/products?in_stock=true')).body) as {
    results: {
      products: {
        id: number;
        slug: string;
        category_full_path: string;
        sizes: { id: number }[];
        colors: { id: number }[];
      }[];
    };
  };
  const products = listing.results.products;
  if (products.length === 0) throw new Error('the shop lists no products');

  // --- shoppers, and a rolling restart in the middle ----------------------------------------------
  const timings = new Map<string, number[]>();
  const failures: string[] = [];
  const acknowledged = new Map<string, { key: string; email: string }>();
  let orderAttempts = 0;
  let orderRetries = 0;
  let counter = 0;
  let running = true;

  const get = async (kind: string, pathname: string, ip: string) => {
    const started = performance.now();
    const answer = await call('GET', pathname, { headers: { 'x-forwarded-for': ip } });
    const ms = performance.now() - started;
    timings.set(kind, [...(timings.get(kind) ?? []), ms]);
    if (answer.status !== 200) failures.push(`GET ${pathname}: ${answer.status} ${answer.body.slice(0, 120)}`);
  };

  const placeOrder = async () => {
    const n = counter++;
    orderAttempts++;
    const product = products[(n * 7) % products.length] as (typeof products)[number];
    const email = `cluster-${n}-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const key = crypto.randomUUID();
    const line = {
      product: product.id,
      quantity: 1 + (n % 2),
      size: product.sizes[0]?.id ?? null,
      color: product.colors[0]?.id ?? null,
      price: '1.00',
    };
    // The checkout the server's tests send; guests' prices are the shop's own (decision 015).
    const body = JSON.stringify(orderPayload([line], { email, amount: 1 }));
    const ip = `10.88.${(n >> 8) & 255}.${n & 255 || 1}`;
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      const answer = await call('POST', '/api/orders/', {
        body,
        headers: { 'idempotency-key': key, 'x-forwarded-for': ip },
      });
      if (answer.status === 201 || answer.status === 200) {
        const id = (JSON.parse(answer.body) as { order_id: string }).order_id;
        acknowledged.set(id, { key, email });
        timings.set('order', [...(timings.get('order') ?? []), performance.now() - started]);
        return;
      }
      // Lost on the way, or refused by a process going away: the checkout sends it again, same key.
      const transient = answer.status === 0 || answer.status === 502 || answer.status === 503 || answer.status === 504;
      if (!transient || attempt === 6) {
        failures.push(`POST /api/orders/ (attempt ${attempt}): ${answer.status} ${answer.body.slice(0, 160)}`);
        return;
      }
      orderRetries++;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  };

  const shopper = async (i: number) => {
    const ip = `10.77.0.${i + 1}`;
    for (let round = 0; running; round++) {
      const product = products[(i * 31 + round * 17) % products.length] as (typeof products)[number];
      const category = product.category_full_path.replace(/^\/+|\/+$/g, '');
      await get('page', round % 2 ? '/' : `/product/${category}/${product.slug}`, ip);
      await get('api', `/api/products?page=${1 + (round % 5)}`, ip);
      await get('search', `/api/products?search=${encodeURIComponent(round % 2 ? 'куртка' : 'рюкзак')}`, ip);
      if (round % 2 === 0) await placeOrder();
    }
  };

  const began = performance.now();
  const traffic = Array.from({ length: shoppers }, (_, i) => shopper(i));
  const restarts: string[] = [];
  for (let index = 0; index < instances.length; index++) {
    await new Promise((r) => setTimeout(r, (seconds * 1000) / (instances.length + 2)));
    const instance = instances[index] as Instance;
    const stopping = performance.now();
    instance.child.kill('SIGTERM');
    await instance.exited;
    const stoppedMs = performance.now() - stopping;
    const restarting = performance.now();
    instances[index] = await startInstance(instance.port, overrides, 2);
    sink.restarted();
    restarts.push(
      `kram on ${instance.port}: SIGTERM at ${((stopping - began) / 1000).toFixed(1)} s, exited after ` +
        `${(stoppedMs / 1000).toFixed(1)} s, ready again ${((performance.now() - restarting) / 1000).toFixed(1)} s later`,
    );
  }
  const remaining = seconds * 1000 - (performance.now() - began);
  if (remaining > 0) await new Promise((r) => setTimeout(r, remaining));
  running = false;
  await Promise.all(traffic);
  const trafficMs = performance.now() - began;
  for (const line of restarts) console.log(`cluster: ${line}`);

  // --- what must hold across processes -------------------------------------------------------------
  // The per-account login limit (5 a quarter hour) counted in Redis: nine tries, spread by nginx
  // over both processes and coming from nine addresses, are five answered and four refused.
  const loginStatuses: number[] = [];
  for (let i = 0; i < 9; i++) {
    const answer = await call('POST', '/api/login/', {
      body: JSON.stringify({ email_or_phone: 'nobody-cluster@example.com', password: 'wrong-password-1' }),
      headers: { 'x-forwarded-for': `10.99.0.${i + 1}` },
    });
    loginStatuses.push(answer.status);
  }
  const limited = loginStatuses.filter((s) => s === 429).length;
  if (limited !== 4) problems.push(`login limit across processes: ${limited} of 9 refused with 429, expected 4`);

  // A product renamed through one process, read from the other.
  const login = await call('POST', '/api/login/', {
    body: JSON.stringify({ email_or_phone: staff.email, password: staff.password }),
    headers: { 'x-forwarded-for': '10.99.1.1' },
  });
  const access = (JSON.parse(login.body) as { access?: string }).access;
  const edited = products[3] as (typeof products)[number];
  const newName = `Кластерний виріб ${crypto.randomBytes(3).toString('hex')}`;
  const word = newName.split(' ')[0] as string;
  const renamed = await fetch(`http://127.0.0.1:${instances[0]?.port}/api/admin/products/${edited.id}/`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: newName }),
  });
  if (renamed.status !== 200) problems.push(`renaming a product through the back office: ${renamed.status}`);
  const renamedAt = performance.now();
  let seenMs = Number.NaN;
  const other = `http://127.0.0.1:${instances[1]?.port}`;
  while (performance.now() - renamedAt < 10_000) {
    const page = (await (await fetch(`${other}/api/products/${edited.slug}`)).json()) as { name?: string };
    const found = (await (await fetch(`${other}/api/products?search=${encodeURIComponent(word)}`)).json()) as {
      results: { products: { id: number }[] };
    };
    if (page.name === newName && found.results.products.some((p) => p.id === edited.id)) {
      seenMs = performance.now() - renamedAt;
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  if (!(seenMs <= 2500)) problems.push(`a product renamed on one process was not in the other's search within 2.5 s`);

  // Every mail out, then everything down.
  const drainedMs = await sink.quiet(3000, 60_000);
  for (const instance of instances) instance.child.kill('SIGTERM');
  await Promise.all(instances.map((i) => i.exited));
  nginx.kill('SIGQUIT');
  await nginxExited;
  agent.destroy();
  await novaPoshta.close();

  const database = await openDatabase({ url: postgresUrl, poolSize: 2 });
  let stored: { id: string; email: string; amount: string; line_sum: string }[];
  let unsent: number;
  let scheduledRuns: number;
  try {
    stored = await database.rows(sql`
      select o.id, o.email, o.amount::text as amount,
        coalesce((select sum(i.price * i.quantity) from order_items i where i.order_id = o.id), 0)::numeric(12,2)::text
          as line_sum
      from orders o where o.email like 'cluster-%'`);
    [{ n: unsent }] = (await database.rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where sent_at is null`,
    )) as [{ n: number }];
    [{ n: scheduledRuns }] = (await database.rows<{ n: number }>(
      sql`select count(*)::int as n from carrier_sync_runs where trigger = 'schedule'`,
    )) as [{ n: number }];
  } finally {
    await database.close();
  }
  await sink.close();

  const byId = new Map(stored.map((o) => [o.id, o]));
  const lost = [...acknowledged.keys()].filter((id) => !byId.has(id));
  const notWhole = stored.filter((o) => o.amount !== o.line_sum);
  const emails = new Set(stored.map((o) => o.email));
  const duplicated = stored.length - emails.size;
  const unacknowledged = stored.filter((o) => ![...acknowledged.values()].some((a) => a.email === o.email));
  const expected = new Set(
    stored.flatMap((o) => [
      outboxMessageId(orderMailKey(o.id, 'placed')),
      outboxMessageId(orderMailKey(o.id, 'placed:shop')),
    ]),
  );
  const missingMails = [...expected].filter((id) => !sink.byMessageId.has(id));
  const repeatedMails = [...expected].filter((id) => (sink.byMessageId.get(id) ?? 0) > 1);
  const strayMails = [...sink.byMessageId.keys()].filter((id) => !expected.has(id));

  if (failures.length) problems.push(`${failures.length} shopper requests failed, first: ${failures[0]}`);
  if (lost.length) problems.push(`${lost.length} acknowledged orders are missing`);
  if (duplicated) problems.push(`${duplicated} orders were stored twice`);
  if (unacknowledged.length) problems.push(`${unacknowledged.length} stored orders were never acknowledged`);
  if (notWhole.length) problems.push(`${notWhole.length} orders' amounts differ from their lines`);
  if (missingMails.length) problems.push(`${missingMails.length} order mails never arrived`);
  if (repeatedMails.length) problems.push(`${repeatedMails.length} order mails arrived more than once`);
  if (strayMails.length) problems.push(`${strayMails.length} mails arrived for no stored order`);
  if (unsent) problems.push(`${unsent} mails are still unsent`);
  if (scheduledRuns !== 1) problems.push(`the daily Nova Poshta refresh ran ${scheduledRuns} times, expected once`);

  const requests = [...timings.values()].reduce((sum, list) => sum + list.length, 0);
  console.log(
    `cluster: ${requests} shopper requests in ${(trafficMs / 1000).toFixed(1)} s through nginx ` +
      `(${Math.round(requests / (trafficMs / 1000))}/s), ${failures.length} failed`,
  );
  console.table(
    Object.fromEntries(
      [...timings].map(([kind, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return [
          kind,
          {
            requests: list.length,
            'p50 ms': Math.round(percentile(sorted, 50)),
            'p95 ms': Math.round(percentile(sorted, 95)),
          },
        ];
      }),
    ),
  );
  console.table({
    orders: {
      attempts: orderAttempts,
      'sent again (same key)': orderRetries,
      acknowledged: acknowledged.size,
      stored: stored.length,
      lost: lost.length,
      'stored twice': duplicated,
    },
  });
  console.table({
    mails: {
      expected: expected.size,
      'received once': [...expected].filter((id) => sink.byMessageId.get(id) === 1).length,
      'more than once': repeatedMails.length,
      missing: missingMails.length,
      'last one after traffic ms': Math.round(drainedMs),
    },
  });
  console.log(
    `cluster: login limit across processes: ${9 - limited} answered, ${limited} refused (429); ` +
      `a rename through one process seen by the other after ${Math.round(seenMs)} ms; ` +
      `scheduled Nova Poshta refreshes: ${scheduledRuns}`,
  );

  const admin = new URL(postgresUrl);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const cleanup = await openDatabase({ url: admin.toString(), poolSize: 1 });
  await cleanup.rows(sql.raw(`drop database if exists "${name}" with (force)`)).catch(() => {});
  await cleanup.close();

  if (problems.length) {
    console.error(`cluster: FAILED\n  - ${problems.join('\n  - ')}`);
    process.exit(1);
  }
  console.log('cluster: every shopper request answered, every order stored once, every mail sent once');
}

await main();
