import { type Kopiyky, parseMoney, sumMoney } from '@kram/contract/money';
import {
  normalIban,
  type OrderReturns,
  type ReturnRequestBody,
  type ReturnShipping,
  returnRequestBody,
} from '@kram/contract/returns';
import { type Problem, type ReturnFormErrors, returnMessageKey } from './return-errors';

/** What the buyer has filled in so far. */
export interface ReturnDraft {
  /** The chosen lines, by their position in the order: the quantity as typed. */
  chosen: Record<number, string>;
  reason: string;
  shipping: ReturnShipping | '';
  iban: string;
  holder: string;
}

export const emptyDraft: ReturnDraft = { chosen: {}, reason: '', shipping: '', iban: '', holder: '' };

/** The longest reason the shop takes (the contract's bound). */
export const reasonMaxLength = 2000;

type Line = OrderReturns['lines'][number];

/** A whole number of units from 1 to what is left to return, or undefined. */
export function quantityOf(text: string, returnable: number): number | undefined {
  if (!/^\d+$/.test(text.trim())) return undefined;
  const quantity = Number(text.trim());
  return quantity >= 1 && quantity <= returnable ? quantity : undefined;
}

/** The problem of a chosen line's quantity: outside 1..returnable (or not a whole number). */
export const quantityProblem = (text: string, returnable: number): Problem | undefined =>
  quantityOf(text, returnable) === undefined
    ? { key: 'returns.errors.quantity', values: { max: returnable } }
    : undefined;

/**
 * What is refunded for the chosen lines: each unit's refund times the quantity, the goods only (the
 * delivery is not refunded). A line whose quantity is not valid yet adds nothing.
 */
export function refundSum(lines: readonly Line[], chosen: ReturnDraft['chosen']): Kopiyky {
  return sumMoney(
    lines.map((line) => {
      const text = chosen[line.position];
      const quantity = text === undefined ? undefined : quantityOf(text, line.returnable);
      return quantity === undefined ? 0 : parseMoney(line.unit_refund) * quantity;
    }),
  );
}

const compactIban = (value: string) => value.replaceAll(/\s+/g, '').toUpperCase();
const ibanLength = 29;

/**
 * The IBAN as it is typed: wrong as soon as it cannot become a Ukrainian IBAN (other letters, more
 * than 29 characters, full length with failing check digits); a start that may still become one is
 * only wrong once it is `finished` (sent).
 */
export function ibanProblem(value: string, finished: boolean): Problem | undefined {
  const iban = compactIban(value);
  if (iban === '') return undefined;
  if (normalIban(iban) !== undefined) return undefined;
  const mayGrow = iban.length < ibanLength && /^(U|UA\d*)$/.test(iban);
  return mayGrow && !finished ? undefined : { key: 'returns.errors.ibanInvalid' };
}

/**
 * The draft checked before it is sent: every problem under its field, or the body the contract's
 * schema accepts. Beyond the schema: quantities up to what is left of each line, the shipping chosen,
 * and, for an order not paid by card, the IBAN and its holder.
 */
export function checkReturn(
  info: Pick<OrderReturns, 'lines' | 'needs_iban'>,
  draft: ReturnDraft,
): { body: ReturnRequestBody } | { errors: ReturnFormErrors } {
  const errors: ReturnFormErrors = {};
  const lines: ReturnRequestBody['lines'] = [];
  for (const line of info.lines) {
    const text = draft.chosen[line.position];
    if (text === undefined) continue;
    const quantity = quantityOf(text, line.returnable);
    if (quantity === undefined) {
      errors.quantities ??= {};
      errors.quantities[line.position] = quantityProblem(text, line.returnable) as Problem;
    } else lines.push({ position: line.position, quantity });
  }
  if (lines.length === 0 && !errors.quantities) errors.lines = { key: 'returns.errors.noLines' };
  if (draft.reason.trim().length < 3) errors.reason = { key: 'returns.errors.reasonRequired' };
  else if (draft.reason.trim().length > reasonMaxLength) errors.reason = { key: 'returns.errors.reasonTooLong' };
  if (draft.shipping === '') errors.shipping = { key: 'returns.errors.shippingRequired' };
  if (info.needs_iban) {
    if (draft.iban.trim() === '') errors.iban = { key: 'returns.errors.ibanRequired' };
    else if (ibanProblem(draft.iban, true)) errors.iban = { key: 'returns.errors.ibanInvalid' };
    if (draft.holder.trim() === '') errors.account_holder = { key: 'returns.errors.holderRequired' };
  }
  if (Object.keys(errors).length > 0) return { errors };

  const parsed = returnRequestBody.safeParse({
    lines,
    reason: draft.reason,
    shipping: draft.shipping,
    ...(info.needs_iban && { iban: normalIban(draft.iban), account_holder: draft.holder }),
  });
  if (parsed.success) return { body: parsed.data };
  // The schema's own bounds (a line count, a length): each under its field, in the shop's words.
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    const problem = { key: returnMessageKey(undefined, issue.message) ?? 'returns.errors.field' };
    if (field === 'lines' || field === 'reason' || field === 'iban' || field === 'account_holder') {
      errors[field] ??= problem;
    } else errors.form ??= problem;
  }
  return { errors };
}
