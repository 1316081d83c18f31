import type { AdminReturn } from '@kram/contract/admin-returns';
import { returnNumber } from '@kram/contract/returns';

// A return as the back-office API answers it: tests that stub an answer start from this, since the
// client checks every answer against the contract in tests.

export const returnId = '5d2c9a10-7b4e-4f1a-9c3d-2e8f6a1b7c90';
export const orderId = '0b6f2a44-91c3-4e2b-8d51-3c9a7e1f2d40';
export const receiptId = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';

export const aReturn = (changes: Partial<AdminReturn> = {}): AdminReturn => ({
  id: returnId,
  number: returnNumber(returnId),
  order_id: orderId,
  status: 'requested',
  lines: [
    {
      position: 0,
      name: 'Куртка Вартовий',
      name_ru: 'Куртка Часовой',
      size: 'L',
      color: 'Олива',
      color_ru: 'Олива',
      quantity: 1,
      unit_refund: '1935.00',
      total: '1935.00',
    },
  ],
  reason: 'Не підійшов розмір',
  shipping: 'nova_poshta',
  refund_amount: '1935.00',
  refund_method: 'card',
  refusal_reason: null,
  refusal_note: null,
  shop_address: 'Київ, вул. Січових Стрільців, 1',
  refund_due_at: null,
  created_at: '2026-11-23T10:00:00Z',
  steps: [{ status: 'requested', at: '2026-11-23T10:00:00Z' }],
  order_number: '#e1f2d40',
  order_status: 'completed',
  payment_method: 'card',
  customer: { name: 'Олена Коваль', email: 'olena@example.com', phone: '+380671234567' },
  iban: null,
  account_holder: null,
  refund: null,
  receipt_id: null,
  overdue: false,
  ...changes,
});

/** A cash order's return: its refund is a bank transfer to the IBAN the buyer gave. */
export const aCashReturn = (changes: Partial<AdminReturn> = {}): AdminReturn =>
  aReturn({
    refund_method: 'bank_transfer',
    payment_method: 'cash',
    iban: 'UA213223130000026007233566001',
    account_holder: 'Коваль Олена Петрівна',
    ...changes,
  });
