import { formatHryvnias } from '@kram/contract/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { bearer, freshIp, signUp, staffUser, type TestUser } from '../../../test/users.ts';
import { addDays, kyivDay } from '../../lib/kyiv-time.ts';
import { loadBundledIfEmpty } from '../delivery/index.ts';
import { addWorkingDays } from './working-days.ts';

/** Kyiv and its first branch, as the bundled directory names them. */
const kyiv = { ref: 'b84e7d62-abbb-58e4-a284-cfa1040ec561', name: 'Київ' };
const branch = { ref: 'f03d2e4f-8f87-5e56-8c23-af530b340061', name: 'Відділення №1: вул. Хрещатик, 112' };

interface Shipment {
  number: string | null;
  status: string;
  storage_until: string | null;
  cash_on_delivery: string | null;
  editable: boolean;
  return_number: string | null;
  history: { status: string }[];
}

describe.each(dialectBackends)(
  'shipping an order with Nova Poshta (the shop’s stand-in for the carrier) on %s',
  (backend) => {
    let ctx: TestContext;
    let manager: TestUser;
    let products: CatalogProduct[];

    const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
      ctx.app.inject({
        method,
        url: `/api/admin${url}`,
        headers: bearer(manager.access),
        ...(payload ? { payload } : {}),
      });

    /** Places an order to Kyiv's first branch and, unless told otherwise, confirms it. */
    async function order(overrides: Record<string, unknown> = {}, confirm = true): Promise<string> {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { 'x-forwarded-for': freshIp() },
        payload: orderPayload(
          products.slice(0, 2).map((p) => lineOf(p, 2)),
          {
            shipping_address: { city: kyiv.name, branch: branch.name, city_ref: kyiv.ref, branch_ref: branch.ref },
            ...overrides,
          },
        ),
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().order_id as string;
      if (confirm) {
        const confirmed = await admin('POST', `/orders/${id}/status/`, { status: 'confirmed' });
        expect(confirmed.statusCode, confirmed.body).toBe(200);
      }
      return id;
    }

    const shipping = async (orderId: string) => {
      const res = await admin('GET', `/orders/${orderId}/shipping/`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { shipment: Shipment | null; draft: Record<string, unknown> | null; blocked: string | null };
    };

    /** Makes the order's waybill with the defaults. */
    async function ship(orderId: string): Promise<Shipment> {
      const { draft } = await shipping(orderId);
      const res = await admin('POST', `/orders/${orderId}/shipping/`, draft);
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    }

    /** The stand-in's page button: the carrier moves the parcel. */
    async function carrierMoves(number: string, code: string) {
      const res = await ctx.app.inject({ method: 'POST', url: `/shipping/sandbox/${number}/${code}` });
      expect(res.statusCode, res.body).toBe(303);
    }

    const track = async () => {
      const res = await admin('POST', '/shipping/track/', {});
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { asked: number; changed: number };
    };

    const orderStatus = async (orderId: string) =>
      (await ctx.app.inject({ url: `/api/orders/${orderId}/status/` })).json().status as string;
    const stockStates = async (orderId: string) =>
      (
        await ctx.database.rows<{ state: string }>(
          sql`select distinct state from stock_reservations where order_id = ${orderId} order by state`,
        )
      ).map((r) => r.state);

    const mails = (orderId: string) =>
      ctx.database.rows<{ kind: string; subject: string; text: string }>(
        sql`select kind, subject, text from mail_outbox where order_id = ${orderId} order by id`,
      );

    beforeAll(async () => {
      ctx = await createTestContext(backend);
      // As the server does at its first start: the directory bundled with the shop.
      await loadBundledIfEmpty(ctx.database);
      manager = await staffUser(ctx.app, ctx.database);
      products = (await catalogProducts(ctx.database)).filter((p) => p.inStock).slice(0, 2);
      // The sender, as the carrier knows the shop's account.
      const senders = await admin('GET', '/shipping/senders/');
      expect(senders.statusCode, senders.body).toBe(200);
      const [sender] = senders.json().senders;
      const saved = await admin('PATCH', '/shipping/settings/', {
        counterparty_ref: sender.counterparty_ref,
        counterparty_name: sender.name,
        contact_ref: sender.contacts[0].ref,
        contact_name: sender.contacts[0].name,
        phone: '+380501112233',
        city_ref: kyiv.ref,
        city_name: kyiv.name,
        warehouse_ref: branch.ref,
        warehouse_name: branch.name,
        default_weight_kg: 0.5,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ sandbox: true, carrier_connected: true, checked_at: null });
    });
    afterAll(() => ctx?.close());

    it('tells a signed-in shopper the parcels of their orders, and anyone with an order’s id its parcel', async () => {
      const shopper = await signUp(ctx.app);
      const placed = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { 'x-forwarded-for': freshIp(), ...bearer(shopper.access) },
        payload: orderPayload([lineOf(products[0] as CatalogProduct)], {
          email: shopper.email,
          shipping_address: { city: kyiv.name, branch: branch.name, city_ref: kyiv.ref, branch_ref: branch.ref },
        }),
      });
      const id = placed.json().order_id as string;
      const mine = () =>
        ctx.app.inject({ url: '/api/orders/shipments/', headers: bearer(shopper.access) }).then((r) => r.json());
      expect(await mine()).toEqual({ shipments: {} });
      expect((await ctx.app.inject({ url: `/api/orders/${id}/shipment/` })).json()).toEqual({
        order_id: id,
        shipment: null,
      });
      await admin('POST', `/orders/${id}/status/`, { status: 'confirmed' });
      const made = await ship(id);
      expect((await mine()).shipments[id]).toMatchObject({ number: made.number, status: 'created' });
      // Nobody else's: another shopper sees none, a guest is refused, an unknown id is not found.
      const other = await signUp(ctx.app);
      expect((await ctx.app.inject({ url: '/api/orders/shipments/', headers: bearer(other.access) })).json()).toEqual({
        shipments: {},
      });
      expect((await ctx.app.inject({ url: '/api/orders/shipments/' })).statusCode).toBe(401);
      expect((await ctx.app.inject({ url: '/api/orders/not-an-id/shipment/' })).statusCode).toBe(404);
      // The order's own answers stay as they were.
      expect(Object.keys((await ctx.app.inject({ url: `/api/orders/${id}/status/` })).json()).sort()).toEqual([
        'order_id',
        'payment_method',
        'status',
      ]);
    });

    it('offers no waybill before confirmation, then one filled from the order with cash on delivery of its total', async () => {
      const id = await order({}, false);
      expect(await shipping(id)).toMatchObject({ shipment: null, draft: null });
      await admin('POST', `/orders/${id}/status/`, { status: 'confirmed' });
      const { draft, blocked } = await shipping(id);
      const amount = (await ctx.app.inject({ url: `/api/admin/orders/${id}/`, headers: bearer(manager.access) })).json()
        .amount;
      expect(blocked).toBeNull();
      expect(draft).toMatchObject({
        service: 'branch',
        payer: 'recipient',
        recipient_first_name: 'Олена',
        recipient_phone: '+380671234567',
        city_ref: kyiv.ref,
        warehouse_ref: branch.ref,
        declared_value: amount,
        cash_on_delivery: amount,
        // Four items at the shop's default 0.5 kg.
        weight_kg: 2,
      });
    });

    it('tells the checkout the carrier’s price and day to a city, as information', async () => {
      const lviv = (await ctx.app.inject({ url: '/api/novaposhta/cities/?search=Львів' })).json().cities[0].ref;
      const cash = await ctx.app.inject({
        url: `/api/shipping/estimate/?city_ref=${lviv}&amount=1000&payment_method=cash`,
      });
      expect(cash.statusCode, cash.body).toBe(200);
      const card = await ctx.app.inject({
        url: `/api/shipping/estimate/?city_ref=${lviv}&amount=1000.00&payment_method=card`,
      });
      // On receipt the buyer pays the delivery and, with cash on delivery, the carrier's fee for it.
      expect(Number(cash.json().cost)).toBeGreaterThan(Number(card.json().cost));
      expect(card.json().delivery_day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((await ctx.app.inject({ url: '/api/shipping/estimate/?city_ref=x&amount=abc' })).statusCode).toBe(400);
      expect((await ctx.app.inject({ url: '/api/shipping/estimate/' })).statusCode).toBe(400);
    });

    it('drafts a courier waybill to the buyer’s door in the city they picked', async () => {
      const id = await order({
        delivery_type: 'address',
        shipping_address: { city: kyiv.name, branch: 'вул. Городецького, 4, кв. 12', city_ref: kyiv.ref },
      });
      const { draft } = await shipping(id);
      expect(draft).toMatchObject({ service: 'address', city_ref: kyiv.ref, address: 'вул. Городецького, 4, кв. 12' });
      const made = await admin('POST', `/orders/${id}/shipping/`, draft);
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({
        service: 'address',
        address: 'вул. Городецького, 4, кв. 12',
        warehouse_name: '',
      });
      const unknown = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { 'x-forwarded-for': freshIp() },
        payload: orderPayload([lineOf(products[0] as CatalogProduct)], {
          delivery_type: 'address',
          shipping_address: { city: 'Атлантида', branch: 'вул. Морська, 1', city_ref: 'no-such-city' },
        }),
      });
      expect(unknown.statusCode).toBe(400);
    });

    it('weighs the parcel by the products’ own weights where set, the default elsewhere', async () => {
      const [first] = products as [CatalogProduct];
      const set = await admin('PATCH', `/products/${first.id}/`, { weight_kg: 1.25 });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().weight_kg).toBe(1.25);
      try {
        const { draft } = await shipping(await order());
        // Two of the product at 1.25 kg, two of the other at the default 0.5 kg.
        expect(draft).toMatchObject({ weight_kg: 3.5, seats: [{ weight_kg: 3.5 }] });
      } finally {
        await admin('PATCH', `/products/${first.id}/`, { weight_kg: null });
      }
    });

    it('checks a parcel locker’s limits before asking the carrier', async () => {
      const id = await order();
      const { draft } = await shipping(id);
      const heavy = await admin('POST', `/orders/${id}/shipping/`, {
        ...draft,
        service: 'locker',
        weight_kg: 25,
        seats: [{ weight_kg: 25, length_cm: 30, width_cm: 20, height_cm: 10 }],
      });
      expect(heavy.statusCode).toBe(400);
      expect(heavy.json()).toHaveProperty('weight_kg');
      const large = await admin('POST', `/orders/${id}/shipping/`, {
        ...draft,
        service: 'locker',
        seats: [{ weight_kg: 1, length_cm: 70, width_cm: 20, height_cm: 10 }],
      });
      expect(large.statusCode).toBe(400);
      expect(large.json()).toHaveProperty('seats');
      expect((await shipping(id)).shipment).toBeNull();
    });

    it('collects cash on receipt through payment control when the shop has the contract', async () => {
      await admin('PATCH', '/shipping/settings/', { cod_kind: 'payment_control' });
      try {
        const id = await order();
        const made = await ship(id);
        expect(made).toMatchObject({ cod_kind: 'payment_control' });
        const [doc] = await ctx.database.rows<{ properties: Record<string, unknown> }>(
          sql`select properties from carrier_sandbox_documents where number = ${made.number}`,
        );
        expect(doc?.properties.AfterpaymentOnGoodsCost).toBe(made.cash_on_delivery);
        expect(doc?.properties).not.toHaveProperty('BackwardDeliveryData');
      } finally {
        await admin('PATCH', '/shipping/settings/', { cod_kind: 'cash_on_delivery' });
      }
    });

    it('refuses a waybill until the sender is one the carrier knows', async () => {
      const saved = (await admin('GET', '/shipping/settings/')).json();
      await admin('PATCH', '/shipping/settings/', { contact_ref: '00000000-0000-0000-0000-000000000000' });
      try {
        const id = await order();
        const { draft } = await shipping(id);
        const res = await admin('POST', `/orders/${id}/shipping/`, draft);
        expect(res.statusCode, res.body).toBe(409);
        expect((await shipping(id)).shipment).toBeNull();
      } finally {
        await admin('PATCH', '/shipping/settings/', { contact_ref: saved.contact_ref });
      }
    });

    it('estimates, makes the waybill once, and leaves the order confirmed until the carrier has the parcel', async () => {
      const id = await order();
      const { draft } = await shipping(id);
      const estimate = await admin('POST', `/orders/${id}/shipping/estimate/`, draft);
      expect(estimate.statusCode, estimate.body).toBe(200);
      expect(Number(estimate.json().cost)).toBeGreaterThan(0);
      expect(estimate.json().delivery_day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // Cash on delivery: the carrier's fee for collecting it, apart from the delivery.
      expect(Number(estimate.json().collection_fee)).toBeGreaterThan(0);
      const made = await ship(id);
      expect(made).toMatchObject({ status: 'created', editable: true });
      expect(made.number).toMatch(/^\d{14}$/);
      expect(await orderStatus(id)).toBe('confirmed');
      // The goods are leaving: what the order reserved is sold.
      expect(await stockStates(id)).toEqual(['sold']);
      // The stand-in's page lists it with the amount to collect and the one move it allows.
      const page = await ctx.app.inject({ url: '/shipping/sandbox/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      const row = page.body.slice(page.body.indexOf(made.number as string));
      expect(row.slice(0, row.indexOf('</tr>'))).toMatch(
        new RegExp(
          `${formatHryvnias(made.cash_on_delivery as string).replace(/\s/g, '\\s')}[\\s\\S]*/shipping/sandbox/${made.number}/5"`,
        ),
      );
      const again = await admin('POST', `/orders/${id}/shipping/`, draft);
      expect(again.statusCode).toBe(409);
      const audit = await ctx.database.rows<{ action: string }>(
        sql`select action from audit_log where entity_id = ${id} and action like 'shipment.%'`,
      );
      expect(audit.map((a) => a.action)).toEqual(['shipment.create']);
    });

    it('shows the carrier’s refusal beside the field it names, in both languages, and keeps nothing', async () => {
      const id = await order();
      const { draft } = await shipping(id);
      const res = await admin('POST', `/orders/${id}/shipping/`, { ...draft, cash_on_delivery: '60000.00' });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json())).toEqual(['cash_on_delivery']);
      const [code] = JSON.parse(res.headers['kram-error-codes'] as string);
      expect(code).toMatchObject({ field: 'cash_on_delivery', code: 'shipping.carrier_refused' });
      expect(code.params.uk).not.toEqual(code.params.ru);
      expect((await shipping(id)).shipment).toBeNull();
    });

    it('follows a cash-on-delivery parcel to the branch and the buyer, mails each step, and completes the order when the money comes', async () => {
      const id = await order();
      const made = await ship(id);
      const number = made.number as string;

      await carrierMoves(number, '5');
      await track();
      expect(await orderStatus(id)).toBe('shipped');
      let parcel = (await shipping(id)).shipment as Shipment;
      expect(parcel).toMatchObject({ status: 'in_transit', editable: false });
      const shippedMail = (await mails(id)).find((m) => m.kind === 'parcel_news');
      expect(shippedMail?.text).toContain(number);
      expect(shippedMail?.text).toContain(`https://novaposhta.ua/tracking/?cargo_number=${number}`);

      await carrierMoves(number, '7');
      await track();
      expect(await orderStatus(id)).toBe('delivered');
      parcel = (await shipping(id)).shipment as Shipment;
      expect(parcel.status).toBe('at_branch');
      expect(parcel.storage_until).toBe(addWorkingDays(kyivDay(new Date()), 5));
      // The buyer's pages read the parcel by the order's id, as they read its status.
      const view = (await ctx.app.inject({ url: `/api/orders/${id}/shipment/` })).json();
      expect(view.order_id).toBe(id);
      expect(view.shipment).toEqual({
        number,
        status: 'at_branch',
        tracking_url: `https://novaposhta.ua/tracking/?cargo_number=${number}`,
        delivery_day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        storage_until: parcel.storage_until,
      });
      const arrived = (await mails(id)).filter((m) => m.kind === 'parcel_news');
      expect(arrived).toHaveLength(2);
      expect(arrived[1]?.text).toContain(branch.name);
      // The storage end date as people read it.
      expect(arrived[1]?.text).toContain(parcel.storage_until?.split('-').reverse().join('.'));
      // Asking again changes nothing and mails nobody.
      await track();
      expect((await mails(id)).filter((m) => m.kind === 'parcel_news')).toHaveLength(2);

      await carrierMoves(number, '9');
      await track();
      // Received, but cash on delivery: the order waits for the money.
      expect(await orderStatus(id)).toBe('delivered');
      await carrierMoves(number, '11');
      await track();
      expect(await orderStatus(id)).toBe('completed');
      parcel = (await shipping(id)).shipment as Shipment;
      expect(parcel.history.map((e) => e.status)).toEqual(['created', 'in_transit', 'at_branch', 'received']);
      const moves = await ctx.database.rows<{ actor_email: string; after: { status: string } }>(
        sql`select actor_email, after from audit_log where entity_id = ${id} and action = 'order.status' and actor_id is null order by id`,
      );
      expect(moves.map((m) => [m.actor_email, m.after.status])).toEqual([
        ['Нова Пошта', 'shipped'],
        ['Нова Пошта', 'delivered'],
        ['Нова Пошта', 'completed'],
      ]);
    });

    it('completes an order without cash on delivery when the parcel is received, and stops following it', async () => {
      const id = await order({ payment_method: 'matching' });
      const made = await ship(id);
      expect(made.cash_on_delivery).toBeNull();
      const number = made.number as string;
      await carrierMoves(number, '5');
      await carrierMoves(number, '7');
      await carrierMoves(number, '9');
      await track();
      expect(await orderStatus(id)).toBe('completed');
      const asked = await ctx.database.rows<{ tracked_at: Date }>(
        sql`select tracked_at from shipments where order_id = ${id}`,
      );
      await track();
      const again = await ctx.database.rows<{ tracked_at: Date }>(
        sql`select tracked_at from shipments where order_id = ${id}`,
      );
      expect(again[0]?.tracked_at).toEqual(asked[0]?.tracked_at);
    });

    it('reminds the buyer the day before storage ends, once', async () => {
      const id = await order();
      const number = (await ship(id)).number as string;
      await carrierMoves(number, '5');
      await carrierMoves(number, '7');
      await track();
      // Storage ends tomorrow here; the carrier's own date (it is asked again) is no later.
      await ctx.database.db.execute(
        sql`update shipments set storage_until = ${addDays(kyivDay(new Date()), 1)} where order_id = ${id}`,
      );
      await ctx.database.db.execute(
        sql`update carrier_sandbox_documents set arrived_at = now() - interval '30 days' where number = ${number}`,
      );
      await track();
      await track();
      const reminders = (await mails(id)).filter((m) => /останній день зберігання/.test(m.subject));
      expect(reminders).toHaveLength(1);
    });

    it('brings a refused parcel back: returning on the refusal, returned when the return waybill is received', async () => {
      const id = await order();
      const number = (await ship(id)).number as string;
      await carrierMoves(number, '5');
      await carrierMoves(number, '7');
      await track();
      await carrierMoves(number, '103');
      await track();
      const refused = (await shipping(id)).shipment as Shipment;
      expect(refused.status).toBe('returning');
      expect(refused.return_number).toMatch(/^\d{14}$/);
      expect(await orderStatus(id)).toBe('delivered');
      const list = await admin('GET', '/orders/?shipping=returning&page_size=200');
      expect(list.json().results.map((o: { id: string }) => o.id)).toContain(id);
      await carrierMoves(refused.return_number as string, '9');
      await track();
      expect(((await shipping(id)).shipment as Shipment).status).toBe('returned');
      expect(await orderStatus(id)).toBe('returned');
      // The parcel came back: its goods are on the shelf again.
      expect(await stockStates(id)).toEqual(['returned']);
    });

    it('takes a waybill typed by hand: the order is shipped and the buyer mailed; a number belongs to one order', async () => {
      const id = await order();
      const res = await admin('POST', `/orders/${id}/shipping/by-hand/`, { number: '20450000000001' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ by_hand: true, status: 'in_transit', number: '20450000000001' });
      expect(await orderStatus(id)).toBe('shipped');
      expect((await mails(id)).some((m) => m.kind === 'parcel_news' && m.text.includes('20450000000001'))).toBe(true);
      const other = await order();
      const taken = await admin('POST', `/orders/${other}/shipping/by-hand/`, { number: '20450000000001' });
      expect(taken.statusCode).toBe(400);
      const bad = await admin('POST', `/orders/${other}/shipping/by-hand/`, { number: '123' });
      expect(bad.statusCode).toBe(400);
    });

    it('deletes a waybill before hand-over and refuses after', async () => {
      const id = await order();
      await ship(id);
      expect((await admin('DELETE', `/orders/${id}/shipping/`)).statusCode).toBe(204);
      expect(await shipping(id)).toMatchObject({ shipment: null });
      const number = (await ship(id)).number as string;
      await carrierMoves(number, '5');
      await track();
      expect((await admin('DELETE', `/orders/${id}/shipping/`)).statusCode).toBe(409);
    });

    it('prints labels and a hand-over register as PDF, and filters the orders to ship', async () => {
      const a = await order();
      const b = await order();
      await ship(a);
      const toShip = await admin('GET', '/orders/?shipping=to_ship&page_size=200');
      const ids = toShip.json().results.map((o: { id: string }) => o.id);
      expect(ids).toEqual(expect.arrayContaining([a, b]));
      await ship(b);
      const labels = await admin('GET', `/shipping/labels.pdf?order_id=${a}&order_id=${b}&format=a4`);
      expect(labels.statusCode, labels.body).toBe(200);
      expect(labels.headers['content-type']).toContain('application/pdf');
      expect(labels.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const register = await admin('POST', '/shipping/registers/', { order_ids: [a, b] });
      expect(register.statusCode, register.body).toBe(201);
      const pdf = await admin('GET', `/shipping/registers/${register.json().ref}/pdf`);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const unknown = await admin('GET', '/shipping/registers/00000000-0000-0000-0000-000000000000/pdf');
      expect(unknown.statusCode).toBe(404);
      const dashboard = (await admin('GET', '/dashboard/')).json();
      expect(dashboard.shipping.to_ship).toBeGreaterThanOrEqual(2);
    });

    it('applies 200 tracking answers at once and moves and mails each order once', async () => {
      const made = await admin('POST', '/shipping/bulk/', {
        order_ids: await Promise.all(Array.from({ length: 50 }, () => order())),
      });
      expect(made.statusCode, made.body).toBe(200);
      const results = made.json().results as { order_id: string; ok: boolean; number: string }[];
      expect(results.every((r) => r.ok)).toBe(true);
      for (const r of results) await carrierMoves(r.number, '5');
      // Four runs at once, each with the same 50 answers: 200 updates racing for 50 parcels.
      await Promise.all([track(), track(), track(), track()]);
      for (const r of results) {
        expect(await orderStatus(r.order_id)).toBe('shipped');
        expect((await mails(r.order_id)).filter((m) => m.kind === 'parcel_news')).toHaveLength(1);
      }
    });
  },
);
