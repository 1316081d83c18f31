import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../../test/helpers.ts';
import type { Database } from '../../../db/client.ts';
import { kyivDay } from '../../../lib/kyiv-time.ts';
import { type Carrier, CarrierError, trackingBatch, type WaybillRequest } from '../carrier.ts';
import { novaPoshtaCarrier } from './nova-poshta-carrier.ts';
import { novaPoshtaTransport } from './protocol.ts';
import { carrierSandboxRepository } from './sandbox.repository.ts';
import { type CarrierSandbox, carrierSandbox } from './sandbox.ts';
import { addCarrierWorkingDays, sandboxSender } from './sandbox-rules.ts';
import { type CarrierSandboxServer, listenCarrierSandbox } from './sandbox-server.ts';

const today = kyivDay(new Date());
const senderPhone = '+380501234567';

const waybillRequest = (overrides: Partial<WaybillRequest> = {}): WaybillRequest => ({
  reference: `ship-${crypto.randomUUID()}`,
  sender: {
    counterpartyRef: sandboxSender.counterpartyRef,
    contactRef: sandboxSender.contactRef,
    phone: senderPhone,
    cityRef: 'city-kyiv',
    warehouseRef: 'warehouse-kyiv-1',
  },
  recipient: {
    firstName: 'Тарас',
    lastName: 'Шевчук',
    phone: '+380931112233',
    cityRef: 'city-odesa',
    cityName: 'Одеса',
    warehouseRef: 'warehouse-odesa-7',
  },
  service: 'branch',
  payer: 'recipient',
  cargo: { weightKg: 0.8, seats: [], declaredValue: 40_000, description: 'Взуття' },
  sendDay: today,
  ...overrides,
});

/** The instant the sandbox's dates (to the second) stand for. */
const toSecond = (at: Date | null | undefined) =>
  new Date(Math.floor((at?.getTime() ?? 0) / 1000) * 1000).toISOString();

