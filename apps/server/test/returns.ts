import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FakeMonobank } from './fake-monobank.ts';
import type { TestContext } from './helpers.ts';
import { type CatalogProduct, lineOf, orderPayload } from './orders.ts';
import { bearer, freshIp, type TestUser } from './users.ts';

export interface OutboxRow {
  kind: string;
  dedupe_key: string;
  recipient: string;
  subject: string;
  text: string;
}

/** What the returns tests do again and again: place and deliver orders, ask for returns, work them. */
export function returnsKit(ctx: TestContext, staff: () => TestUser) {
  const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: bearer(staff().access),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /**
   * An order of these lines (each product with its first size and colour), paid on receipt unless the
   * overrides say otherwise (a card order's invoice is opened, not paid); its id.
   */
  async function place(lines: [CatalogProduct, number][], overrides: Record<string, unknown> = {}, lng = 'uk') {
    const res = await ctx.app.inject({
      method: 'POST',
      url: overrides.payment_method === 'card' ? '/api/create-monobank-invoice/' : '/api/orders/',
      headers: { 'x-forwarded-for': freshIp(), cookie: `lng=${lng}` },
      payload: orderPayload(
        lines.map(([p, n]) => lineOf(p, n)),
        overrides,
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order_id as string;
  }

  /** Moves the order through the back office's status endpoint, one status after another. */
  async function move(orderId: string, ...statuses: string[]) {
    for (const status of statuses) {
      const res = await admin('POST', `/orders/${orderId}/status/`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  /** A cash order placed and delivered: received now. */
  async function delivered(lines: [CatalogProduct, number][], overrides: Record<string, unknown> = {}, lng = 'uk') {
    const id = await place(lines, overrides, lng);
    await move(id, 'confirmed', 'shipped', 'delivered');
    return id;
  }

  const returnsOf = (orderId: string) => ctx.app.inject({ method: 'GET', url: `/api/orders/${orderId}/returns/` });

  /** A return asked for on a page in `lng`. */
  const ask = (orderId: string, body: unknown, lng = 'uk') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/returns/`,
      headers: { 'x-forwarded-for': freshIp(), cookie: `lng=${lng}` },
      payload: body as object,
    });

  /** A return asked for and answered 201; the return as answered. */
  async function asked(orderId: string, body: Record<string, unknown>, lng = 'uk') {
    const res = await ask(orderId, { reason: 'Не підійшов розмір', shipping: 'shop', ...body }, lng);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; refund_amount: string; lines: { unit_refund: string; total: string }[] };
  }

  const step = (returnId: string, name: string, body: unknown = {}) =>
    admin('POST', `/returns/${returnId}/${name}/`, body);

  /** The return taken through accept and receive. */
  async function received(returnId: string) {
    expect((await step(returnId, 'accept')).statusCode).toBe(200);
    expect((await step(returnId, 'receive')).statusCode).toBe(200);
  }

  const mails = (orderId: string) =>
    ctx.database.rows<OutboxRow>(sql`
      select kind, dedupe_key, recipient, subject, text from mail_outbox
      where order_id = ${orderId} and kind in ('return_news', 'return_news_shop') order by id`);

  const history = async (returnId: string) =>
    (await admin('GET', `/audit/?entity=return&entity_id=${returnId}`)).json().results as {
      action: string;
      actor_email: string;
      before: unknown;
      after: Record<string, unknown>;
    }[];

  return { admin, place, move, delivered, returnsOf, ask, asked, step, received, mails, history };
}

/** A card order paid at the fake Monobank (its signed success webhook), moved to delivered. */
export async function deliveredCardOrder(
  ctx: TestContext,
  mono: FakeMonobank,
  kit: ReturnType<typeof returnsKit>,
  lines: [CatalogProduct, number][],
  overrides: Record<string, unknown> = {},
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-monobank-invoice/',
    headers: { 'x-forwarded-for': freshIp() },
    payload: orderPayload(
      lines.map(([p, n]) => lineOf(p, n)),
      { payment_method: 'card', ...overrides },
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json().order_id as string;
  const invoice = mono.invoices.at(-1);
  if (!invoice) throw new Error('no invoice reached Monobank');
  const body = JSON.stringify({
    invoiceId: invoice.invoiceId,
    status: 'success',
    amount: invoice.body.amount,
    ccy: 980,
    finalAmount: invoice.body.amount,
    createdDate: new Date().toISOString(),
    modifiedDate: new Date().toISOString(),
    reference: orderId,
  });
  const paid = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/monobank/webhook/',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-sign': mono.sign(body) },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await kit.move(orderId, 'shipped', 'delivered');
  return { orderId, invoiceId: invoice.invoiceId, amount: invoice.body.amount };
}
