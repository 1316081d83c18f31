import type { AdminReceipt, FiscalSettings } from '@kram/contract/admin-fiscal';

// Fiscal records as the back-office API answers them: tests that stub an answer start from these,
// since the client checks every answer against the contract in tests.

export const orderId = '0b6f2a44-91c3-4e2b-8d51-3c9a7e1f2d40';

export const aReceipt = (changes: Partial<AdminReceipt> = {}): AdminReceipt => ({
  id: '3f6c1d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f',
  kind: 'sell',
  status: 'done',
  amount: '2150.00',
  fiscal_code: 'TEST-Ab12Cd',
  page_url: 'https://check.checkbox.ua/3f6c1d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f',
  pdf_url: `/api/orders/${orderId}/receipts/3f6c1d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f.pdf`,
  issued_at: '2026-11-23T10:05:00Z',
  order_id: orderId,
  order_number: '#e1f2d40',
  source: 'card_payment',
  payment_type: 'card',
  serial: 14,
  return_id: null,
  attempts: 1,
  last_error: null,
  next_attempt_at: null,
  created_at: '2026-11-23T10:00:00Z',
  overdue: false,
  ...changes,
});

export const fiscalSettings = (changes: Partial<FiscalSettings> = {}): FiscalSettings => ({
  enabled: true,
  register: 'sandbox',
  cashier_name: 'Тестовий касир',
  default_tax_code: null,
  product_taxes: [{ product_id: 7, name: 'Куртка Вартовий', sku: 'VRT-1', tax_code: 1 }],
  shift_close_time: '23:30',
  ...changes,
});

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