describe('tracking, moves and printed forms of the carrier sandbox, over HTTP', () => {
  let database: Database;
  let sandbox: CarrierSandbox;
  let server: CarrierSandboxServer;
  let carrier: Carrier;
  const documentOf = async (number: string) => (await carrierSandboxRepository(database).byRefsOrNumbers([number]))[0];

  beforeAll(async () => {
    database = await freshDatabase('pglite');
    sandbox = carrierSandbox(database, {
      placeName: async (ref) => ({ 'city-kyiv': 'Київ', 'warehouse-odesa-7': 'Відділення №7' })[ref],
    });
    server = await listenCarrierSandbox(sandbox.handle, sandbox.print);
    carrier = novaPoshtaCarrier({
      transport: novaPoshtaTransport({ apiKey: 'test-key', apiUrl: server.url }),
      printBase: server.printBase,
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('tracks 100 parcels in one call, with their statuses, dates, money and return waybill', async () => {
    const waybills = [];
    for (let i = 0; i < trackingBatch; i++) {
      const cod = i === 4 ? { cashOnDelivery: { amount: 150_000, kind: 'cash_on_delivery' as const } } : {};
      waybills.push(await carrier.create(waybillRequest(cod)));
    }
    const [created, moving, waiting, received, paid, refused, deleted] = waybills.map((w) => w.number) as string[];
    for (const [number, moves] of [
      [moving, ['5']],
      [waiting, ['5', '7']],
      [received, ['5', '7', '9']],
      [paid, ['5', '7', '9', '11']],
      [refused, ['5', '7', '103']],
    ] as const) {
      for (const code of moves) await sandbox.move(number as string, code);
    }
    await carrier.remove(waybills[6]?.ref as string);

    const tracked = await carrier.track(waybills.map((w) => ({ number: w.number, phone: senderPhone })));
    expect(tracked).toHaveLength(trackingBatch);
    const byNumber = new Map(tracked.map((t) => [t.number, t]));

    expect(byNumber.get(created as string)).toEqual({
      number: created,
      status: 'created',
      carrierCode: '1',
      carrierText: 'Відправник самостійно створив цю накладну, але ще не надав до відправки',
    });
    expect(byNumber.get(moving as string)).toMatchObject({ status: 'in_transit', carrierCode: '5' });
    expect(byNumber.get(deleted as string)).toMatchObject({ status: 'deleted', carrierCode: '2' });

    const arrived = await documentOf(waiting as string);
    const arrivalDay = kyivDay(arrived?.arrivedAt as Date);
    expect(byNumber.get(waiting as string)).toEqual({
      number: waiting,
      status: 'at_branch',
      carrierCode: '7',
      carrierText: 'Прибуло у відділення',
      arrivedAt: toSecond(arrived?.arrivedAt),
      // Paid storage starts 5 working days after arrival: the day before is free storage's last.
      storageUntil: addCarrierWorkingDays(arrivalDay, 5),
    });

    const taken = await documentOf(received as string);
    expect(byNumber.get(received as string)).toMatchObject({
      status: 'received',
      carrierCode: '9',
      receivedAt: toSecond(taken?.receivedAt),
      arrivedAt: toSecond(taken?.arrivedAt),
    });
    expect(byNumber.get(received as string)).not.toHaveProperty('moneyTransferred');
    expect(byNumber.get(paid as string)).toMatchObject({
      status: 'received',
      carrierCode: '11',
      moneyTransferred: true,
    });

    const back = byNumber.get(refused as string);
    expect(back).toMatchObject({ status: 'refused', carrierCode: '103' });
    expect(back?.returnNumber).toMatch(/^20450\d{9}$/);
    const [returning] = await carrier.track([{ number: back?.returnNumber as string, phone: senderPhone }]);
    expect(returning).toMatchObject({ status: 'in_transit', carrierCode: '5' });
    await sandbox.move(back?.returnNumber as string, '9');
    const [returned] = await carrier.track([{ number: back?.returnNumber as string, phone: senderPhone }]);
    expect(returned).toMatchObject({ status: 'received', carrierCode: '9' });
  });

  it('leaves out numbers the carrier does not know', async () => {
    const known = await carrier.create(waybillRequest());
    const tracked = await carrier.track([
      { number: '20450000000000', phone: senderPhone },
      { number: known.number, phone: senderPhone },
      { number: 'not-a-number', phone: senderPhone },
    ]);
    expect(tracked.map((t) => t.number)).toEqual([known.number]);
    expect(await carrier.track([])).toEqual([]);
  });

  it('refuses to track more than 100 parcels in one call', async () => {
    const parcels = Array.from({ length: trackingBatch + 1 }, (_, i) => ({
      number: `204500000${String(i).padStart(5, '0')}`,
      phone: senderPhone,
    }));
    await expect(carrier.track(parcels)).rejects.toThrow(RangeError);
    const answer = await sandbox.handle({
      apiKey: 'k',
      modelName: 'TrackingDocument',
      calledMethod: 'getStatusDocuments',
      methodProperties: { Documents: parcels.map((p) => ({ DocumentNumber: p.number, Phone: '' })) },
    });
    expect(answer.success).toBe(false);
  });

  it('moves parcels only forward, and says why not otherwise', async () => {
    const plain = await carrier.create(waybillRequest());
    await expect(sandbox.move(plain.number, '9')).rejects.toThrow(
      `Waybill ${plain.number} cannot move from status 1 to 9`,
    );
    await expect(sandbox.move(plain.number, '7')).rejects.toThrow(/cannot move/);
    await sandbox.move(plain.number, '5');
    await expect(sandbox.move(plain.number, '1')).rejects.toThrow(/cannot move/);
    await sandbox.move(plain.number, '7');
    await sandbox.move(plain.number, '9');
    // Without cash on delivery no money goes back.
    await expect(sandbox.move(plain.number, '11')).rejects.toThrow(/cannot move from status 9 to 11/);
    await expect(sandbox.move('20459999999999', '5')).rejects.toThrow(/has no waybill 20459999999999/);

    const stored = await carrier.create(waybillRequest());
    await sandbox.move(stored.number, '5');
    await sandbox.move(stored.number, '7');
    await sandbox.move(stored.number, '105');
    const [ended] = await carrier.track([{ number: stored.number, phone: senderPhone }]);
    expect(ended).toMatchObject({
      status: 'returning',
      carrierCode: '105',
      returnNumber: expect.stringMatching(/^20450/),
    });
    await expect(sandbox.move(ended?.returnNumber as string, '7')).rejects.toThrow(/cannot move/);

    const gone = await carrier.create(waybillRequest());
    await carrier.remove(gone.ref);
    await expect(sandbox.move(gone.number, '5')).rejects.toThrow(/cannot move from deleted/);

    const listed = (await sandbox.documents()).find((d) => d.number === stored.number);
    expect(listed).toMatchObject({ statusCode: '105', moves: [], returnNumber: ended?.returnNumber, isReturn: false });
  });

  it('prints labels and registers as PDF files holding the waybill numbers', async () => {
    const first = await carrier.create(
      waybillRequest({ cashOnDelivery: { amount: 123_450, kind: 'cash_on_delivery' } }),
    );
    const second = await carrier.create(waybillRequest());
    for (const format of ['marking', 'a4'] as const) {
      const file = Buffer.from(await carrier.labels([first.ref, second.ref], format)).toString('latin1');
      expect(file.startsWith('%PDF-1.4')).toBe(true);
      expect(file).toContain(`(${first.number}) Tj`);
      expect(file).toContain(`(${second.number}) Tj`);
      expect(file).toContain('(Nakladenyi platizh: 1234.50 UAH) Tj');
      expect(file).toContain('(Viddilennia No.7) Tj');
      expect(file.match(/\/Type \/Page /g)).toHaveLength(2);
    }

    const register = await carrier.register([first.ref, second.ref]);
    expect(register.number).toMatch(/^105-\d{8}$/);
    const sheet = Buffer.from(await carrier.registerPdf(register.ref)).toString('latin1');
    expect(sheet.startsWith('%PDF-1.4')).toBe(true);
    expect(sheet).toContain(`(${first.number}) Tj`);
    expect(sheet).toContain(`(${second.number}) Tj`);
    expect(sheet).toContain(`(Reiestr No. ${register.number}) Tj`);

    const again = await (carrier.register([second.ref]).catch((e: unknown) => e) as Promise<CarrierError>);
    expect(again).toBeInstanceOf(CarrierError);
    expect(again.kind).toBe('refused');
    expect(again.messages[0]?.uk).toContain('Document in registry');

    const missing = await (carrier
      .labels([crypto.randomUUID()], 'marking')
      .catch((e: unknown) => e) as Promise<CarrierError>);
    expect(missing).toMatchObject({ kind: 'refused' });
    expect(
      (await sandbox.print(`/scanSheet/printScanSheet/refs[]/${crypto.randomUUID()}/type/pdf/apiKey/k`)).status,
    ).toBe(404);
    expect((await sandbox.print(`/orders/printDocument/orders[]/${first.ref}/type/pdf`)).status).toBe(403);
  });
});
