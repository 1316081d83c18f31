/**
 * Hostile traffic against the server process as `npm start` runs it: a child process started with the
 * same Node flags and builds (the storefront and the back office, built first when stale), on a data
 * folder of its own with the demo shop, and a port of its own.
 *
 *   node fuzz.bench.ts [--requests 10000] [--concurrency 8] [--seed N] [--port P] [--reuse]
 *
 * Every operation of the API document gets requests shaped by its schemas with hostile parts (the
 * generators of apps/server/src/api-fuzz.test.ts); the storefront's pages (`/ru/…` too), addresses no
 * browser sends (broken escapes, NULs, long segments), hostile headers and bodies fill the rest, and a
 * tenth go with another of the methods Node accepts. Each goes on a connection of its own, as bytes on
 * a socket. Counts the answers by status, lists every 5xx with its method, address and request id
 * (and the error the log holds for it), every request left without an answer, and every exit of the
 * process, which is started again so that the run goes on. Exits with 1 when there is any of them.
 * `--reuse` keeps the data folder (bench/.data/fuzz) of an earlier run instead of a fresh demo shop.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type RawAnswer, rawRequest } from '../apps/server/test/raw-http.ts';
import { emptyShop, serverCli } from './lib/fresh-shop.ts';
import { fuzzPlan, type WireRequest, wireBytes } from './lib/fuzz-requests.ts';
import { fuzzAdmin, learnShop } from './lib/fuzz-shop.ts';
import { freePort } from './lib/processes.ts';
import { startFlags } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '8' },
    seed: { type: 'string' },
    port: { type: 'string' },
    reuse: { type: 'boolean', default: false },
  },
});
const total = Number(values.requests);
const concurrency = Number(values.concurrency);
const seed = Number(values.seed ?? Date.now() % 2 ** 31);

const root = fileURLToPath(new URL('..', import.meta.url));
const serverDir = path.join(root, 'apps/server');
const dataDir = path.join(root, 'bench/.data/fuzz');
const logFile = path.join(root, 'bench/.data/fuzz-server.log');

interface ErrorLine {
  msg: string;
  err?: string;
}
/** The server's error lines by request id, and what it printed that was not a JSON log line. */
const errorLines = new Map<string, ErrorLine>();
const otherOutput: string[] = [];
let unhandledRejections = 0;

function readLog(stream: NodeJS.ReadableStream, file: fs.WriteStream) {
  readline.createInterface({ input: stream }).on('line', (line) => {
    file.write(`${line}\n`);
    let entry: { level?: number; reqId?: string; msg?: string; err?: { message?: string } };
    try {
      entry = JSON.parse(line);
    } catch {
      otherOutput.push(line);
      return;
    }
    if ((entry.level ?? 0) < 50) return;
    if (/unhandled rejection/.test(entry.msg ?? '')) unhandledRejections++;
    errorLines.set(entry.reqId ?? `(no request) ${errorLines.size}`, { msg: entry.msg ?? '', err: entry.err?.message });
  });
}

async function start(env: Record<string, string>, port: number, file: fs.WriteStream): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...startFlags(), 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  readLog(child.stdout as NodeJS.ReadableStream, file);
  readLog(child.stderr as NodeJS.ReadableStream, file);
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode} while starting (${logFile})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // Not listening yet (the first start draws the demo catalogue).
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

const statusClass = (status: number | null) => (status === null ? 'no answer' : `${Math.floor(status / 100)}xx`);
const shorten = (text: string, max = 160) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
const tally = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

