import { type ShippingSettingsView, shippingCodes, shippingMessages } from '@kram/contract/admin-shipping';
import { type ErrorCode, readErrorCodes, writeErrorCodes } from '@kram/contract/error-codes';
import { describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../../api.ts';
import { createI18nProvider, messages } from '../../i18n/i18n-provider.ts';
import { aShipment, aWaybillDraft } from '../../test-fixtures.ts';
import {
  type BulkOutcome,
  bulkPercent,
  bulkReason,
  chunksOf,
  destinationOf,
  draftOf,
  estimateText,
  formFromDraft,
  formFromShipment,
  labelsUrl,
  phoneOf,
  recipientName,
  runBulk,
  settingsChange,
  settingsFormOf,
  shippingText,
  storageEnding,
  totalWeight,
  waybillRefusal,
} from './shipping-format.ts';

const orderId = '0b6f2a44-91c3-4e2b-8d51-3c9a7e1f2d40';
const cityRef = 'db5c88f0-391c-11dd-90d9-001a92567626';
const branchRef = '1ec09d88-e1c2-11e3-8c4a-0050568002cf';

const draft = aWaybillDraft({
  city_ref: cityRef,
  warehouse_ref: branchRef,
  warehouse_name: 'Відділення №1: вул. Пирогівський шлях, 135',
});

const translators = { uk: createI18nProvider('uk').translate, ru: createI18nProvider('ru').translate };

/** A failed answer as the client turns it into an error: the body, and the codes its header names. */
const refused = (status: number, body: unknown, codes: ErrorCode[]) =>
  toHttpError(status, body, readErrorCodes(writeErrorCodes(codes)));

describe('the waybill form', () => {
  it('sends the server’s defaults back as they came', () => {
    expect(draftOf(formFromDraft(draft))).toEqual({ draft });
  });

  it('reads what was typed: decimals with a comma, seats added, the weight the seats’, no cash on delivery when empty', () => {
    const form = formFromDraft(draft);
    form.seats = [
      { weight_kg: '1,5', length_cm: '40', width_cm: '30', height_cm: '20' },
      { weight_kg: '0.75', length_cm: '30', width_cm: '20', height_cm: '10,5' },
    ];
    form.cash_on_delivery = ' ';
    form.declared_value = '1999,5';
    form.recipient_phone = '+380 67 123-45-67';
    form.send_day = '2026-11-24';
    expect(totalWeight(form.seats)).toBe(2.25);
    expect(draftOf(form)).toEqual({
      draft: {
        ...draft,
        recipient_phone: '+380671234567',
        weight_kg: 2.25,
        seats: [
          { weight_kg: 1.5, length_cm: 40, width_cm: 30, height_cm: 20 },
          { weight_kg: 0.75, length_cm: 30, width_cm: 20, height_cm: 10.5 },
        ],
        declared_value: '1999.50',
        cash_on_delivery: null,
        send_day: '2026-11-24',
      },
    });
  });

  it('sends an address and no branch for a courier', () => {
    const form = { ...formFromDraft(draft), service: 'address' as const, address: ' вул. Хрещатик, 1, кв. 5 ' };
    const result = draftOf(form);
    expect(result).toEqual({
      draft: expect.objectContaining({ service: 'address', address: 'вул. Хрещатик, 1, кв. 5' }),
    });
    expect('draft' in result && 'warehouse_ref' in result.draft).toBe(false);
  });

  it('names each number that is not one by the field the server would name', () => {
    const form = formFromDraft(draft);
    form.seats = [{ weight_kg: 'два', length_cm: '30', width_cm: '0', height_cm: '10' }];
    form.cash_on_delivery = '12,345';
    expect(draftOf(form)).toEqual({
      problems: {
        'seats.0.weight_kg': { key: 'resources.shipping.validation.number' },
        'seats.0.width_cm': { key: 'resources.shipping.validation.number' },
        cash_on_delivery: { key: 'resources.shipping.validation.amount' },
      },
    });
  });

  it('changes a waybill starting from the waybill itself: its names, phone, city and branch, cargo', () => {
    const otherCity = 'e221d64c-391c-11dd-90d9-001a92567626';
    const otherBranch = '7b422fc5-e1b8-11e3-8c4a-0050568002cf';
    const shipment = aShipment({
      payer: 'sender',
      recipient_first_name: 'Олена Петрівна',
      recipient_last_name: 'Коваль-Шевчук',
      recipient_phone: '+380501112233',
      city_ref: otherCity,
      city_name: 'Львів',
      warehouse_ref: otherBranch,
      warehouse_name: 'Відділення №5',
      seats: [
        { weight_kg: 2, length_cm: 30, width_cm: 20, height_cm: 10 },
        { weight_kg: 0.5, length_cm: 20, width_cm: 15, height_cm: 5 },
      ],
      weight_kg: 2.5,
      declared_value: '1800.00',
      description: 'Куртка',
      cash_on_delivery: null,
      send_day: '2026-11-24',
    });
    const form = formFromShipment(shipment);
    expect(form).toEqual({
      service: 'branch',
      payer: 'sender',
      recipient_first_name: 'Олена Петрівна',
      recipient_last_name: 'Коваль-Шевчук',
      recipient_phone: '+380501112233',
      city_ref: otherCity,
      city_name: 'Львів',
      warehouse_ref: otherBranch,
      warehouse_name: 'Відділення №5',
      address: '',
      seats: [
        { weight_kg: '2', length_cm: '30', width_cm: '20', height_cm: '10' },
        { weight_kg: '0.5', length_cm: '20', width_cm: '15', height_cm: '5' },
      ],
      declared_value: '1800.00',
      description: 'Куртка',
      cash_on_delivery: '',
      send_day: '2026-11-24',
    });
    // Saved untouched, the change sends the waybill back as it is.
    expect(draftOf(form)).toEqual({
      draft: {
        service: 'branch',
        payer: 'sender',
        recipient_first_name: 'Олена Петрівна',
        recipient_last_name: 'Коваль-Шевчук',
        recipient_phone: '+380501112233',
        city_ref: otherCity,
        city_name: 'Львів',
        warehouse_ref: otherBranch,
        warehouse_name: 'Відділення №5',
        weight_kg: 2.5,
        seats: shipment.seats,
        declared_value: '1800.00',
        description: 'Куртка',
        cash_on_delivery: null,
        send_day: '2026-11-24',
      },
    });
  });

  it('changes a courier waybill with its own address, and names its destination and recipient', () => {
    const shipment = aShipment({
      service: 'address',
      warehouse_ref: null,
      warehouse_name: '',
      address: 'вул. Хрещатик, 1, кв. 5',
    });
    const form = formFromShipment(shipment);
    expect(form).toMatchObject({
      service: 'address',
      warehouse_ref: '',
      warehouse_name: '',
      address: 'вул. Хрещатик, 1, кв. 5',
    });
    const result = draftOf(form);
    expect(result).toEqual({
      draft: expect.objectContaining({
        service: 'address',
        city_ref: shipment.city_ref,
        address: 'вул. Хрещатик, 1, кв. 5',
      }),
    });
    expect('draft' in result && 'warehouse_ref' in result.draft).toBe(false);
    expect(destinationOf(shipment)).toBe('Київ, вул. Хрещатик, 1, кв. 5');
    expect(destinationOf(aShipment())).toBe('Київ, Відділення №1');
    expect(recipientName(aShipment())).toBe('Коваль Олена');
  });

  it('keeps a hand-typed waybill’s missing references empty', () => {
    const form = formFromShipment(aShipment({ by_hand: true, city_ref: null, warehouse_ref: null }));
    expect(form).toMatchObject({ city_ref: '', warehouse_ref: '', city_name: 'Київ', warehouse_name: 'Відділення №1' });
  });
});

describe('the carrier’s estimate', () => {
  const plain = (text: string) => text.replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');

  it('shows the delivery and the fee for collecting cash on delivery apart, in Ukrainian', () => {
    const text = estimateText({ cost: '73.50', collection_fee: '44.69', delivery_day: '2026-11-25' }, translators.uk);
    expect(plain(text)).toBe('Доставка ≈ 73,50 ₴ + комісія за післяплату 44,69 ₴, посилка прибуде 25.11.2026.');
  });

  it('and in Russian', () => {
    const text = estimateText({ cost: '73.50', collection_fee: '44.69', delivery_day: null }, translators.ru);
    expect(plain(text)).toBe('Доставка ≈ 73,50 ₴ + комиссия за наложенный платёж 44,69 ₴.');
  });

  it('leaves the fee out when there is none', () => {
    expect(plain(estimateText({ cost: '73.50', collection_fee: '0.00', delivery_day: null }, translators.uk))).toBe(
      'Доставка ≈ 73,50 ₴.',
    );
    expect(
      plain(estimateText({ cost: '1250.00', collection_fee: '0.00', delivery_day: '2026-11-25' }, translators.ru)),
    ).toBe('Доставка ≈ 1 250,00 ₴, посылка прибудет 25.11.2026.');
  });
});

describe('a refused waybill', () => {
  const carrierSaid = refused(
    400,
    {
      recipient_phone: ['Невірний номер телефону одержувача'],
      warehouse_ref: ['Відділення не приймає посилки'],
      'seats.0.weight_kg': ['Вага місця більша за допустиму'],
      non_field_errors: ['Відправника не знайдено'],
    },
    [
      {
        field: 'recipient_phone',
        code: shippingCodes.carrierRefused,
        params: {
          uk: 'Невірний номер телефону одержувача',
          ru: 'Неверный номер телефона получателя',
          code: '20000200096',
        },
      },
      {
        field: 'warehouse_ref',
        code: shippingCodes.carrierRefused,
        params: { uk: 'Відділення не приймає посилки', ru: 'Отделение не принимает посылки', code: '20000900746' },
      },
      {
        field: 'seats.0.weight_kg',
        code: shippingCodes.carrierRefused,
        params: { uk: 'Вага місця більша за допустиму', ru: 'Вес места больше допустимого', code: '' },
      },
      {
        field: 'non_field_errors',
        code: shippingCodes.carrierRefused,
        params: { uk: 'Відправника не знайдено', ru: 'Отправитель не найден', code: '' },
      },
    ],
  );

  it('shows the carrier’s words beside the fields they name, in Ukrainian', () => {
    expect(waybillRefusal(carrierSaid, translators.uk)).toEqual({
      fields: {
        recipient_phone: 'Невірний номер телефону одержувача',
        warehouse_ref: 'Відділення не приймає посилки',
        'seats.0.weight_kg': 'Вага місця більша за допустиму',
      },
      general: ['Відправника не знайдено'],
    });
  });

  it('and in Russian', () => {
    expect(waybillRefusal(carrierSaid, translators.ru)).toEqual({
      fields: {
        recipient_phone: 'Неверный номер телефона получателя',
        warehouse_ref: 'Отделение не принимает посылки',
        'seats.0.weight_kg': 'Вес места больше допустимого',
      },
      general: ['Отправитель не найден'],
    });
  });

  it('translates the shop’s own rules by their codes, and keeps a field the form lacks in view', () => {
    const error = refused(
      400,
      { warehouse_ref: [shippingMessages.warehouseRequired], city_name: ['Too big'], reference: ['Odd'] },
      [{ field: 'warehouse_ref', code: 'shipping.warehouse_required' }],
    );
    expect(waybillRefusal(error, translators.ru)).toEqual({
      fields: { warehouse_ref: 'Выберите отделение или почтомат.', city_name: 'Too big' },
      general: ['Odd'],
    });
  });

  it('tells the carrier’s silence and a conflict as a whole', () => {
    const silent = refused(502, { detail: shippingMessages.carrierUnavailable }, [
      { code: 'shipping.carrier_unavailable' },
    ]);
    expect(waybillRefusal(silent, translators.uk)).toEqual({
      fields: {},
      general: ['Нова пошта не відповіла. Спробуйте ще раз або введіть номер накладної вручну.'],
    });
    const missing = refused(409, { detail: shippingMessages.senderMissing }, [{ code: 'shipping.sender_missing' }]);
    expect(waybillRefusal(missing, translators.ru).general[0]).toMatch(/^Сначала укажите отправителя/);
  });

  it('tells a lost answer by its own code, apart from the carrier’s silence', () => {
    const lost = refused(502, { detail: shippingMessages.pending }, [{ code: 'shipping.pending' }]);
    expect(waybillRefusal(lost, translators.uk)).toEqual({
      fields: {},
      general: [
        'Нова пошта не відповіла, але накладна могла бути створена. Спробуйте ще раз: ту саму накладну буде знайдено, а не створено вдруге.',
      ],
    });
    expect(waybillRefusal(lost, translators.ru).general).toEqual([
      'Новая почта не ответила, но накладная могла быть создана. Попробуйте ещё раз: будет найдена та же накладная, а не создана повторно.',
    ]);
    const silent = refused(502, { detail: shippingMessages.carrierUnavailable }, [
      { code: shippingCodes.carrierUnavailable },
    ]);
    expect(waybillRefusal(silent, translators.uk).general).not.toEqual(waybillRefusal(lost, translators.uk).general);
  });

  it('names a blocked order in the manager’s language, other words as they came', () => {
    expect(shippingText(shippingMessages.notShippable, translators.uk)).toBe(
      'Накладну створюють лише для підтвердженого або сплаченого замовлення з доставкою Новою поштою.',
    );
    expect(shippingText(shippingMessages.alreadyShipped, translators.ru)).toBe('У этого заказа уже есть накладная.');
    expect(shippingText('recipient_phone: Невірний номер', translators.ru)).toBe('recipient_phone: Невірний номер');
  });

  it('has a text for every shipping message, in both languages', () => {
    const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    for (const language of ['uk', 'ru'] as const) {
      const texts = messages[language].errors.shipping as Record<string, string>;
      for (const name of Object.keys(shippingMessages)) expect(texts[snake(name)], name).toBeTruthy();
    }
  });
});

describe('bulk waybills', () => {
  const ids = Array.from({ length: 23 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const ok = (id: string): BulkOutcome => ({
    order_id: id,
    ok: true,
    number: `2045${id.slice(-10)}`,
    error: null,
    error_codes: [],
  });
  const shipped: BulkOutcome = {
    order_id: ids[1] as string,
    ok: false,
    number: null,
    error: shippingMessages.alreadyShipped,
    error_codes: [{ code: 'shipping.already_shipped' }],
  };

  it('goes ten orders a call, telling the progress after each, outcomes in the orders’ order', async () => {
    const send = vi.fn(async (chunk: string[]) => [...chunk].reverse().map(ok));
    const progress = vi.fn();
    const outcomes = await runBulk(ids, send, progress, () => 'failed');
    expect(send.mock.calls.map(([chunk]) => chunk.length)).toEqual([10, 10, 3]);
    expect(progress.mock.calls.map(([done]) => done)).toEqual([10, 20, 23]);
    expect(outcomes.map((o) => o.order_id)).toEqual(ids);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(progress.mock.calls.map(([done, sofar]) => bulkPercent(done, ids.length) && sofar.length)).toEqual([
      10, 20, 23,
    ]);
  });

  it('marks the orders of a call that failed as a whole, and goes on', async () => {
    const send = vi.fn(async (chunk: string[]) => {
      if (chunk[0] === ids[10]) throw new Error('network');
      return chunk.map((id) => (id === ids[1] ? shipped : ok(id)));
    });
    const outcomes = await runBulk(
      ids,
      send,
      () => {},
      (error) => (error instanceof Error ? error.message : 'none'),
    );
    expect(outcomes).toHaveLength(23);
    expect(outcomes[1]).toEqual(shipped);
    expect(outcomes.slice(10, 20).every((o) => !o.ok && o.error === 'network' && o.error_codes.length === 0)).toBe(
      true,
    );
    expect(outcomes[20]?.ok).toBe(true);
  });

  it('tells each failed order’s reason by its codes, in Ukrainian and Russian', () => {
    expect(bulkReason(shipped, translators.uk)).toBe('У цього замовлення вже є накладна.');
    expect(bulkReason(shipped, translators.ru)).toBe('У этого заказа уже есть накладная.');
    const carrier: BulkOutcome = {
      order_id: ids[2] as string,
      ok: false,
      number: null,
      error: 'recipient_phone: Невірний номер телефону; city_ref: Місто не знайдено',
      error_codes: [
        {
          field: 'recipient_phone',
          code: shippingCodes.carrierRefused,
          params: { uk: 'Невірний номер телефону', ru: 'Неверный номер телефона', code: '20000200096' },
        },
        {
          field: 'city_ref',
          code: shippingCodes.carrierRefused,
          params: { uk: 'Місто не знайдено', ru: 'Город не найден', code: '' },
        },
      ],
    };
    expect(bulkReason(carrier, translators.uk)).toBe('Невірний номер телефону Місто не знайдено');
    expect(bulkReason(carrier, translators.ru)).toBe('Неверный номер телефона Город не найден');
    const lost = { error: shippingMessages.pending, error_codes: [{ code: 'shipping.pending' }] };
    expect(bulkReason(lost, translators.ru)).toMatch(/^Новая почта не ответила, но накладная могла быть создана\./);
    const unavailable = {
      error: shippingMessages.carrierUnavailable,
      error_codes: [{ code: 'shipping.carrier_unavailable' }],
    };
    expect(bulkReason(unavailable, translators.uk)).toBe(
      'Нова пошта не відповіла. Спробуйте ще раз або введіть номер накладної вручну.',
    );
  });

  it('keeps the answer’s words for a code with no text, and a whole call’s failure as it was told', () => {
    expect(
      bulkReason({ error: 'Something odd.', error_codes: [{ code: 'shipping.something_new' }] }, translators.uk),
    ).toBe('Something odd.');
    expect(bulkReason({ error: 'Сервер не відповів.', error_codes: [] }, translators.uk)).toBe('Сервер не відповів.');
  });

  it('counts the progress in whole percent', () => {
    expect(chunksOf([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    expect(bulkPercent(0, 23)).toBe(0);
    expect(bulkPercent(10, 23)).toBe(43);
    expect(bulkPercent(23, 23)).toBe(100);
    expect(bulkPercent(0, 0)).toBe(100);
  });
});

describe('labels and storage', () => {
  it('asks one PDF for all the orders, in their order', () => {
    expect(labelsUrl([orderId], 'marking')).toBe(`/api/admin/shipping/labels.pdf?order_id=${orderId}&format=marking`);
    const other = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    expect(labelsUrl([other, orderId], 'a4')).toBe(
      `/api/admin/shipping/labels.pdf?order_id=${other}&order_id=${orderId}&format=a4`,
    );
  });

  it('highlights a parcel whose storage ends today or tomorrow on Kyiv’s clock', () => {
    // 23:30 UTC on the 23rd is already the 24th in Kyiv.
    const now = new Date('2026-11-23T23:30:00Z');
    const waiting = (until: string) => ({ status: 'at_branch' as const, storage_until: until });
    expect(storageEnding(waiting('2026-11-24'), now)).toBe(true);
    expect(storageEnding(waiting('2026-11-25'), now)).toBe(true);
    expect(storageEnding(waiting('2026-11-26'), now)).toBe(false);
    expect(storageEnding({ status: 'received', storage_until: '2026-11-24' }, now)).toBe(false);
  });
});

describe('the shipping settings', () => {
  const saved: ShippingSettingsView = {
    counterparty_ref: 'c-1',
    counterparty_name: 'ФОП Коваль',
    contact_ref: 'p-1',
    contact_name: 'Коваль Олена',
    phone: '+380671234567',
    city_ref: cityRef,
    city_name: 'Київ',
    warehouse_ref: branchRef,
    warehouse_name: 'Відділення №1',
    cod_kind: 'cash_on_delivery',
    default_weight_kg: 0.5,
    description: 'Одяг',
    tracking_interval_minutes: 60,
    checked_at: null,
    carrier_connected: true,
    sandbox: true,
    last_tracking_at: null,
  };

  it('saves only what changed, since a changed sender is checked again', () => {
    const form = { ...settingsFormOf(saved), default_weight_kg: '0,75', phone: '+380 50 111 22 33' };
    expect(settingsChange(form, saved)).toEqual({ change: { default_weight_kg: 0.75, phone: '+380501112233' } });
    expect(settingsChange(settingsFormOf(saved), saved)).toEqual({ change: {} });
  });

  it('writes a phone the shop’s way, as Nova Poshta gives it or as typed', () => {
    expect(phoneOf('380501234567')).toBe('+380501234567');
    expect(phoneOf('067 123 45 67')).toBe('+380671234567');
    expect(phoneOf('+38 (067) 123-45-67')).toBe('+380671234567');
    expect(phoneOf(' 12345 ')).toBe('12345');
  });

  it('names numbers that are not', () => {
    const form = { ...settingsFormOf(saved), default_weight_kg: 'x', tracking_interval_minutes: '1.5' };
    expect(settingsChange(form, saved)).toEqual({
      problems: {
        default_weight_kg: 'resources.shipping.validation.number',
        tracking_interval_minutes: 'resources.shipping.validation.whole_number',
      },
    });
  });
});
