import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  attachmentName,
  exportQuery,
  formatDateTime,
  formatHryvnias,
  historyLine,
  noteProblem,
  orderNumber,
  orderRefusalKey,
  parsePrice,
  reasonProblem,
} from './order-format.ts';

describe('order formatting', () => {
  it('shows hryvnias the Ukrainian way and dates on Kyiv’s clock', () => {
    // As the storefront writes money, whatever the browser's ICU data.
    expect(formatHryvnias('1234.50')).toBe('1\u202F234,50\u00A0₴');
    expect(formatDateTime('2026-03-10T22:30:00Z')).toBe('11.03.26, 00:30');
  });

  it('numbers an order as the shop does: # and the last 7 characters of its id', () => {
    expect(orderNumber('0b6f2a44-91c3-4e2b-8d51-3c9a7e1f2d40')).toBe('#e1f2d40');
  });
});

describe('the CSV export’s query', () => {
  it('carries the list’s filters, repeated statuses, its sort and the language', () => {
    const query = exportQuery(
      { status: ['new', 'confirmed'], q: 'Олена', from: '2026-03-01', payment_method: '', page: 3, colour: 'red' },
      { field: 'amount', order: 'DESC' },
      'ru',
    );
    expect(query.getAll('status')).toEqual(['new', 'confirmed']);
    expect(query.get('q')).toBe('Олена');
    expect(query.get('from')).toBe('2026-03-01');
    expect(query.has('payment_method')).toBe(false);
    expect(query.has('page')).toBe(false);
    expect(query.has('colour')).toBe(false);
    expect(query.get('sort')).toBe('amount');
    expect(query.get('order')).toBe('desc');
    expect(query.get('lng')).toBe('ru');
  });

  it('leaves out a sort the export does not know', () => {
    expect(exportQuery({}, { field: 'email', order: 'ASC' }, 'uk').has('sort')).toBe(false);
  });

  it('names the file as the server does', () => {
    expect(attachmentName('attachment; filename="orders-2026-11-23.csv"', 'orders.csv')).toBe('orders-2026-11-23.csv');
    expect(attachmentName(null, 'orders.csv')).toBe('orders.csv');
  });
});

describe('what a manager types', () => {
  it('needs a reason to cancel, and no other move', () => {
    expect(reasonProblem('cancelled', '  ')?.key).toBe('resources.orders.validation.reason_required');
    expect(reasonProblem('cancelled', 'Немає в наявності')).toBeUndefined();
    expect(reasonProblem('confirmed', '')).toBeUndefined();
    expect(reasonProblem('returned', 'x'.repeat(501))?.key).toBe('resources.orders.validation.too_long');
  });

  it('takes a price with a point or a comma, above zero and within the limit', () => {
    expect(parsePrice(' 1250,5 ')).toEqual({ price: '1250.5' });
    expect(parsePrice('99')).toEqual({ price: '99' });
    expect(parsePrice('0')).toEqual({ problem: { key: 'resources.orders.validation.price_positive' } });
    expect(parsePrice('12.345')).toEqual({ problem: { key: 'resources.orders.validation.price_format' } });
    expect(parsePrice('-5')).toEqual({ problem: { key: 'resources.orders.validation.price_format' } });
    expect(parsePrice('1000000')).toMatchObject({ problem: { key: 'resources.orders.validation.price_max' } });
  });

  it('needs a note’s text', () => {
    expect(noteProblem(' ')?.key).toBe('resources.orders.validation.note_required');
    expect(noteProblem('x'.repeat(2001))?.key).toBe('resources.orders.validation.too_long');
    expect(noteProblem('Передзвонити')).toBeUndefined();
  });
});

describe('refusals', () => {
  it('are translated by their code', () => {
    const refused = new HttpError('An order keeps at least one line: cancel the order instead.', 409, {
      detail: 'An order keeps at least one line: cancel the order instead.',
      code: 'order_last_line',
    });
    expect(orderRefusalKey(refused)).toBe('resources.orders.errors.order_last_line');
    const tooLarge = new HttpError('ra.message.invalid_form', 400, {
      price: ['The order’s amount would be larger than the shop can record.'],
    });
    expect(orderRefusalKey(tooLarge)).toBe('resources.orders.errors.amount_too_large');
    expect(orderRefusalKey(new HttpError('Not found.', 404, { detail: 'Not found.' }))).toBeUndefined();
  });
});

describe('history', () => {
  const label = (status: string) => `<${status}>`;

  it('tells each kind of change', () => {
    expect(
      historyLine(
        { action: 'order.status', before: { status: 'new' }, after: { status: 'confirmed', reason: 'by phone' } },
        label,
      ),
    ).toEqual({ key: 'resources.orders.history.status', values: { from: '<new>', to: '<confirmed>' } });
    const price = historyLine(
      {
        action: 'order.line_price',
        before: { line: { name: 'Куртка', price: '1000.00' }, amount: '1000.00' },
        after: { line: { name: 'Куртка', price: '900.00' }, amount: '900.00' },
      },
      label,
    );
    expect(price?.key).toBe('resources.orders.history.line_price');
    expect(price?.values?.to).toBe('900,00\u00A0₴');
    expect(
      historyLine({ action: 'order.note', before: null, after: { note_id: 1, text: 'Передзвонити' } }, label),
    ).toEqual({ key: 'resources.orders.history.note', values: { text: 'Передзвонити' } });
    expect(historyLine({ action: 'product.update', before: null, after: null }, label)).toBeUndefined();
  });

  it('tells the order’s waybill made, typed, changed and deleted', () => {
    const number = '20450880144390';
    expect(historyLine({ action: 'shipment.create', before: null, after: { number, cost: '73.50' } }, label)).toEqual({
      key: 'resources.orders.history.shipment_create',
      values: { number },
    });
    expect(historyLine({ action: 'shipment.by_hand', before: null, after: { number } }, label)?.key).toBe(
      'resources.orders.history.shipment_by_hand',
    );
    expect(historyLine({ action: 'shipment.update', before: { number }, after: { number } }, label)?.key).toBe(
      'resources.orders.history.shipment_update',
    );
    expect(historyLine({ action: 'shipment.delete', before: { number }, after: null }, label)).toEqual({
      key: 'resources.orders.history.shipment_delete',
      values: { number },
    });
  });
});
