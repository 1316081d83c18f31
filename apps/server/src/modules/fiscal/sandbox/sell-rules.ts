import { isUuid } from './sandbox-store.ts';

/** One complaint of a validation refusal, as Checkbox (FastAPI) words it: where, what, of which kind. */
export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export interface SellGood {
  code: string;
  name: string;
  price: number;
  quantity: number;
  tax: unknown[];
  isReturn: boolean;
}

export interface SellReceipt {
  id: string;
  goods: SellGood[];
  discounts: { value: number; name: string }[];
  payments: { type: 'CASH' | 'CASHLESS'; value: number; label: string }[];
  emails: string[];
  relatedReceiptId: string | null;
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
const isCount = (value: unknown, min: number) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min;

/**
 * Checks a `POST /receipts/sell` body as the register does, field by field: the receipt, or every
 * complaint (the register answers them all at once with 422).
 */
export function readSellBody(value: unknown): { receipt: SellReceipt } | { details: ValidationDetail[] } {
  const details: ValidationDetail[] = [];
  const fail = (loc: (string | number)[], msg: string, type = 'value_error') =>
    details.push({ loc: ['body', ...loc], msg, type });
  const body = record(value);
  if (!body) return { details: [{ loc: ['body'], msg: 'value is not a valid dict', type: 'type_error.dict' }] };

  const id = typeof body.id === 'string' && isUuid(body.id) ? body.id.toLowerCase() : undefined;
  if (!id) fail(['id'], 'value is not a valid uuid', 'type_error.uuid');

  const goods: SellGood[] = [];
  if (!Array.isArray(body.goods) || body.goods.length === 0) fail(['goods'], 'ensure this value has at least 1 items');
  else {
    body.goods.forEach((item, i) => {
      const entry = record(item);
      const good = record(entry?.good);
      const at = (...loc: (string | number)[]) => ['goods', i, ...loc];
      if (!entry || !good) {
        fail(at('good'), 'field required', 'value_error.missing');
        return;
      }
      const ok = { code: true, name: true, price: true, quantity: true, tax: true };
      if (typeof good.code !== 'string' || good.code.length === 0 || good.code.length > 256) {
        ok.code = false;
        fail(at('good', 'code'), 'ensure this value has 1 to 256 characters');
      }
      if (typeof good.name !== 'string' || good.name.trim().length === 0 || good.name.length > 1000) {
        ok.name = false;
        fail(at('good', 'name'), 'ensure this value has 1 to 1000 characters');
      }
      if (!isCount(good.price, 0)) {
        ok.price = false;
        fail(at('good', 'price'), 'value is not a valid integer of kopiyky', 'type_error.integer');
      }
      if (!isCount(entry.quantity, 1)) {
        ok.quantity = false;
        fail(at('quantity'), 'ensure this value is a whole number of thousandths greater than 0');
      }
      const tax = good.tax === undefined ? [] : good.tax;
      if (!Array.isArray(tax)) {
        ok.tax = false;
        fail(at('good', 'tax'), 'value is not a valid list', 'type_error.list');
      }
      if (Object.values(ok).every(Boolean)) {
        goods.push({
          code: good.code as string,
          name: good.name as string,
          price: good.price as number,
          quantity: entry.quantity as number,
          tax: tax as unknown[],
          isReturn: entry.is_return === true,
        });
      }
    });
  }

  const discounts: SellReceipt['discounts'] = [];
  if (body.discounts !== undefined && !Array.isArray(body.discounts)) fail(['discounts'], 'value is not a valid list');
  for (const [i, item] of (Array.isArray(body.discounts) ? body.discounts : []).entries()) {
    const d = record(item);
    if (d?.type !== 'DISCOUNT' || d.mode !== 'VALUE' || !isCount(d.value, 0)) {
      fail(['discounts', i], 'a discount is {type: DISCOUNT, mode: VALUE, value: kopiyky}');
    } else discounts.push({ value: d.value as number, name: typeof d.name === 'string' ? d.name : '' });
  }

  const payments: SellReceipt['payments'] = [];
  if (!Array.isArray(body.payments) || body.payments.length === 0) {
    fail(['payments'], 'ensure this value has at least 1 items');
  } else {
    body.payments.forEach((item, i) => {
      const p = record(item);
      if (!p || (p.type !== 'CASH' && p.type !== 'CASHLESS'))
        fail(['payments', i, 'type'], 'unexpected value; permitted: CASH, CASHLESS');
      else if (!isCount(p.value, 0)) fail(['payments', i, 'value'], 'value is not a valid integer of kopiyky');
      else payments.push({ type: p.type, value: p.value as number, label: typeof p.label === 'string' ? p.label : '' });
    });
  }

  const delivery = record(body.delivery);
  const emails = Array.isArray(delivery?.emails) ? delivery.emails : [];
  emails.forEach((email, i) => {
    if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(email))
      fail(['delivery', 'emails', i], 'value is not a valid email address');
  });

  const related = body.related_receipt_id;
  if (related !== undefined && related !== null && !(typeof related === 'string' && isUuid(related))) {
    fail(['related_receipt_id'], 'value is not a valid uuid', 'type_error.uuid');
  }
  if (details.length > 0 || !id) return { details };
  return {
    receipt: {
      id,
      goods,
      discounts,
      payments,
      emails: emails as string[],
      relatedReceiptId: typeof related === 'string' ? related.toLowerCase() : null,
    },
  };
}

/** A line's sum as the register rounds it: price × quantity in thousandths, to the kopiyka. */
export const lineSum = (good: Pick<SellGood, 'price' | 'quantity'>) => Math.round((good.price * good.quantity) / 1000);

/** The goods less the discounts: what the payments must come to. */
export const receiptTotal = (receipt: Pick<SellReceipt, 'goods' | 'discounts'>) =>
  receipt.goods.reduce((sum, g) => sum + lineSum(g), 0) - receipt.discounts.reduce((sum, d) => sum + d.value, 0);
