import type { AdminReturn } from '@kram/contract/admin-returns';
import { parseMoney } from '@kram/contract/money';
import { returnMessages } from '@kram/contract/returns';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMonobank, startFakeMonobank } from '../../../test/fake-monobank.ts';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts } from '../../../test/orders.ts';
import { deliveredCardOrder, returnsKit } from '../../../test/returns.ts';
import { staffUser, type TestUser } from '../../../test/users.ts';

describe.each(dialectBackends)('card refunds through Monobank on %s', (backend) => {
  let ctx: TestContext;
  let mono: FakeMonobank;
  let staff: TestUser;
  let products: CatalogProduct[];
  let kit: ReturnType<typeof returnsKit>;

  const invoice = async (orderId: string) =>
    (
      await ctx.database.rows<{ status: string; events: { status: string; applied: boolean; amount: string }[] }>(sql`
        select p.status, coalesce((select json_agg(json_build_object('status', e.status, 'applied', e.applied,
          'amount', e.amount::text) order by e.id) from payment_events e where e.invoice_id = p.invoice_id), '[]') as events
        from payments p where p.order_id = ${orderId}`)
    )[0];
  const view = async (returnId: string) => (await kit.admin('GET', `/returns/${returnId}/`)).json() as AdminReturn;
  /** What else a refund writes besides the bank's answer: mails, audit entries, stock movements. */
  const sideEffects = async (orderId: string, returnId: string) => ({
    mails: (await kit.mails(orderId)).length,
    audit: (await kit.history(returnId)).length,
    movements: (
      await ctx.database.rows<{ n: number }>(
        sql`select count(*)::int as n from stock_movements where order_id = ${orderId} and kind = 'returned'`,
      )
    )[0]?.n,
  });
  /** A card order (two lines: 2 of one product, 1 of another) delivered, and a return of `lines` received. */
  async function receivedReturn(lines: { position: number; quantity: number }[]) {
    const [a, b] = products as [CatalogProduct, CatalogProduct];
    const order = await deliveredCardOrder(ctx, mono, kit, [
      [a, 2],
      [b, 1],
    ]);
    const made = await kit.asked(order.orderId, { lines });
    await kit.received(made.id);
    return { ...order, returnId: made.id, refund: parseMoney(made.refund_amount) };
  }

  beforeAll(async () => {
    mono = await startFakeMonobank();
    ctx = await createTestContext(backend, { MONOBANK_TOKEN: mono.token, MONOBANK_API_URL: mono.url });
    staff = await staffUser(ctx.app, ctx.database);
    products = (await catalogProducts(ctx.database)).filter((p) => p.inStock).slice(0, 2);
    kit = returnsKit(ctx, () => staff);
  });
  afterAll(async () => {
    await ctx?.close();
    await mono?.close();
  });

  it('refunds part of the payment: the goods’ amount and lines sent, the invoice still paid', async () => {
    const [a] = products as [CatalogProduct];
    const r = await receivedReturn([{ position: 0, quantity: 1 }]);
    const res = await kit.step(r.returnId, 'refund', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'refunded',
      refund_method: 'card',
      refund: { method: 'card', bank_status: 'success', reference: null, at: expect.any(String) },
    });
    expect(mono.cancels.at(-1)).toMatchObject({
      token: mono.token,
      status: 'success',
      body: {
        invoiceId: r.invoiceId,
        extRef: r.returnId,
        amount: parseMoney(a.price),
        items: [{ name: expect.any(String), qty: 1, sum: parseMoney(a.price), code: expect.any(String) }],
      },
    });
    expect(await invoice(r.orderId)).toMatchObject({
      status: 'success',
      events: [
        { status: 'success', applied: true },
        { status: 'success', applied: false, amount: a.price },
      ],
    });
    expect((await view(r.returnId)).refund?.bank_answer).toContain('"status":"success"');
  });

  it('refunds the whole payment without an amount, and the invoice is reversed', async () => {
    const r = await receivedReturn([
      { position: 0, quantity: 2 },
      { position: 1, quantity: 1 },
    ]);
    expect(r.refund).toBe(r.amount);
    const res = await kit.step(r.returnId, 'refund', {});
    expect(res.statusCode, res.body).toBe(200);
    const sent = mono.cancels.at(-1)?.body;
    expect(sent).not.toHaveProperty('amount');
    expect(sent?.items.map((i) => i.qty)).toEqual([2, 1]);
    expect(sent?.items.reduce((sum, i) => sum + i.qty * i.sum, 0)).toBe(r.amount);
    expect(await invoice(r.orderId)).toMatchObject({
      status: 'reversed',
      events: [{ status: 'success' }, { status: 'reversed', applied: true }],
    });
  });

  it('keeps the return received when the bank refuses, with the bank’s words recorded, and nothing else', async () => {
    const r = await receivedReturn([{ position: 1, quantity: 1 }]);
    const before = await sideEffects(r.orderId, r.returnId);
    mono.faultNextCancel({ refuse: { status: 400, errCode: 'BAD_REQUEST', errText: 'операція недоступна' } });
    const refused = await kit.step(r.returnId, 'refund', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: `${returnMessages.bankRefused} операція недоступна (BAD_REQUEST)` });
    expect(await view(r.returnId)).toMatchObject({
      status: 'received',
      refund: { bank_status: 'failure', bank_answer: expect.stringContaining('операція недоступна'), at: null },
    });
    expect(await sideEffects(r.orderId, r.returnId)).toEqual(before);

    mono.faultNextCancel({ fail: true });
    const failed = await kit.step(r.returnId, 'refund', {});
    expect(failed.statusCode).toBe(409);
    expect((await view(r.returnId)).status).toBe('received');
    expect(await sideEffects(r.orderId, r.returnId)).toEqual(before);

    // Pressed again once the bank is willing: refunded once.
    expect((await kit.step(r.returnId, 'refund', {})).statusCode).toBe(200);
    expect(mono.cancels.filter((c) => c.body.extRef === r.returnId).map((c) => c.status)).toEqual([
      'failure',
      'success',
    ]);
    expect((await view(r.returnId)).status).toBe('refunded');
  });

  it('finds a refund whose answer was lost instead of sending it again', async () => {
    const r = await receivedReturn([{ position: 0, quantity: 1 }]);
    const sent = mono.cancelRequests;
    mono.faultNextCancel({ silent: { applied: true } });
    ctx.expectErrorLog(/refund sent, no answer from the bank/);
    const silent = await kit.step(r.returnId, 'refund', {});
    expect(silent.statusCode).toBe(502);
    expect(silent.json()).toMatchObject({ detail: returnMessages.bankDown });
    expect(await view(r.returnId)).toMatchObject({ status: 'received', refund: { bank_status: 'processing' } });

    const again = await kit.step(r.returnId, 'refund', {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'refunded', refund: { bank_status: 'success' } });
    expect(mono.cancelRequests - sent).toBe(1);
    expect(mono.cancels.filter((c) => c.body.extRef === r.returnId)).toHaveLength(1);
    expect(await sideEffects(r.orderId, r.returnId)).toMatchObject({ movements: 1 });
  });

  it('sends a lost refund again only once the bank does not have it and the first call is surely over', async () => {
    const r = await receivedReturn([{ position: 0, quantity: 1 }]);
    const sent = mono.cancelRequests;
    mono.faultNextCancel({ silent: { applied: false } });
    ctx.expectErrorLog(/refund sent, no answer from the bank/);
    expect((await kit.step(r.returnId, 'refund', {})).statusCode).toBe(502);

    // At once: the bank knows no such refund, but the first call might still be on its way.
    expect((await kit.step(r.returnId, 'refund', {})).statusCode).toBe(502);
    expect(mono.cancelRequests - sent).toBe(1);
    // The bank does not answer the look-up either.
    await ctx.database.db.execute(
      sql`update return_requests set updated_at = now() - interval '5 minutes' where id = ${r.returnId}`,
    );
    mono.silenceNextStatus();
    ctx.expectErrorLog(/refund not looked up/);
    expect((await kit.step(r.returnId, 'refund', {})).statusCode).toBe(502);
    expect(mono.cancelRequests - sent).toBe(1);

    const later = await kit.step(r.returnId, 'refund', {});
    expect(later.statusCode, later.body).toBe(200);
    expect(mono.cancelRequests - sent).toBe(2);
    expect(mono.cancels.filter((c) => c.body.extRef === r.returnId).map((c) => c.status)).toEqual(['success']);
    expect((await view(r.returnId)).status).toBe('refunded');
  });

  it('waits for a refund the bank is still processing, and completes it when the bank has made it', async () => {
    const r = await receivedReturn([{ position: 1, quantity: 1 }]);
    mono.faultNextCancel({ processing: true });
    const pending = await kit.step(r.returnId, 'refund', {});
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toMatchObject({ status: 'received', refund: { bank_status: 'processing' } });
    expect((await kit.step(r.returnId, 'refund', {})).json()).toMatchObject({ status: 'received' });
    mono.settleCancels();
    const done = await kit.step(r.returnId, 'refund', {});
    expect(done.json()).toMatchObject({ status: 'refunded', refund: { bank_status: 'success' } });
    expect(mono.cancels.filter((c) => c.body.extRef === r.returnId)).toHaveLength(1);
  });
});