async function main() {
  // What `npm start` does first.
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.ts')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('building the storefront and the back office failed');

  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  if (!values.reuse || !fs.existsSync(dataDir))
    Object.assign(env, await emptyShop('pglite', { dataDir, postgresUrl: '' }));
  await serverCli(['create-admin', '--email', fuzzAdmin.email, '--password', fuzzAdmin.password], env);
  const port = values.port ? Number(values.port) : await freePort();
  const log = fs.createWriteStream(logFile);
  console.log(`node ${startFlags().join(' ')} src/server.ts  (DATA_DIR=${dataDir}, port ${port}; log: ${logFile})`);
  let child = await start(env, port, log);
  const exits: { code: number | null; signal: string | null; afterRequests: number }[] = [];

  const { document, shop } = await learnShop(`http://127.0.0.1:${port}`);
  const plan: WireRequest[] = fuzzPlan(document, shop, total, seed);
  // CONNECT's target is a host: Node hands it to the server's 'connect' listeners, never to the router.
  for (let i = 0; i < 20; i++)
    plan.push({ kind: 'malformed', method: 'CONNECT', target: `127.0.0.1:${443 + i}`, headers: [] });
  console.log(
    `seed ${seed}: ${plan.length} requests over ${Object.keys(document.paths).length} API paths, pages and odd addresses`,
  );

  const byClass: Record<string, number> = {};
  const byStatus: Record<string, number> = {};
  const byKind: Record<string, Record<string, number>> = {};
  const failures: { method: string; target: string; kind: string; status: number | null; requestId?: string }[] = [];
  let sent = 0;
  let restarting: Promise<void> | undefined;
  let stopping = false;
  const began = Date.now();

  const watch = (running: ChildProcess) =>
    running.once('exit', (code, signal) => {
      if (stopping) return;
      exits.push({ code, signal, afterRequests: sent });
      console.log(`  the server exited (code ${code}, signal ${signal}) after ${sent} requests: starting it again`);
      restarting = start(env, port, log).then((next) => {
        child = next;
        watch(next);
        restarting = undefined;
      });
    });
  watch(child);

  const send = async (request: WireRequest) => {
    const answer: RawAnswer = await rawRequest(port, wireBytes(request, `127.0.0.1:${port}`), 30_000);
    sent++;
    const key = statusClass(answer.status);
    tally(byClass, key);
    tally(byStatus, String(answer.status ?? 'none'));
    byKind[request.kind] ??= {};
    tally(byKind[request.kind] as Record<string, number>, key);
    if (answer.status === null || answer.status >= 500) {
      const requestId = /"request_id":"([^"]+)"/.exec(answer.body)?.[1] ?? answer.headers['x-request-id'];
      failures.push({
        method: request.method,
        target: request.target,
        kind: request.kind,
        status: answer.status,
        requestId,
      });
    }
    if (sent % 1000 === 0) {
      const counts = ['2xx', '3xx', '4xx', '5xx', 'no answer'].map((k) => `${k} ${byClass[k] ?? 0}`).join('  ');
      console.log(`  ${sent}/${plan.length}  ${counts}  (${Math.round((Date.now() - began) / 1000)} s)`);
    }
  };
  const queue = [...plan];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        if (restarting) await restarting;
        await send(next);
      }
    }),
  );
  if (restarting) await restarting;

  const health = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => r.status,
    () => null,
  );
  stopping = true;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const shutdownCode = await exited;
  log.end();

  const seconds = Math.round((Date.now() - began) / 1000);
  console.log(`\n${sent} requests in ${seconds} s (seed ${seed}, ${concurrency} at a time)`);
  console.log(
    `by class:  ${Object.entries(byClass)
      .map(([k, n]) => `${k} ${n}`)
      .join('  ')}`,
  );
  console.log(
    `by status: ${Object.entries(byStatus)
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join('  ')}`,
  );
  for (const [kind, counts] of Object.entries(byKind)) {
    console.log(
      `  ${kind.padEnd(9)} ${Object.entries(counts)
        .map(([k, n]) => `${k} ${n}`)
        .join('  ')}`,
    );
  }
  console.log(`5xx: ${failures.filter((f) => f.status !== null).length}, no answer: ${byClass['no answer'] ?? 0}`);
  for (const f of failures.slice(0, 100)) {
    const logged = f.requestId ? errorLines.get(f.requestId) : undefined;
    const why = logged ? ` — ${logged.msg}${logged.err ? `: ${logged.err}` : ''}` : '';
    console.log(
      `  ${f.status ?? 'no answer'} ${f.method} ${shorten(f.target)} [${f.kind}] request ${f.requestId ?? '-'}${why}`,
    );
  }
  console.log(
    `process exits during the run: ${exits.length}${exits.map((e) => ` (code ${e.code}, signal ${e.signal}, after ${e.afterRequests})`).join('')}`,
  );
  console.log(`after the run: /api/health ${health ?? 'no answer'}, exit on SIGTERM ${shutdownCode}`);
  console.log(
    `error lines in the log: ${errorLines.size} (unhandled rejections: ${unhandledRejections}); other output: ${otherOutput.length} lines`,
  );
  for (const line of [...new Set(otherOutput)].slice(0, 5)) console.log(`  ${shorten(line)}`);

  const report = { seed, requests: sent, seconds, byClass, byStatus, byKind, failures, exits, health, shutdownCode };
  fs.writeFileSync(path.join(root, 'bench/.data/fuzz.json'), `${JSON.stringify(report, null, 1)}\n`);
  const ok = failures.length === 0 && exits.length === 0 && health === 200 && shutdownCode === 0;
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
