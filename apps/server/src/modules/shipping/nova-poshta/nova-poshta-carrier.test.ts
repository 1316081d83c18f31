import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../../test/helpers.ts';
import type { Database } from '../../../db/client.ts';
import { kyivDay } from '../../../lib/kyiv-time.ts';
import { type Carrier, CarrierError, type WaybillRequest } from '../carrier.ts';
import { novaPoshtaCarrier } from './nova-poshta-carrier.ts';
import { novaPoshtaTransport, sandboxTransport } from './protocol.ts';
import { type CarrierSandbox, carrierSandbox } from './sandbox.ts';
import { addCarrierWorkingDays, sandboxSender } from './sandbox-rules.ts';
import { type CarrierSandboxServer, listenCarrierSandbox } from './sandbox-server.ts';

const today = kyivDay(new Date());

function waybillRequest(overrides: Partial<WaybillRequest> = {}): WaybillRequest {
  return {
    reference: `ship-${crypto.randomUUID()}`,
    sender: {
      counterpartyRef: sandboxSender.counterpartyRef,
      contactRef: sandboxSender.contactRef,
      phone: '+380501234567',
      cityRef: 'city-kyiv',
      warehouseRef: 'warehouse-kyiv-1',
    },
    recipient: {
      firstName: 'Олена',
      lastName: 'Коваль',
      phone: '+380671234567',
      cityRef: 'city-lviv',
      cityName: 'Львів',
      warehouseRef: 'warehouse-lviv-3',
    },
    service: 'branch',
    payer: 'recipient',
    cargo: {
      weightKg: 1.5,
      seats: [{ weightKg: 1.5, lengthCm: 30, widthCm: 20, heightCm: 10 }],
      declaredValue: 123_450,
      description: 'Одяг та спорядження',
    },
    sendDay: today,
    ...overrides,
  };
}

const failure = async (promise: Promise<unknown>): Promise<CarrierError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CarrierError);
  return error as CarrierError;
};

