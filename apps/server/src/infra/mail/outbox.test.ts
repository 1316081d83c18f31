import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogStream } from '../../../test/error-logs.ts';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, idempotencyKey, lineOf, orderPayload } from '../../../test/orders.ts';
import { type MailCatcher, startMailCatcher } from '../../../test/smtp.ts';
import { freshIp } from '../../../test/users.ts';
import { buildApp } from '../../app.ts';
import { createMailer, outboxMessageId, writeFileAtomically } from './mailer.ts';

interface OutboxState {
  dedupe_key: string;
  kind: string;
  sent: boolean;
  attempts: number;
  last_error: string | null;
  retry_in_s: number;
}

/** The dedupe key the orders module gives an order's mails (the Message-ID is made from it). */
const orderMailKey = (orderId: string, what: 'placed' | 'placed:shop') => `order:${orderId}:${what}`;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real SMTP server that holds every mail until `release()`, and counts them by Message-ID. */
async function startHeldCatcher() {
  const byMessageId = new Map<string, number>();
  let holding = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        holding++;
        await released;
        const mail = await PostalMime.parse(Buffer.concat(chunks));
        const id = mail.messageId ?? '';
        byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    byMessageId,
    holding: () => holding,
    release,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

describe.each(dialectBackends)('the mail outbox on %s', (backend) => {
  let ctx: TestContext;
  let smtp: MailCatcher;
  let products: CatalogProduct[];

  const outbox = (orderId: string) =>
    ctx.database.rows<OutboxState>(sql`
      select dedupe_key, kind, sent_at is not null as sent, attempts, last_error,
        round(extract(epoch from next_attempt_at - now()))::int as retry_in_s
      from mail_outbox where order_id = ${orderId} order by id`);
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await wait(50);
    }
    throw new Error('the outbox did not get there in 10 s');
  };
  const allSent = (orderId: string) => async () => (await outbox(orderId)).every((m) => m.sent);
  const place = async (payload: object, headers: Record<string, string> = {}, url = '/api/orders/') => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'x-forwarded-for': freshIp(), ...headers },
    });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    smtp = await startMailCatcher();
    ctx = await createTestContext(backend, { SMTP_URL: smtp.url, SHOP_EMAIL: 'orders@shop.example.ua' });
    products = (await catalogProducts(ctx.database)).filter((p) => p.inStock && p.sizeIds.length > 0);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('writes an order’s mails with the order, sends them and marks them sent, with a stable Message-ID', async () => {
    const payload = orderPayload([lineOf(products[0] as CatalogProduct)]);
    const res = await place(payload);
    expect(res.status).toBe(201);
    const id = res.body.order_id as string;
    await until(allSent(id));
    expect(await outbox(id)).toEqual([
      expect.objectContaining({ dedupe_key: `order:${id}:placed`, kind: 'order_placed', sent: true, attempts: 1 }),
      expect.objectContaining({ dedupe_key: `order:${id}:placed:shop`, kind: 'order_placed_shop', sent: true }),
    ]);
    const buyer = smtp.received.filter((m) => m.recipients.includes(payload.email as string));
    expect(buyer).toHaveLength(1);
    expect(buyer[0]?.parsed.messageId).toBe(outboxMessageId(orderMailKey(id, 'placed')));
  });

  it('a mail that cannot be written takes its order with it', async () => {
    const payload = orderPayload([lineOf(products[1] as CatalogProduct)]);
    // The mail insert fails inside the order's transaction (a trigger only this buyer trips).
    await ctx.database.db.execute(
      sql.raw(`create function test_refuse() returns trigger language plpgsql as $$
        begin
          if new.recipient = '${payload.email}' then raise exception 'mail refused by the test'; end if;
          return new;
        end $$`),
    );
    await ctx.database.db.execute(
      sql`create trigger test_refuse before insert on mail_outbox for each row execute function test_refuse()`,
    );
    try {
      ctx.expectErrorLog(/mail refused by the test|mail_outbox/);
      const res = await place(payload);
      expect(res).toEqual({ status: 500, body: { detail: expect.any(String), request_id: expect.any(String) } });
    } finally {
      await ctx.database.db.execute(sql`drop trigger test_refuse on mail_outbox`);
      await ctx.database.db.execute(sql`drop function test_refuse()`);
    }
    const left = await ctx.database.rows<{ n: number }>(
      sql`select count(*)::int as n from orders where email = ${payload.email}`,
    );
    expect(left[0]?.n).toBe(0);
  });

  it('concurrent invoice calls for one order write and send one confirmation', async () => {
    const key = idempotencyKey();
    const payload = orderPayload([lineOf(products[2] as CatalogProduct)], { payment_method: 'card' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => place(payload, { 'idempotency-key': key }, '/api/create-monobank-invoice/')),
    );
    expect(answers.every((a) => a.status === 201 && a.body.order_id === answers[0]?.body.order_id)).toBe(true);
    const id = answers[0]?.body.order_id as string;
    await until(allSent(id));
    expect((await outbox(id)).map((m) => m.kind)).toEqual(['order_placed', 'order_placed_shop']);
    await wait(200);
    expect(smtp.received.filter((m) => m.recipients.includes(payload.email as string))).toHaveLength(1);
  });

  it('keeps a mail the SMTP server refused and tries again later', async () => {
    const down = await startMailCatcher();
    await down.close();
    const other = await createTestContext(backend, { SMTP_URL: down.url });
    try {
      other.expectErrorLog(/mail not sent; will retry/);
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/orders/',
        payload: orderPayload([lineOf(products[0] as CatalogProduct)]),
        headers: { 'x-forwarded-for': freshIp() },
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().order_id as string;
      const rows = () =>
        other.database.rows<OutboxState>(sql`
          select sent_at is not null as sent, attempts, last_error,
            round(extract(epoch from next_attempt_at - now()))::int as retry_in_s
          from mail_outbox where order_id = ${id} order by id`);
      for (let i = 0; i < 200 && (await rows()).some((m) => m.attempts === 0); i++) await wait(50);
      for (const mail of await rows()) {
        expect(mail).toMatchObject({ sent: false, attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED/) });
        expect(mail.retry_in_s).toBeGreaterThan(20);
        expect(mail.retry_in_s).toBeLessThanOrEqual(30);
      }
    } finally {
      await other.close();
    }
  });
});

