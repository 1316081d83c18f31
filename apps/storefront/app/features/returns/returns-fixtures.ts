import type { OrderReceipt, OrderReceipts } from '@kram/contract/fiscal';
import type { OrderReturns, ReturnView } from '@kram/contract/returns';

/** Answers of the returns and receipts calls, as the contract shapes them, for the feature's tests. */

export const orderId = '4f9c2a1e-0000-4000-8000-00000a1b2c3d';
export const validIban = 'UA213223130000026007233566001';

export const returnLines = (): OrderReturns['lines'] => [
  {
    position: 0,
    name: 'Куртка польова',
    name_ru: 'Куртка полевая',
    size: 'L',
    color: 'Олива',
    color_ru: 'Олива',
    quantity: 2,
    returnable: 2,
    unit_refund: '1250.50',
  },
  {
    position: 1,
    name: 'Шапка',
    name_ru: 'Шапка',
    size: null,
    color: null,
    color_ru: null,
    quantity: 3,
    returnable: 1,
    unit_refund: '300.00',
  },
  {
    position: 2,
    name: 'Рукавиці',
    name_ru: 'Перчатки',
    size: 'M',
    color: null,
    color_ru: null,
    quantity: 1,
    returnable: 0,
    unit_refund: '450.00',
  },
];

export const returnView = (changes: Partial<ReturnView> = {}): ReturnView => ({
  id: '9b1d7f3e-0000-4000-8000-0000000c0ffe',
  number: 'П-00c0ffe',
  order_id: orderId,
  status: 'requested',
  lines: [
    {
      position: 0,
      name: 'Куртка польова',
      name_ru: 'Куртка полевая',
      size: 'L',
      color: 'Олива',
      color_ru: 'Олива',
      quantity: 1,
      unit_refund: '1250.50',
      total: '1250.50',
    },
  ],
  reason: 'Не підійшов розмір',
  shipping: 'shop',
  refund_amount: '1250.50',
  refund_method: 'card',
  refusal_reason: null,
  refusal_note: null,
  shop_address: 'Київ, вул. Січових Стрільців, 1',
  refund_due_at: null,
  created_at: '2026-11-20T10:00:00Z',
  steps: [{ status: 'requested', at: '2026-11-20T10:00:00Z' }],
  ...changes,
});

export const orderReturnsAnswer = (changes: Partial<OrderReturns> = {}): OrderReturns => ({
  order_id: orderId,
  can_request: true,
  why_not: null,
  deadline: '2026-12-05T21:59:59Z',
  needs_iban: false,
  lines: returnLines(),
  returns: [],
  ...changes,
});

export const receipt = (changes: Partial<OrderReceipt> = {}): OrderReceipt => ({
  id: '7c0e2b5a-0000-4000-8000-000000000001',
  kind: 'sell',
  status: 'done',
  amount: '2801.00',
  fiscal_code: 'TEST-3kX9Q',
  page_url: 'https://check.checkbox.ua/7c0e2b5a-0000-4000-8000-000000000001',
  pdf_url: '/api/receipts/7c0e2b5a-0000-4000-8000-000000000001/pdf/',
  issued_at: '2026-11-18T12:00:00Z',
  ...changes,
});

export const orderReceiptsAnswer = (changes: Partial<OrderReceipts> = {}): OrderReceipts => ({
  order_id: orderId,
  by_carrier: false,
  receipts: [receipt()],
  ...changes,
});

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
