import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../orders/index.ts';
import { csvCell, csvRow, ordersCsv } from './admin-orders.csv.ts';

describe('CSV cells', () => {
  it('are left as they are when plain', () => {
    expect(csvCell('Олена')).toBe('Олена');
    expect(csvCell('1250.00')).toBe('1250.00');
    expect(csvCell('')).toBe('');
  });

  it('are quoted, with quotes doubled, when they hold a comma, a quote or a line break', () => {
    expect(csvCell('Київ, Хрещатик')).toBe('"Київ, Хрещатик"');
    expect(csvCell('5" boots')).toBe('"5"" boots"');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it('start with an apostrophe when a spreadsheet would run them as a formula', () => {
    // A carriage return also makes the cell quoted.
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1`).replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
    }
    expect(csvCell('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
    expect(csvCell('\rcmd')).toBe('"\'\rcmd"');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('make rows ending in CRLF', () => {
    expect(csvRow(['a', 'b,c', '+380671234567'])).toBe('a,"b,c",\'+380671234567\r\n');
  });
});

describe('money in the export', () => {
  const order = {
    id: '4f9c2a1e-0000-4000-8000-00000a1b2c3d',
    createdAt: new Date('2026-03-11T10:00:00Z'),
    status: 'new',
    paymentMethod: 'cash',
    deliveryType: 'branch',
    lastName: 'Пошуківна',
    firstName: 'Олена',
    phoneNumber: '+380671234567',
    email: 'olena@example.com',
    city: 'Київ',
    branch: '1',
    amount: '12350.00',
    needCallBack: false,
    comment: '',
    cancelReason: null,
    lines: [
      { name: 'Куртка', nameRu: 'Куртка', size: { id: 1, name: 'M' }, color: null, quantity: 2, price: '6175.00' },
    ],
  } as unknown as OrderRecord;

  it('keeps the amount a plain number a spreadsheet sums, and writes prices in the items as the shop does', () => {
    const [, row] = ordersCsv([order], 'uk').split('\r\n');
    // Items (quoted: the price's decimal comma), quantity, then the amount as a plain number.
    expect(row).toContain(',Київ,1,"Куртка (розмір M) × 2 × 6\u202F175,00\u00A0₴",2,12350.00,ні,,');
  });
});

describe('labels in the export', () => {
  it('name the status, the payment and the delivery in the manager’s language', () => {
    const order = {
      id: '4f9c2a1e-0000-4000-8000-00000a1b2c3d',
      createdAt: new Date('2026-03-11T10:00:00Z'),
      status: 'awaiting_payment',
      paymentMethod: 'card',
      deliveryType: 'address',
      amount: '10.00',
      comment: '',
      cancelReason: null,
      lines: [],
    } as unknown as OrderRecord;
    expect(ordersCsv([order], 'uk').split('\r\n')[1]).toContain(",Очікує оплати,Карткою онлайн,Кур'єром,");
    expect(ordersCsv([order], 'ru').split('\r\n')[1]).toContain(',Ожидает оплаты,Картой онлайн,Курьером,');
  });
});
