import { describe, expect, it } from 'vitest';
import { CarrierError } from '../carrier.ts';
import { carrierMessageFor, novaPoshtaErrors } from './error-codes.ts';
import { kopiykyOf, novaPoshtaTransport, npDay, npDayOf, npInstantOf, npKilograms, npPhone } from './protocol.ts';

const refusalOf = async (promise: Promise<unknown>): Promise<CarrierError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CarrierError);
  return error as CarrierError;
};

const transportAnswering = (respond: () => Response | Promise<Response>) =>
  novaPoshtaTransport({ apiKey: 'k', apiUrl: 'http://np.test/v2.0/json/', fetch: async () => respond() });

describe('Nova Poshta’s values', () => {
  it.each([
    ['85', 8500],
    ['85.5', 8550],
    ['85.50', 8550],
    [85.5, 8550],
    [1234.45, 123445],
    ['0.1', 10],
    ['1234,50', 123450],
    ['10.005', 1001],
    ['10.004', 1000],
    [0, 0],
  ])('reads the amount %s as %i kopiyky', (value, kopiyky) => {
    expect(kopiykyOf(value)).toBe(kopiyky);
  });

  it.each([[''], ['abc'], ['-5'], [null], [undefined], [Number.NaN], ['1e3']])('reads %s as no amount', (value) => {
    expect(kopiykyOf(value)).toBeUndefined();
  });

  it('reads Nova Poshta’s dates on Kyiv’s clock, in winter and in summer', () => {
    expect(npInstantOf('30.11.2026 14:05:09')).toBe('2026-11-30T12:05:09.000Z');
    expect(npInstantOf('2026-07-01 14:05:09')).toBe('2026-07-01T11:05:09.000Z');
    expect(npInstantOf('30-11-2026')).toBe('2026-11-29T22:00:00.000Z');
    // The night the clocks go back 03:30 comes twice; it is read as the later, winter, one.
    expect(npInstantOf('2026-10-25 03:30:00')).toBe('2026-10-25T01:30:00.000Z');
    expect(npInstantOf('2026-10-25 02:30:00')).toBe('2026-10-24T23:30:00.000Z');
    expect(npDayOf('2026-11-30 00:00:00.000000')).toBe('2026-11-30');
    expect(npDayOf('30.11.2026')).toBe('2026-11-30');
  });

  it('reads no date from an empty or impossible one', () => {
    for (const value of ['', '31.02.2026', '0001-01-01 00:00:00', 'завтра', undefined, 5]) {
      expect(npDayOf(value), String(value)).toBeUndefined();
      expect(npInstantOf(value), String(value)).toBeUndefined();
    }
  });

  it('writes days, phones and weights as Nova Poshta takes them', () => {
    expect(npDay('2026-03-07')).toBe('07.03.2026');
    expect(npPhone('+380 (67) 123-45-67')).toBe('380671234567');
    expect(npKilograms(0.1 + 0.2)).toBe('0.3');
    expect(npKilograms(1.5)).toBe('1.5');
  });
});

describe('the error table', () => {
  it('turns a known code into a manager’s words with the field it names', () => {
    expect(carrierMessageFor('20000300434', 'RecipientsPhone invalid format')).toEqual({
      field: 'recipient_phone',
      code: '20000300434',
      uk: 'Телефон отримувача має неправильний формат',
      ru: 'Телефон получателя в неправильном формате',
    });
  });

  it('keeps the carrier’s own words, in both languages, for a code it does not know', () => {
    expect(carrierMessageFor('20000999999', 'Something new')).toEqual({
      code: '20000999999',
      uk: 'Something new',
      ru: 'Something new',
    });
    expect(carrierMessageFor(undefined, 'No code')).toEqual({ uk: 'No code', ru: 'No code' });
  });

  it('has real-looking codes, Nova Poshta’s words and both languages in every row', () => {
    for (const [code, row] of Object.entries(novaPoshtaErrors)) {
      expect(code).toMatch(/^200\d{8}$/);
      expect(row.en && row.uk && row.ru, code).toBeTruthy();
    }
  });
});

describe('the HTTP transport', () => {
  it('maps each reason of a refusal through the table, in order', async () => {
    const transport = transportAnswering(() =>
      Response.json({
        success: false,
        data: [],
        errors: ['Weight is invalid', 'Brand new error'],
        errorCodes: ['20000200373', '20000999998'],
        warnings: [],
        info: [],
      }),
    );
    const error = await refusalOf(transport.call('InternetDocument', 'save', {}));
    expect(error.kind).toBe('refused');
    expect(error.messages.map((m) => [m.field, m.code, m.uk])).toEqual([
      ['weight', '20000200373', 'Вагу вказано неправильно: потрібне число більше нуля'],
      [undefined, '20000999998', 'Brand new error'],
    ]);
  });

  it('calls a 5xx, a network fault and an answer that is not the protocol unavailable', async () => {
    for (const respond of [
      () => new Response('Bad gateway', { status: 502 }),
      () => Promise.reject(new TypeError('fetch failed')),
      () => new Response('<html>maintenance</html>', { status: 200 }),
      () => Response.json({ hello: 'world' }),
    ]) {
      const error = await refusalOf(transportAnswering(respond).call('InternetDocument', 'save', {}));
      expect(error.kind).toBe('unavailable');
      expect(error.messages[0]?.uk).toMatch(/Нова Пошта не відповідає/);
      expect(error.messages[0]?.ru).toMatch(/Новая Почта не отвечает/);
    }
  });

  it('calls a 4xx refused', async () => {
    const error = await refusalOf(transportAnswering(() => new Response('no', { status: 403 })).print('http://x/p'));
    expect(error.kind).toBe('refused');
  });

  it('sends the key, the model, the method and the properties as JSON, and adds the key to print paths', async () => {
    const seen: { url: string; body?: string }[] = [];
    const transport = novaPoshtaTransport({
      apiKey: 'secret',
      apiUrl: 'http://np.test/v2.0/json/',
      fetch: async (url, init) => {
        seen.push({ url: String(url), body: init?.body as string | undefined });
        return init?.method === 'GET'
          ? new Response('%PDF-1.4')
          : Response.json({ success: true, data: [{ Ref: 'r' }], errors: [], warnings: [], info: [] });
      },
    });
    expect(await transport.call('Counterparty', 'getCounterparties', { Page: '1' })).toEqual([{ Ref: 'r' }]);
    await transport.print('http://print.test/orders/printDocument/orders[]/a,b/type/pdf');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      apiKey: 'secret',
      modelName: 'Counterparty',
      calledMethod: 'getCounterparties',
      methodProperties: { Page: '1' },
    });
    expect(seen[1]?.url).toBe('http://print.test/orders/printDocument/orders[]/a,b/type/pdf/apiKey/secret');
  });
});