describe.each(dialectBackends)('an app started again on %s', (backend) => {
  it('sends the mails the stopped one left, each once', async () => {
    const held = await startHeldCatcher();
    const ctx = await createTestContext(backend, { SMTP_URL: held.url });
    let next: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const product = (await catalogProducts(ctx.database)).find((p) => p.inStock && p.sizeIds.length > 0);
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/orders/',
          payload: orderPayload([lineOf(product as CatalogProduct)]),
          headers: { 'x-forwarded-for': freshIp() },
        });
        expect(res.statusCode).toBe(201);
        ids.push(res.json().order_id);
      }
      while (held.holding() === 0) await wait(20);
      // The first app stops while its worker is in the middle of a send; the rest stays in the table.
      const closing = ctx.app.close();
      held.release();
      await closing;
      const unsent = async () =>
        (
          await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from mail_outbox where sent_at is null`)
        )[0]?.n ?? 0;
      const left = await unsent();
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThan(12);

      next = await buildApp({ config: ctx.config, database: ctx.database, storefront: false, logger: errorLogStream });
      await next.ready();
      for (let i = 0; i < 200 && (await unsent()) > 0; i++) await wait(50);
      expect(await unsent()).toBe(0);
      const expected = ids.flatMap((id) => [orderMailKey(id, 'placed'), orderMailKey(id, 'placed:shop')]);
      expect(Object.fromEntries(held.byMessageId)).toEqual(
        Object.fromEntries(expected.map((key) => [outboxMessageId(key), 1])),
      );
    } finally {
      await next?.close();
      await ctx.database.close();
      fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
      await held.close();
    }
  });
});

describe('outbox files (no SMTP_URL)', () => {
  it('are written whole through a temporary file, and a mail sent again replaces its own file', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-outbox-'));
    const mailer = createMailer(
      { smtpUrl: undefined, from: 'kram <noreply@localhost>', outboxDir },
      pino({ level: 'silent' }),
    );
    try {
      const message = {
        to: 'ivan@example.com',
        subject: 'Замовлення #abcdefg прийнято',
        text: 'Дякуємо',
        html: '<p>Дякуємо</p>',
        key: { dedupeKey: 'order:1:placed', createdAt: new Date('2026-01-10T10:00:00Z') },
      };
      await mailer.send(message);
      await mailer.send(message);
      const files = fs.readdirSync(outboxDir);
      expect(files).toEqual([expect.stringMatching(/^2026-01-10T10-00-00-000Z-[0-9a-f]{16}\.eml$/)]);
      const mail = await PostalMime.parse(fs.readFileSync(path.join(outboxDir, files[0] as string)));
      expect(mail.messageId).toBe(outboxMessageId('order:1:placed'));
      expect(mail.subject).toBe(message.subject);
    } finally {
      mailer.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it('leave nothing behind when the write fails', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-outbox-'));
    try {
      // A non-empty directory where the file should go: the rename fails after the data is written.
      const target = path.join(dir, 'mail.eml');
      fs.mkdirSync(path.join(target, 'inside'), { recursive: true });
      await expect(writeFileAtomically(target, 'x'.repeat(100_000))).rejects.toThrow();
      expect(fs.readdirSync(dir)).toEqual(['mail.eml']);
      expect(fs.statSync(target).isDirectory()).toBe(true);

      await writeFileAtomically(path.join(dir, 'ok.eml'), 'whole');
      expect(fs.readdirSync(dir).sort()).toEqual(['mail.eml', 'ok.eml']);
      expect(fs.readFileSync(path.join(dir, 'ok.eml'), 'utf8')).toBe('whole');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
