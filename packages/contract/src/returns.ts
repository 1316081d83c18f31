import { z } from 'zod';
import { money } from './common.ts';

/**
 * Returns: a buyer asks to send goods back within 14 days of receiving them; the shop accepts or refuses
 * the request (with one of the terms' reasons), receives the goods and refunds their price (never the
 * delivery) within 7 days of receiving them.
 */

export const returnStatuses = ['requested', 'accepted', 'refused', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** Which step may follow which. */
export const returnTransitions: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['accepted', 'refused'],
  accepted: ['received', 'refused'],
  refused: [],
  received: ['refunded'],
  refunded: [],
};

/** The terms' reasons a return may be refused for. */
export const refusalReasons = [
  'signs_of_use',
  'deadline_passed',
  'third_party_interference',
  'no_proof_or_incomplete',
] as const;
export type RefusalReason = (typeof refusalReasons)[number];

/** How the goods come back: brought or sent to the shop's address, or by the carrier's return service. */
export const returnShippings = ['shop', 'nova_poshta'] as const;
export type ReturnShipping = (typeof returnShippings)[number];

/** Card payments are refunded to the card through the bank; cash ones by bank transfer to the buyer's IBAN. */
export const refundMethods = ['card', 'bank_transfer'] as const;
export type RefundMethod = (typeof refundMethods)[number];

/** Days after receiving the goods within which a return may be asked for. */
export const returnWindowDays = 14;
/** Days after the shop received the goods back within which their price is refunded. */
export const refundWindowDays = 7;

/** What every screen and mail shows as a return's number: "П-" and the last 7 characters of its id. */
export const returnNumber = (returnId: string) => `П-${returnId.slice(-7)}`;

export const returnMessages = {
  notReceived: 'A return can be asked for once the order has been received.',
  deadlinePassed: 'More than 14 days have passed since the order was received.',
  nothingLeft: 'Every item of this order has been asked back already.',
  lineUnknown: 'The order has no such line.',
  tooMany: 'More than was ordered, or than is left to return.',
  lineTwice: 'This line is named twice.',
  noLines: 'Choose at least one item to return.',
  reasonRequired: 'Tell us why you return the goods.',
  ibanRequired: 'The order was paid in cash: give the IBAN the money is sent to.',
  ibanInvalid: 'This is not a valid Ukrainian IBAN (UA and 27 digits).',
  holderRequired: 'Name the holder of the account.',
  wrongStep: 'The return cannot take this step from where it stands.',
  referenceRequired: 'Give the bank transfer’s reference.',
  bankRefused: 'The bank refused the refund.',
  bankDown: 'The bank did not answer. Please try again in a few minutes.',
} as const;

/**
 * A Ukrainian IBAN: UA, two check digits, 25 more digits, whose ISO 13616 check (mod 97) holds.
 * Spaces are allowed as people write them; the answer is without them.
 */
export function normalIban(value: string): string | undefined {
  const iban = value.replaceAll(/\s+/g, '').toUpperCase();
  if (!/^UA\d{27}$/.test(iban)) return undefined;
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of moved) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1 ? iban : undefined;
}

/** `POST /api/orders/{order_id}/returns/`. */
export const returnRequestBody = z
  .strictObject({
    lines: z
      .array(
        z.strictObject({
          /** The line's position in the order (its `items[]` index, from 0). */
          position: z.number().int().min(0).max(999),
          quantity: z.number().int().min(1).max(10_000),
        }),
      )
      .min(1, returnMessages.noLines)
      .max(200),
    reason: z.string().trim().min(3, returnMessages.reasonRequired).max(2000),
    shipping: z.enum(returnShippings),
    /** Required when the order was not paid by card. */
    iban: z
      .string()
      .max(64)
      .optional()
      .refine((v) => v === undefined || v.trim() === '' || normalIban(v) !== undefined, returnMessages.ibanInvalid),
    account_holder: z.string().trim().max(200).optional(),
  })
  .meta({ id: 'ReturnRequest' });
export type ReturnRequestBody = z.infer<typeof returnRequestBody>;

export const returnLine = z
  .object({
    position: z.number().int(),
    name: z.string(),
    name_ru: z.string(),
    size: z.string().nullable(),
    color: z.string().nullable(),
    /** The colour's Russian name (the Ukrainian one when it has none). */
    color_ru: z.string().nullable(),
    quantity: z.number().int(),
    /** What one unit's refund is: the price paid for it (a promo code's share taken off). */
    unit_refund: money,
    total: money,
  })
  .meta({ id: 'ReturnLine' });

export const returnStep = z.object({ status: z.enum(returnStatuses), at: z.string() }).meta({ id: 'ReturnStep' });

/** One return as its buyer sees it. */
export const returnView = z
  .object({
    id: z.uuid(),
    number: z.string(),
    order_id: z.uuid(),
    status: z.enum(returnStatuses),
    lines: z.array(returnLine),
    reason: z.string(),
    shipping: z.enum(returnShippings),
    /** What is refunded: the goods' price only, never the delivery. */
    refund_amount: money,
    refund_method: z.enum(refundMethods),
    refusal_reason: z.enum(refusalReasons).nullable(),
    refusal_note: z.string().nullable(),
    /** Where the goods are sent when they come to the shop. */
    shop_address: z.string(),
    /** The day the refund is due by (7 days after the shop received the goods); null before. */
    refund_due_at: z.string().nullable(),
    created_at: z.string(),
    /** Every step so far, oldest first. */
    steps: z.array(returnStep),
  })
  .meta({ id: 'Return' });
export type ReturnView = z.infer<typeof returnView>;

/** `GET /api/orders/{order_id}/returns/`: what of the order may be returned, and its returns so far. */
export const orderReturns = z
  .object({
    order_id: z.uuid(),
    /** Whether a new return may be asked for now; `why_not` says why not. */
    can_request: z.boolean(),
    why_not: z.enum(['not_received', 'deadline_passed', 'nothing_left']).nullable(),
    /** The last moment a return may be asked for; null before the order was received. */
    deadline: z.string().nullable(),
    /** The order was not paid by card: the refund goes to an IBAN the buyer gives. */
    needs_iban: z.boolean(),
    lines: z.array(
      z.object({
        position: z.number().int(),
        name: z.string(),
        name_ru: z.string(),
        size: z.string().nullable(),
        color: z.string().nullable(),
        color_ru: z.string().nullable(),
        quantity: z.number().int(),
        /** Units not asked back yet by a request that was not refused. */
        returnable: z.number().int(),
        unit_refund: money,
      }),
    ),
    returns: z.array(returnView),
  })
  .meta({ id: 'OrderReturns' });
export type OrderReturns = z.infer<typeof orderReturns>;

export const orderReturnsParams = z.strictObject({ order_id: z.uuid({ error: 'Must be a valid UUID.' }) });
