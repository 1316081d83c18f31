import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, freshDatabase, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { bearer, freshIp, staffUser, type TestUser } from '../../../test/users.ts';
import type { Database } from '../../db/client.ts';
import { loadBundledIfEmpty } from '../delivery/index.ts';
import { type CarrierSandbox, carrierSandbox } from './nova-poshta/sandbox.ts';
import { type CarrierSandboxServer, listenCarrierSandbox } from './nova-poshta/sandbox-server.ts';

const kyiv = { ref: 'b84e7d62-abbb-58e4-a284-cfa1040ec561', name: 'Київ' };
const branch = { ref: 'f03d2e4f-8f87-5e56-8c23-af530b340061', name: 'Відділення №1: вул. Хрещатик, 112' };

/**
 * The shop with a Nova Poshta key, talking over HTTP to a carrier with its own database (the stand-in),
 * which can be slow or lose its answers; and the manager's chat on a local Telegram.
 */
describe('shipping when the carrier is slow, silent or refuses', () => {
  let ctx: TestContext;
  let manager: TestUser;
  let products: CatalogProduct[];
  let carrierDb: Database;
  let carrier: CarrierSandbox;
  let server: CarrierSandboxServer;
  const chat: string[] = [];
  let telegram: http.Server;

  const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: bearer(manager.access),
      ...(payload ? { payload } : {}),
    });

  async function confirmedOrder(): Promise<string> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { 'x-forwarded-for': freshIp() },
      payload: orderPayload([lineOf(products[0] as CatalogProduct)], {
        shipping_address: { city: kyiv.name, branch: branch.name, city_ref: kyiv.ref, branch_ref: branch.ref },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().order_id as string;
    expect((await admin('POST', `/orders/${id}/status/`, { status: 'confirmed' })).statusCode).toBe(200);
    return id;
  }

  const documentsAtCarrier = async () =>
    (await carrierDb.rows<{ n: number }>(sql`select count(*)::int as n from carrier_sandbox_documents`))[0]?.n;

  beforeAll(async () => {
    carrierDb = await freshDatabase('pglite');
    carrier = carrierSandbox(carrierDb);
    server = await listenCarrierSandbox(carrier.handle, carrier.print);
    telegram = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        chat.push((JSON.parse(raw) as { text: string }).text);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"result":{}}');
      });
    });
    await new Promise<void>((resolve) => telegram.listen(0, '127.0.0.1', resolve));
    ctx = await createTestContext('pglite', {
      NOVA_POSHTA_API_KEY: 'test-np-key',
      NOVA_POSHTA_API_URL: server.url,
      NOVA_POSHTA_PRINT_URL: server.printBase,
      NOVA_POSHTA_TIMEOUT_MS: '1000',
      TELEGRAM_BOT_TOKEN: '123456:test-token',
      TELEGRAM_CHAT_ID: '-1001234',
      TELEGRAM_API_URL: `http://127.0.0.1:${(telegram.address() as AddressInfo).port}`,
    });
    await loadBundledIfEmpty(ctx.database);
    manager = await staffUser(ctx.app, ctx.database);
    products = (await catalogProducts(ctx.database)).filter((p) => p.inStock);
    const [sender] = (await admin('GET', '/shipping/senders/')).json().senders;
    const saved = await admin('PATCH', '/shipping/settings/', {
      counterparty_ref: sender.counterparty_ref,
      contact_ref: sender.contacts[0].ref,
      phone: '+380501112233',
      city_ref: kyiv.ref,
      warehouse_ref: branch.ref,
    });
    expect(saved.json()).toMatchObject({ sandbox: false, carrier_connected: true });
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
    await carrierDb?.close();
    await new Promise<void>((resolve) => telegram?.close(() => resolve()));
  });

  it('finds a waybill whose answer was lost instead of making a second', async () => {
    const id = await confirmedOrder();
    const { draft } = (await admin('GET', `/orders/${id}/shipping/`)).json();
    const before = await documentsAtCarrier();
    server.dropAnswerOf('save');
    const lost = await admin('POST', `/orders/${id}/shipping/`, draft);
    // The shop looked again after the silence and found what the carrier had made.
    expect(lost.statusCode, lost.body).toBe(201);
    expect(lost.json().number).toMatch(/^\d{14}$/);
    expect(await documentsAtCarrier()).toBe((before ?? 0) + 1);
    expect((await admin('POST', `/orders/${id}/shipping/`, draft)).statusCode).toBe(409);
    expect(await documentsAtCarrier()).toBe((before ?? 0) + 1);
  });

  it('keeps a waybill asked for while the carrier is silent, and completes it on the next try without a second', async () => {
    const id = await confirmedOrder();
    const { draft } = (await admin('GET', `/orders/${id}/shipping/`)).json();
    const before = (await documentsAtCarrier()) ?? 0;
    // Silent for every call: the save is lost and the look-ups after it time out.
    server.delayMs = 3000;
    const silent = await admin('POST', `/orders/${id}/shipping/`, draft).finally(() => {
      server.delayMs = 0;
    });
    expect(silent.statusCode, silent.body).toBe(502);
    expect(JSON.parse(silent.headers['kram-error-codes'] as string)[0].code).toBe('shipping.pending');
    const pending = (await admin('GET', `/orders/${id}/shipping/`)).json().shipment;
    expect(pending).toMatchObject({ number: null });
    const again = await admin('POST', `/orders/${id}/shipping/`, draft);
    expect(again.statusCode, again.body).toBe(201);
    // One waybill at the carrier for this order, whatever was made during the silence.
    const refs = await carrierDb.rows<{ n: number }>(
      sql`select count(*)::int as n from carrier_sandbox_documents where properties->>'InfoRegClientBarcodes' like ${`${id.slice(-7)}-%`}`,
    );
    expect(refs[0]?.n).toBe(1);
    expect(((await documentsAtCarrier()) ?? 0) - before).toBe(1);
  });

  it('tells the manager’s chat when a buyer refuses a parcel, once', async () => {
    const id = await confirmedOrder();
    const { draft } = (await admin('GET', `/orders/${id}/shipping/`)).json();
    const number = (await admin('POST', `/orders/${id}/shipping/`, draft)).json().number as string;
    await carrier.move(number, '5');
    await carrier.move(number, '7');
    await admin('POST', '/shipping/track/', {});
    await carrier.move(number, '103');
    await admin('POST', '/shipping/track/', {});
    await admin('POST', '/shipping/track/', {});
    const notices = chat.filter((text) => text.includes(number));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`Відмова від посилки: замовлення #${id.slice(-7)}`);
  });
});