describe('the Nova Poshta adapter over HTTP, against the carrier sandbox', () => {
  let database: Database;
  let sandbox: CarrierSandbox;
  let server: CarrierSandboxServer;
  let carrier: Carrier;

  const documentsOf = (reference: string) =>
    database.rows<{ number: string; properties: Record<string, unknown> }>(
      sql`select number, properties from carrier_sandbox_documents where properties->>'InfoRegClientBarcodes' = ${reference}`,
    );

  beforeAll(async () => {
    database = await freshDatabase('pglite');
    sandbox = carrierSandbox(database);
    server = await listenCarrierSandbox(sandbox.handle, sandbox.print);
    const transport = novaPoshtaTransport({ apiKey: 'test-key', apiUrl: server.url, timeoutMs: 2_000 });
    carrier = novaPoshtaCarrier({ transport, printBase: server.printBase });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('estimates the cost in kopiyky and the delivery day', async () => {
    const parcel = {
      senderCityRef: 'city-kyiv',
      recipientCityRef: 'city-lviv',
      service: 'branch' as const,
      cargo: waybillRequest().cargo,
      sendDay: today,
    };
    // 85 ₴ between cities for up to 2 kg, and 0.5% of the 734.50 ₴ declared above 500 ₴ (3.67 ₴).
    expect(await carrier.estimate(parcel)).toEqual({
      cost: 8_867,
      collectionFee: 0,
      deliveryDay: addCarrierWorkingDays(today, 2),
    });
    // Cash on delivery of 1234.50 ₴ has its fee apart: 20 ₴ and 2% (24.69 ₴).
    expect(
      await carrier.estimate({ ...parcel, cashOnDelivery: { amount: 123_450, kind: 'cash_on_delivery' } }),
    ).toEqual({
      cost: 8_867,
      collectionFee: 4_469,
      deliveryDay: addCarrierWorkingDays(today, 2),
    });
    // Within one city, to the door, 3.5 kg: 70 ₴, 5 ₴ for the third and the fourth started kilogram, 35 ₴.
    const local = await carrier.estimate({
      ...parcel,
      recipientCityRef: 'city-kyiv',
      service: 'address',
      cargo: { weightKg: 3.5, seats: [], declaredValue: 50_000 },
    });
    expect(local).toEqual({
      cost: 7_000 + 1_000 + 3_500,
      collectionFee: 0,
      deliveryDay: addCarrierWorkingDays(today, 1),
    });
  });

  it('creates a waybill: a 14-digit number, a ref, the cost and the delivery day', async () => {
    const request = waybillRequest();
    const waybill = await carrier.create(request);
    expect(waybill.number).toMatch(/^20450\d{9}$/);
    expect(waybill.ref).toMatch(/^[0-9a-f-]{36}$/);
    expect(waybill).toMatchObject({ cost: 8_867, deliveryDay: addCarrierWorkingDays(today, 2) });
    const [row] = await documentsOf(request.reference);
    expect(row?.number).toBe(waybill.number);
    expect(row?.properties).toMatchObject({
      PayerType: 'Recipient',
      PaymentMethod: 'Cash',
      CargoType: 'Parcel',
      ServiceType: 'WarehouseWarehouse',
      Weight: '1.5',
      SeatsAmount: '1',
      OptionsSeat: [{ volumetricWidth: '20', volumetricLength: '30', volumetricHeight: '10', weight: '1.5' }],
      Cost: '1234.50',
      RecipientName: 'Коваль Олена',
      RecipientsPhone: '380671234567',
      SendersPhone: '380501234567',
      RecipientAddress: 'warehouse-lviv-3',
      DateTime: `${today.slice(8, 10)}.${today.slice(5, 7)}.${today.slice(0, 4)}`,
    });
    expect(row?.properties).not.toHaveProperty('BackwardDeliveryData');
  });

  it('sends cash on delivery of 1234.50 ₴ as exactly "1234.50", and the sandbox keeps 123450 kopiyky', async () => {
    const request = waybillRequest({ cashOnDelivery: { amount: 123_450, kind: 'cash_on_delivery' } });
    const waybill = await carrier.create(request);
    const [row] = await documentsOf(request.reference);
    expect(row?.properties.BackwardDeliveryData).toEqual([
      { PayerType: 'Recipient', CargoType: 'Money', RedeliveryString: '1234.50' },
    ]);
    expect(row?.properties).not.toHaveProperty('AfterpaymentOnGoodsCost');
    const listed = (await sandbox.documents()).find((d) => d.number === waybill.number);
    expect(listed?.collected).toBe(123_450);
  });

  it('sends payment control as AfterpaymentOnGoodsCost, and a courier delivery with the address', async () => {
    const control = waybillRequest({ cashOnDelivery: { amount: 99_999, kind: 'payment_control' } });
    await carrier.create(control);
    const [row] = await documentsOf(control.reference);
    expect(row?.properties.AfterpaymentOnGoodsCost).toBe('999.99');
    expect(row?.properties).not.toHaveProperty('BackwardDeliveryData');

    const request = waybillRequest({ service: 'address', payer: 'sender' });
    request.recipient = { ...request.recipient, warehouseRef: undefined, address: 'вул. Городоцька, 15, кв. 3' };
    await carrier.create(request);
    const [door] = await documentsOf(request.reference);
    expect(door?.properties).toMatchObject({
      ServiceType: 'WarehouseDoors',
      PayerType: 'Sender',
      RecipientAddressName: 'вул. Городоцька, 15, кв. 3',
      NewAddress: '1',
      RecipientType: 'PrivatePerson',
    });
    expect(door?.properties).not.toHaveProperty('RecipientAddress');
  });

  it('maps refusals to the waybill’s fields, in Ukrainian and Russian', async () => {
    const badPhone = waybillRequest();
    badPhone.recipient = { ...badPhone.recipient, phone: '+38067123' };
    const error = await failure(carrier.create(badPhone));
    expect(error.kind).toBe('refused');
    expect(error.messages).toEqual([
      {
        field: 'recipient_phone',
        code: '20000300434',
        uk: 'Телефон отримувача має неправильний формат',
        ru: 'Телефон получателя в неправильном формате',
      },
    ]);

    const many = waybillRequest({ cashOnDelivery: { amount: 6_000_000, kind: 'cash_on_delivery' } });
    many.cargo = { ...many.cargo, weightKg: 0 };
    many.recipient = { ...many.recipient, warehouseRef: undefined };
    const fields = (await failure(carrier.create(many))).messages.map((m) => m.field);
    expect(fields.sort()).toEqual(['cash_on_delivery', 'warehouse', 'weight']);

    const controlToDoor = waybillRequest({
      service: 'address',
      cashOnDelivery: { amount: 1_000, kind: 'payment_control' },
    });
    controlToDoor.recipient = { ...controlToDoor.recipient, address: 'вул. Личаківська, 1' };
    expect((await failure(carrier.create(controlToDoor))).messages).toEqual([
      expect.objectContaining({ field: 'cash_on_delivery', code: '20000201590' }),
    ]);
    expect(await documentsOf(badPhone.reference)).toEqual([]);
  });

  it('keeps the carrier’s own words for a refusal whose code it does not know', async () => {
    const transport = novaPoshtaTransport({ apiKey: 'test-key', apiUrl: server.url });
    const error = await failure(transport.call('InternetDocument', 'teleport', {}));
    expect(error.messages).toEqual([
      {
        uk: 'Method teleport of model InternetDocument not found',
        ru: 'Method teleport of model InternetDocument not found',
      },
    ]);
    const noKey = novaPoshtaTransport({ apiKey: '', apiUrl: server.url });
    expect((await failure(noKey.call('Counterparty', 'getCounterparties', {}))).messages[0]?.code).toBe('20000200069');
  });

  it('calls a carrier slower than the timeout unavailable', async () => {
    const impatient = novaPoshtaCarrier({
      transport: novaPoshtaTransport({ apiKey: 'test-key', apiUrl: server.url, timeoutMs: 150 }),
      printBase: server.printBase,
    });
    server.delayMs = 600;
    try {
      const error = await failure(impatient.senders());
      expect(error.kind).toBe('unavailable');
      expect(error.messages[0]?.uk).toMatch(/не відповідає/);
    } finally {
      server.delayMs = 0;
    }
  });

  it('finds a waybill whose answer was lost by its reference, and it exists once', async () => {
    const request = waybillRequest();
    server.dropAnswerOf('save');
    const error = await failure(carrier.create(request));
    expect(error.kind).toBe('unavailable');
    const found = await carrier.find(request.reference, today);
    expect(found?.number).toMatch(/^20450\d{9}$/);
    const rows = await documentsOf(request.reference);
    expect(rows.map((r) => r.number)).toEqual([found?.number]);
    expect(await carrier.find('no-such-reference', today)).toBeUndefined();
    expect(await carrier.find(request.reference, '2020-01-01')).toBeUndefined();
  });

  it('updates and deletes a waybill before hand-over, and refuses both after it', async () => {
    const waybill = await carrier.create(waybillRequest());
    const heavier = waybillRequest({ cargo: { ...waybillRequest().cargo, weightKg: 4, seats: [] } });
    const updated = await carrier.update(waybill.ref, heavier);
    expect(updated).toMatchObject({ ref: waybill.ref, number: waybill.number, cost: 8_867 + 2 * 1_000 });

    const gone = await carrier.create(waybillRequest());
    await carrier.remove(gone.ref);
    const [tracked] = await carrier.track([{ number: gone.number, phone: '+380501234567' }]);
    expect(tracked).toMatchObject({ status: 'deleted', carrierCode: '2' });

    await sandbox.move(waybill.number, '5');
    const notAnyMore = await failure(carrier.update(waybill.ref, heavier));
    expect(notAnyMore.messages).toEqual([
      expect.objectContaining({ code: '20000301006', uk: expect.stringMatching(/не можна змінити/) }),
    ]);
    const notDeleted = await failure(carrier.remove(waybill.ref));
    expect(notDeleted.messages).toEqual([
      expect.objectContaining({ code: '20000201173', uk: expect.stringMatching(/не можна видалити/) }),
    ]);
  });

  it('reads the shop’s counterparty and contacts as sender options', async () => {
    expect(await carrier.senders()).toEqual([
      {
        counterpartyRef: sandboxSender.counterpartyRef,
        name: sandboxSender.name,
        contacts: [{ ref: sandboxSender.contactRef, name: sandboxSender.contactName, phone: sandboxSender.phone }],
      },
    ]);
  });

  it('speaks the same protocol in process, through JSON', async () => {
    const inProcess = novaPoshtaCarrier({ transport: sandboxTransport(sandbox) });
    const request = waybillRequest();
    const waybill = await inProcess.create(request);
    expect(await inProcess.find(request.reference, today)).toEqual(waybill);
    const pdf = await inProcess.labels([waybill.ref], 'marking');
    expect(Buffer.from(pdf).toString('latin1')).toContain(`(${waybill.number}) Tj`);
    const badPhone = waybillRequest();
    badPhone.recipient = { ...badPhone.recipient, phone: '' };
    expect((await failure(inProcess.create(badPhone))).messages[0]).toMatchObject({
      field: 'recipient_phone',
      code: '20000300435',
    });
  });
});
