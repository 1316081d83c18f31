/**
 * Crash safety of orders and their mails, against a real server process, on PGlite and PostgreSQL.
 *
 *   node crash.bench.ts [--db pglite|postgres|both] [--orders 200] [--kill-after 100]
 *
 * Starts the server (node apps/server/src/server.ts) on an empty shop with SMTP_URL pointing at an
 * SMTP sink run here, fires `--orders` guest checkouts at once, and kills the server with SIGKILL as
 * soon as `--kill-after` of them have been answered 201. It then starts the server again on the same
 * database, waits until the mail worker has sent what was left, stops it and reads the database:
 *   - every order answered 201 is there whole: its lines as sent, its amount the sum of its lines;
 *   - every order in the database (answered or cut off by the kill) has its two mails, the buyer's
 *     confirmation and the shop's notice, each received by the sink exactly once (counted by the
 *     Message-ID the outbox gives each dedupe key), and no mail reached the sink for any other order.
 *     The one exception allowed is the single mail the killed process had in flight (the sink took
 *     it, the mark was not committed): sent again, with the same Message-ID (decision 014);
 *   - nothing is left unsent in mail_outbox.
 * Prints the figures and exits with 1 on any violation. PGlite runs in bench/.data/crash-pglite;
 * PostgreSQL in BENCH_CRASH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/kram_bench_crash),
 * dropped and created again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '@kram/server/db/client';
import { outboxMessageId } from '@kram/server/infra/mail/mailer';
import { orderMailKey } from '@kram/server/modules/orders/order-notifications';
import { sql } from 'drizzle-orm';
import { emptyShop, serverCli } from './lib/fresh-shop.ts';
import { freePort } from './lib/processes.ts';
import { startSmtpSink } from './lib/smtp-sink.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    orders: { type: 'string', default: '200' },
    'kill-after': { type: 'string', default: '100' },
  },
});
const total = Number(values.orders);
const killAfter = Number(values['kill-after']);
const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as 'pglite' | 'postgres'];

const root = fileURLToPath(new URL('..', import.meta.url));
const serverDir = path.join(root, 'apps/server');
const postgresUrl = process.env.BENCH_CRASH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kram_bench_crash';
const shopEmail = 'shop@crash-bench.test';

async function prepare(kind: 'pglite' | 'postgres'): Promise<Record<string, string>> {
  const dataDir = path.join(root, `bench/.data/crash-${kind}`);
  const env = await emptyShop(kind, { dataDir, postgresUrl, env: { SEED_DEMO: 'false' } });
  await serverCli(['seed', '--products', '300', '--no-images', '--uncounted-stock'], env);
  await serverCli(['carrier-sync', '--bundled'], env);
  return env;
}

async function start(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  // A port the system says is free: a guessed one can be another service's (MariaDB's 3306, say).
  const port = await freePort();
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATABASE_POOL_SIZE: '20' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      // Not listening yet.
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode ? resolve() : child.on('exit', () => resolve()),
  );

interface Sent {
  email: string;
  lines: { product: number; quantity: number }[];
}

async function run(kind: 'pglite' | 'postgres') {
  console.log(`${kind}: preparing an empty shop…`);
  const sink = await startSmtpSink();
  const env: Record<string, string> = {
    ...(await prepare(kind)),
    TRUST_PROXY: 'true',
    SMTP_URL: sink.url,
    SHOP_EMAIL: shopEmail,
  };
  const problems: string[] = [];
  let server = await start(env);

  const listing = (await (await fetch(`${server.url}/api/products?in_stock=true&limit=100`)).json()) as {
    results: { products: { id: number; sizes: { id: number }[]; colors: { id: number }[] }[] };
  };
  const products = listing.results.products;
  const requests = Array.from({ length: total }, (_, i) => {
    const lines = Array.from({ length: 1 + (i % 3) }, (_, k) => {
      const p = products[(i * 7 + k * 13) % products.length] as (typeof products)[number];
      return { product: p.id, quantity: 1 + (k % 2), size: p.sizes[0]?.id ?? null, color: p.colors[0]?.id ?? null };
    });
    const email = `crash-${i}-${crypto.randomBytes(3).toString('hex')}@example.com`;
    return {
      sent: { email, lines } satisfies Sent,
      body: JSON.stringify({
        first_name: 'Олена',
        last_name: 'Коваль',
        email,
        phone_number: '+380671234567',
        payment_method: i % 2 ? 'cash' : 'matching',
        delivery_type: 'branch',
        shipping_address: { city: 'Київ', branch: 'Відділення №1: вул. Хрещатик, 22' },
        need_call_back: false,
        description: '',
        items: lines.map((l) => ({ ...l, price: '1.00' })),
        amount: 1,
        isChecked: false,
        isAgreement: true,
      }),
      ip: `10.77.${i >> 8}.${(i % 254) + 1}`,
    };
  });

  // Fire every order at once; SIGKILL the server as soon as `killAfter` are acknowledged.
  const acknowledged = new Map<string, Sent>();
  const killed = exited(server.child);
  let killedAt = 0;
  const started = performance.now();
  const outcomes = await Promise.all(
    requests.map(async ({ body, ip, sent }) => {
      try {
        const res = await fetch(`${server.url}/api/orders/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body,
        });
        const answer = (await res.json()) as { order_id?: string };
        if (res.status !== 201 || !answer.order_id) return res.status;
        // Answers that slip out between the kill and the process's end count as acknowledged too.
        acknowledged.set(answer.order_id, sent);
        if (killedAt === 0) {
          if (acknowledged.size >= killAfter) {
            killedAt = performance.now() - started;
            server.child.kill('SIGKILL');
          }
        }
        return 201;
      } catch {
        return 0;
      }
    }),
  );
  await killed;
  const cutOff = outcomes.filter((s) => s === 0).length;
  const refused = outcomes.filter((s) => s !== 0 && s !== 201).length;
  const mailsBeforeKill = sink.received();
  console.log(
    `${kind}: killed after ${Math.round(killedAt)} ms: ${acknowledged.size} acknowledged, ${cutOff} cut off, ` +
      `${refused} refused; ${mailsBeforeKill} mails had reached the sink`,
  );
  if (refused) problems.push(`${kind}: ${refused} orders were refused before the kill`);

  // Start again on the same database; wait until the sink has been quiet for 3 s.
  sink.restarted();
  server = await start(env);
  const drainedMs = await sink.quiet(3000, 120_000);
  server.child.kill('SIGTERM');
  await exited(server.child);
  await sink.close();

  const database = await openDatabase(
    kind === 'postgres'
      ? { url: postgresUrl, poolSize: 2 }
      : { pgliteDir: path.join(env.DATA_DIR as string, 'pglite') },
  );
  let stored: {
    id: string;
    email: string;
    amount: string;
    line_sum: string;
    lines: { product: number; quantity: number }[];
  }[];
  let unsent: number;
  let outboxRows: number;
  try {
    stored = await database.rows(sql`
      select o.id, o.email, o.amount::text as amount,
        coalesce((select sum(i.price * i.quantity) from order_items i where i.order_id = o.id), 0)::numeric(12,2)::text
          as line_sum,
        coalesce((select json_agg(json_build_object('product', i.product_id, 'quantity', i.quantity)
          order by i.position) from order_items i where i.order_id = o.id), '[]') as lines
      from orders o where o.email like 'crash-%'`);
    [{ n: unsent }] = (await database.rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where sent_at is null`,
    )) as [{ n: number }];
    [{ n: outboxRows }] = (await database.rows<{ n: number }>(sql`select count(*)::int as n from mail_outbox`)) as [
      { n: number },
    ];
  } finally {
    await database.close();
  }

  const byId = new Map(stored.map((o) => [o.id, o]));
  const lost = [...acknowledged.keys()].filter((id) => !byId.has(id));
  const broken = [...acknowledged].filter(([id, sent]) => {
    const order = byId.get(id);
    if (!order) return false;
    const lines = typeof order.lines === 'string' ? JSON.parse(order.lines) : order.lines;
    return (
      order.email !== sent.email ||
      order.amount !== order.line_sum ||
      JSON.stringify(lines) !== JSON.stringify(sent.lines.map((l) => ({ product: l.product, quantity: l.quantity })))
    );
  });
  const unacknowledgedStored = stored.length - (acknowledged.size - lost.length);

  const expected = new Set(
    stored.flatMap((o) => [
      outboxMessageId(orderMailKey(o.id, 'placed')),
      outboxMessageId(orderMailKey(o.id, 'placed:shop')),
    ]),
  );
  const missing = [...expected].filter((id) => !sink.byMessageId.has(id));
  const duplicated = [...expected].filter((id) => (sink.byMessageId.get(id) ?? 0) > 1);
  // SMTP cannot be asked whether a mail arrived: the mail the killed process had in flight (accepted
  // by the sink, its mark not yet committed) is sent again after the restart. The worker sends one
  // mail at a time, so that is at most one; any other duplicate is a bug.
  const inFlightAtKill = duplicated.filter((id) => sink.firstBy.get(id) === 1 && sink.byMessageId.get(id) === 2);
  const unexplained = duplicated.length - Math.min(inFlightAtKill.length, 1);
  const stray = [...sink.byMessageId.keys()].filter((id) => !expected.has(id));

  if (lost.length) problems.push(`${kind}: ${lost.length} acknowledged orders are missing`);
  if (broken.length) problems.push(`${kind}: ${broken.length} acknowledged orders are not whole`);
  if (missing.length) problems.push(`${kind}: ${missing.length} mails never arrived`);
  if (unexplained > 0) {
    problems.push(`${kind}: ${duplicated.length} mails arrived more than once (at most 1 may: in flight at the kill)`);
  }
  if (stray.length) problems.push(`${kind}: ${stray.length} mails arrived for no stored order`);
  if (unsent) problems.push(`${kind}: ${unsent} mails are still unsent in mail_outbox`);
  if (outboxRows !== expected.size)
    problems.push(`${kind}: mail_outbox holds ${outboxRows} rows for ${expected.size} mails`);

  return {
    problems,
    row: {
      db: kind,
      fired: total,
      'acked (201)': acknowledged.size,
      'cut off': cutOff,
      'stored orders': stored.length,
      'stored, not acked': unacknowledgedStored,
      'lost acked': lost.length,
      'not whole': broken.length,
      'mails expected': expected.size,
      'sent before kill': mailsBeforeKill,
      'received total': sink.received(),
      'sent once': [...expected].filter((id) => sink.byMessageId.get(id) === 1).length,
      'twice (in flight at kill)': duplicated.length,
      missing: missing.length,
      'last mail after restart ms': Math.round(drainedMs),
    },
  };
}

const rows = [];
const problems: string[] = [];
for (const kind of kinds) {
  const result = await run(kind);
  rows.push(result.row);
  problems.push(...result.problems);
}
console.log(`\n${total} concurrent orders, SIGKILL after ${killAfter} acknowledgements, then a restart\n`);
console.table(rows);
if (problems.length) {
  console.error(`\nViolations:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  '\nEvery acknowledged order is whole; every stored order’s mails arrived, each once but for the one in flight at the kill.',
);
