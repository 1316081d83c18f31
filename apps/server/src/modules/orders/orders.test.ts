import { formatHryvnias, formatMoney, parseMoney } from '@kram/contract/money';
import type { Order } from '@kram/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, idempotencyKey, lineOf, orderPayload } from '../../../test/orders.ts';
import { type MailCatcher, startMailCatcher } from '../../../test/smtp.ts';
import { bearer, freshIp, signUp, type TestUser } from '../../../test/users.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(dialectBackends)('orders API on %s', (backend) => {
  let ctx: TestContext;
  let smtp: MailCatcher;
  let products: CatalogProduct[];
  /** In stock, with sizes and colours. */
  let dressed: CatalogProduct[];
  let soldOut: CatalogProduct;

  const place = async (payload: unknown, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/',
      payload: payload as object,
      headers: { 'x-forwarded-for': freshIp(), ...headers },
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  const history = async (token: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/orders/', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Order[];
  };
  const ordersOf = (email: string) =>
    ctx.database.rows<{ id: string; amount: string; status: string }>(
      sql`select id, amount::text as amount, status from orders where email = ${email}`,
    );
  /** The mail to `address` (whose subject holds `subject`), once it has arrived. */
  const mailTo = async (address: string, subject = '') => {
    for (let i = 0; i < 100; i++) {
      const found = smtp.received.find((m) => m.recipients.includes(address) && m.parsed.subject?.includes(subject));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail to ${address}`);
  };
  const orderCount = async () =>
    (await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from orders`))[0]?.n ?? 0;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    ctx = await createTestContext(backend, { SMTP_URL: smtp.url, SHOP_EMAIL: 'orders@shop.example.ua' });
    products = await catalogProducts(ctx.database);
    dressed = products.filter((p) => p.inStock && p.sizeIds.length > 0 && p.colorIds.length > 0);
    soldOut = products.find((p) => !p.inStock) as CatalogProduct;
    expect(dressed.length).toBeGreaterThan(3);
    expect(soldOut).toBeDefined();
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  describe('POST /api/orders/', () => {
    it('prices the order from the database, whatever prices and total the client sends', async () => {
      const [a, b] = dressed as [CatalogProduct, CatalogProduct];
      const payload = orderPayload([
        { ...lineOf(a, 2), price: '0.01' },
        { ...lineOf(b, 1), price: '1.00' },
      ]);
      payload.amount = 0.03;
      const res = await place(payload);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const expected = formatMoney(parseMoney(a.price) * 2 + parseMoney(b.price));
      const order = res.body as Order;
      expect(order).toMatchObject({ status: 'new', payment_method: 'cash', delivery_type: 'branch', amount: expected });
      expect(order.order_id).toMatch(uuid);
      expect(order.items.map((i) => [i.product, i.quantity, i.price])).toEqual([
        [a.id, 2, a.price],
        [b.id, 1, b.price],
      ]);
      const item = order.items[0];
      expect(Object.keys(item ?? {}).sort()).toEqual(
        [
          'category_full_path',
          'color',
          'colors',
          'name',
          'name_ru',
          'price',
          'product',
          'product_images',
          'quantity',
          'size',
          'sizes',
          'slug',
        ].sort(),
      );
      expect(item?.size).toEqual({ id: a.sizeIds[0], name: expect.any(String) });
      expect(item?.color).toMatchObject({ id: a.colorIds[0], name: expect.any(String) });
      expect(item?.sizes.map((s) => s.id).sort()).toEqual([...a.sizeIds].sort());
      expect(item?.product_images[0]).toMatchObject({ image: expect.any(String), variants: expect.any(Object) });
      expect(await ordersOf(payload.email as string)).toEqual([
        { id: order.order_id, amount: expected, status: 'new' },
      ]);
    });

    it('links the order to the signed-in shopper, who alone lists it, newest first', async () => {
      const alice = await signUp(ctx.app);
      const bob = await signUp(ctx.app);
      const first = await place(orderPayload([lineOf(dressed[0] as CatalogProduct)]), bearer(alice.access));
      const second = await place(orderPayload([lineOf(dressed[1] as CatalogProduct, 3)]), bearer(alice.access));
      const guests = await place(orderPayload([lineOf(dressed[2] as CatalogProduct)]));
      expect([first.status, second.status, guests.status]).toEqual([201, 201, 201]);

      const listed = await history(alice.access);
      expect(listed.map((o) => o.order_id)).toEqual([second.body.order_id, first.body.order_id]);
      expect(listed[0]).toEqual(second.body);
      expect(await history(bob.access)).toEqual([]);

      const guest = await ctx.app.inject({ method: 'GET', url: '/api/orders/' });
      expect(guest.statusCode).toBe(401);
      const forged = await ctx.app.inject({ method: 'GET', url: '/api/orders/', headers: bearer('not.a.token') });
      expect(forged.statusCode).toBe(401);
      // A bad token on checkout is a 401 too, never a silent guest order.
      expect((await place(orderPayload([lineOf(dressed[0] as CatalogProduct)]), bearer('bad'))).status).toBe(401);
    });

    it('refuses a product out of stock, or one that does not exist, and writes nothing', async () => {
      const before = await orderCount();
      const res = await place(
        orderPayload([lineOf(dressed[0] as CatalogProduct), lineOf(soldOut), { ...lineOf(soldOut), product: 999999 }]),
      );
      expect(res).toMatchObject({
        status: 400,
        body: {
          'items.1.product': ['This product is out of stock.'],
          'items.2.product': ['This product no longer exists.'],
        },
      });
      expect(await orderCount()).toBe(before);
    });

    it('refuses a size or colour of another product, and a missing size where the product has sizes', async () => {
      const product = dressed[0] as CatalogProduct;
      const foreignSize = products.flatMap((p) => p.sizeIds).find((id) => !product.sizeIds.includes(id));
      const foreignColor = products.flatMap((p) => p.colorIds).find((id) => !product.colorIds.includes(id));
      expect(foreignSize).toBeDefined();
      expect(foreignColor).toBeDefined();
      const res = await place(
        orderPayload([
          { ...lineOf(product), size: foreignSize as number },
          { ...lineOf(product), color: foreignColor as number },
          { ...lineOf(product), size: null },
        ]),
      );
      expect(res).toEqual({
        status: 400,
        headers: expect.any(Object),
        body: {
          'items.0.size': ['This size does not belong to the product.'],
          'items.1.color': ['This colour does not belong to the product.'],
          'items.2.size': ['Choose a size.'],
        },
      });
    });

    it('wants whole positive quantities', async () => {
      const product = dressed[0] as CatalogProduct;
      const res = await place(
        orderPayload([
          { ...lineOf(product), quantity: 0 },
          { ...lineOf(product), quantity: -2 },
          { ...lineOf(product), quantity: 1.5 },
          { ...lineOf(product), quantity: '2' as unknown as number },
        ]),
      );
      expect(res.status).toBe(400);
      expect(Object.keys(res.body).sort()).toEqual([
        'items.0.quantity',
        'items.1.quantity',
        'items.2.quantity',
        'items.3.quantity',
      ]);
    });

    it('accepts an order of up to 50,000 UAH and refuses one above it', async () => {
      const product = dressed[0] as CatalogProduct;
      const unit = parseMoney(product.price);
      const most = Math.floor(5_000_000 / unit);
      const under = await place(orderPayload([lineOf(product, most)]));
      expect(under.status, JSON.stringify(under.body)).toBe(201);
      expect(parseMoney(under.body.amount)).toBeLessThanOrEqual(5_000_000);

      const before = await orderCount();
      const over = await place(orderPayload([lineOf(product, most + 1)]));
      expect(over).toMatchObject({
        status: 400,
        body: {
          detail: 'An order over 50000.00 UAH can only be placed by phone: please call the shop.',
          code: 'order_amount_limit',
        },
      });
      expect(await orderCount()).toBe(before);
    });

    it('answers the checkout rules of spec section 5 under each field', async () => {
      const res = await place({});
      expect(res).toEqual({
        status: 400,
        headers: expect.any(Object),
        body: {
          first_name: ['validation.firstname_required'],
          last_name: ['validation.lastname_required'],
          email: ['validation.email_required'],
          phone_number: ['validation.telephone_required'],
          payment_method: ['Must be one of cash, matching, card.'],
          delivery_type: ['Must be one of branch, address, self_delivery.'],
          items: ['validation.items_required'],
          isAgreement: ['validation.agreement_required'],
          'shipping_address.city': ['validation.city_required'],
          'shipping_address.branch': ['validation.branch_required'],
        },
      });

      const bad = await place(
        orderPayload([], {
          first_name: '  ',
          email: 'not-mail',
          phone_number: '0671234567',
          shipping_address: { city: ' ', branch: '' },
          isAgreement: false,
        }),
      );
      expect(bad.body).toEqual({
        first_name: ['validation.firstname_required'],
        email: ['validation.invalid_email'],
        phone_number: ['validation.invalid_telephone'],
        items: ['validation.items_required'],
        isAgreement: ['validation.agreement_required'],
        'shipping_address.city': ['validation.city_required'],
        'shipping_address.branch': ['validation.branch_required'],
      });

      const courier = await place(
        orderPayload([lineOf(dressed[0] as CatalogProduct)], {
          delivery_type: 'address',
          shipping_address: { city: 'Львів', branch: '   ' },
        }),
      );
      expect(courier).toMatchObject({
        status: 400,
        body: { 'shipping_address.branch': ['validation.address_required'] },
      });
    });

    it('strips whitespace from personal fields, as the form does', async () => {
      const payload = orderPayload([lineOf(dressed[0] as CatalogProduct)], {
        first_name: ' Олена ',
        phone_number: '+380 67 123 45 67',
        email: ' buyer-spaces@example.com ',
      });
      const res = await place(payload);
      expect(res.status).toBe(201);
      expect(await ordersOf('buyer-spaces@example.com')).toHaveLength(1);
    });

    it('refuses fields it does not know, in the order and in its lines', async () => {
      const line = lineOf(dressed[0] as CatalogProduct);
      const extra = await place({ ...orderPayload([line]), discount: 50 });
      expect(extra).toMatchObject({ status: 400, body: { non_field_errors: ['Unrecognized key: "discount"'] } });
      const inLine = await place(orderPayload([{ ...line, total: '1.00' } as typeof line]));
      expect(inLine).toMatchObject({ status: 400, body: { 'items.0': ['Unrecognized key: "total"'] } });
    });

    it('collects self-pickup at the shop in Odesa, and takes a courier address as typed', async () => {
      const pickup = await place(
        orderPayload([lineOf(dressed[0] as CatalogProduct)], {
          delivery_type: 'self_delivery',
          shipping_address: { city: 'Київ', branch: 'Відділення №3' },
        }),
      );
      expect(pickup.status).toBe(201);
      expect(pickup.body.shipping_address).toEqual({ city: 'Одеса', branch: 'Самовивіз: вул. Пушкінська, 10' });
      const noAddress = await place(
        orderPayload([lineOf(dressed[0] as CatalogProduct)], {
          delivery_type: 'self_delivery',
          shipping_address: undefined,
        }),
        { cookie: 'lng=ru' },
      );
      expect(noAddress.body.shipping_address.city).toBe('Одесса');

      const courier = await place(
        orderPayload([lineOf(dressed[0] as CatalogProduct)], {
          delivery_type: 'address',
          payment_method: 'matching',
          shipping_address: { city: 'Львів', branch: 'вул. Городоцька, 120, кв. 5' },
        }),
      );
      expect(courier.body).toMatchObject({
        payment_method: 'matching',
        delivery_type: 'address',
        shipping_address: { city: 'Львів', branch: 'вул. Городоцька, 120, кв. 5' },
      });
    });

    it('sends card payments to the invoice call', async () => {
      const res = await place(orderPayload([lineOf(dressed[0] as CatalogProduct)], { payment_method: 'card' }));
      expect(res).toMatchObject({
        status: 400,
        body: { payment_method: ['Card payments are placed through /api/create-monobank-invoice/.'] },
      });
    });

    it('mails the buyer in the language of the request and the shop in Ukrainian', async () => {
      const product = dressed[0] as CatalogProduct;
      const payload = orderPayload([lineOf(product, 2)], { need_call_back: true, description: 'Після 18:00 <b>' });
      const res = await place(payload, { cookie: 'lng=ru' });
      expect(res.status).toBe(201);
      const number = `#${res.body.order_id.slice(-7)}`;
      const buyer = await mailTo(payload.email as string);
      const shop = await mailTo('orders@shop.example.ua', number);
      expect(buyer?.parsed.subject).toBe(`Заказ ${number} принят`);
      expect(buyer?.parsed.text).toContain(`Итого: ${formatHryvnias(res.body.amount, 'грн')}`);
      expect(buyer?.parsed.text).toContain(`2 шт × ${formatHryvnias(product.price, 'грн')}`);
      expect(buyer?.parsed.text).toContain('Перезвоните мне: да');
      expect(shop?.parsed.subject).toBe(`Нове замовлення ${number} на ${formatHryvnias(res.body.amount, 'грн')}`);
      expect(shop?.parsed.replyTo).toEqual([{ address: payload.email, name: '' }]);
      expect(shop?.parsed.text).toContain('Коментар: Після 18:00 <b>');
      expect(shop?.parsed.html).toContain('Після 18:00 &lt;b&gt;');
    });

    it('mails the buyer in the language the order names, before the cookie', async () => {
      // The page's language, which its address decides, comes with the order (decision 029).
      const payload = orderPayload([lineOf(dressed[0] as CatalogProduct)], { lng: 'ru' });
      const res = await place(payload, { cookie: 'lng=uk' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const buyer = await mailTo(payload.email as string);
      expect(buyer?.parsed.subject).toBe(`Заказ #${res.body.order_id.slice(-7)} принят`);
      const refused = await place(orderPayload([lineOf(dressed[0] as CatalogProduct)], { lng: 'de' }));
      expect(refused).toMatchObject({ status: 400, body: { lng: ['Must be one of uk, ru.'] } });
    });

    it('keeps what was ordered when the catalogue changes or the product is deleted', async () => {
      const user = await signUp(ctx.app);
      const product = dressed[3] as CatalogProduct;
      const res = await place(orderPayload([lineOf(product)]), bearer(user.access));
      const [before] = await history(user.access);
      await ctx.database.db.execute(
        sql`update products set name = 'Інша назва', price = price + 100 where id = ${product.id}`,
      );
      expect((await history(user.access))[0]).toEqual(before);
      await ctx.database.db.execute(sql`delete from products where id = ${product.id}`);
      expect((await history(user.access))[0]).toEqual(before);
      expect(before?.order_id).toBe(res.body.order_id);
    });
  });

  describe('Idempotency-Key', () => {
    it('20 concurrent submissions with one key place one order, and all answer it', async () => {
      const key = idempotencyKey();
      const payload = orderPayload([lineOf(dressed[0] as CatalogProduct), lineOf(dressed[1] as CatalogProduct, 2)]);
      const answers = await Promise.all(Array.from({ length: 20 }, () => place(payload, { 'idempotency-key': key })));
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(19).fill(200), 201]);
      const ids = new Set(answers.map((a) => a.body.order_id));
      expect(ids.size).toBe(1);
      const orders = await ordersOf(payload.email as string);
      expect(orders).toHaveLength(1);
      expect(answers[0]?.body).toEqual(answers[19]?.body);
      const lines = await ctx.database.rows<{ n: number }>(
        sql`select count(*)::int as n from order_items where order_id = ${orders[0]?.id}`,
      );
      expect(lines[0]?.n).toBe(2);
    });

    it('answers the first order later too, even once the product is sold out', async () => {
      const key = idempotencyKey();
      const product = dressed[2] as CatalogProduct;
      const payload = orderPayload([lineOf(product)]);
      const first = await place(payload, { 'idempotency-key': key });
      await ctx.database.db.execute(sql`update products set is_on_sale = false where id = ${product.id}`);
      try {
        const again = await place(payload, { 'idempotency-key': key });
        expect(again).toMatchObject({ status: 200, body: first.body });
      } finally {
        await ctx.database.db.execute(sql`update products set is_on_sale = true where id = ${product.id}`);
      }
    });

    it('refuses the key with another order, or from another shopper', async () => {
      const key = idempotencyKey();
      const user: TestUser = await signUp(ctx.app);
      const payload = orderPayload([lineOf(dressed[0] as CatalogProduct)]);
      expect((await place(payload, { 'idempotency-key': key, ...bearer(user.access) })).status).toBe(201);
      const changed = await place(
        { ...payload, description: 'ще одне' },
        { 'idempotency-key': key, ...bearer(user.access) },
      );
      expect(changed).toMatchObject({
        status: 422,
        body: { detail: 'This Idempotency-Key was already used for a different order.' },
      });
      expect((await place(payload, { 'idempotency-key': key })).status).toBe(422);
      expect((await ordersOf(payload.email as string)).length).toBe(1);
    });

    it('wants a printable key', async () => {
      const res = await place(orderPayload([lineOf(dressed[0] as CatalogProduct)]), {
        'idempotency-key': 'a'.repeat(300),
      });
      expect(res).toMatchObject({
        status: 400,
        body: { 'idempotency-key': ['Idempotency-Key must be 1 to 255 printable ASCII characters.'] },
      });
    });
  });

  it('limits orders per client address', async () => {
    const ip = freshIp();
    const payload = orderPayload([lineOf(soldOut)]);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await place(payload, { 'x-forwarded-for': ip })).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
