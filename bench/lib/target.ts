import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './processes.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverDir = path.join(root, 'apps/server');
const dataRoot = path.join(root, 'bench/.data');

export interface Target {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
}

/** Node's flags of `npm start` (apps/server's start script), so the process measured is the one a shop runs. */
export function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

function run(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: serverDir, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

async function productCount(env: Record<string, string>, kind: Target['kind']): Promise<number> {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const exists = await client.query(`select to_regclass('products') is not null as ok`);
      if (!exists.rows[0].ok) return 0;
      return Number((await client.query('select count(*) from products')).rows[0].count);
    } finally {
      await client.end();
    }
  }
  const marker = path.join(env.DATA_DIR as string, 'bench-products');
  return fs.existsSync(marker) ? Number(fs.readFileSync(marker, 'utf8')) : 0;
}

/** A database holding a generated catalogue of `products` products (made once, then reused). */
export async function prepareTarget(kind: Target['kind'], products: number): Promise<Target> {
  const dataDir = path.join(dataRoot, `${kind}-${products}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
  if (kind === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kram_bench';
    const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
    await admin.connect();
    const name = new URL(url).pathname.slice(1);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name}"`);
    await admin.end();
    env.DATABASE_URL = url;
  }
  if ((await productCount(env, kind)) !== products) {
    console.log(`Preparing a ${products}-product catalogue on ${kind}…`);
    await run(['src/cli.ts', 'seed', '--products', String(products), '--reset'], env);
    if (kind === 'pglite') fs.writeFileSync(path.join(dataDir, 'bench-products'), String(products));
  }
  return { kind, env };
}

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A process's resident memory now, in bytes (Linux). */
export function residentMemory(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

export async function startServer(target: Target, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  // A port the system says is free: a guessed one can be another service's (MariaDB's 3306, say).
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...startFlags(), 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...target.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: '20',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid as number,
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
