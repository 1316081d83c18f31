import { stockAlertCreate } from '@kram/contract/endpoints/shop';
import { type StockAlertBody, stockAlertBody, stockMessages } from '@kram/contract/stock';
import { ApiError, api } from '../../lib/api';
import { validationKeyOf } from '../../lib/failure';
import { type ThrottledMessage, throttledMessage } from '../../lib/throttled';

/** The variant a shopper wants to hear about: a product, its size and colour (null: it has none). */
export interface AlertVariant {
  product: number;
  size: number | null;
  color: number | null;
}

/**
 * What the form says after a try: the e-mail field's own message (a validation key), or one about
 * the request as a whole (a translation key, with values for a throttled one).
 */
export type AlertProblem =
  | { field: 'email'; key: string }
  | { field: null; key: string; values?: ThrottledMessage['values'] };

export type AlertOutcome = { ok: true } | { ok: false; problem: AlertProblem };

/** The contract's body, checked as the server checks it; the e-mail's first message when it is not one. */
export function checkAlert(variant: AlertVariant, email: string): { body: StockAlertBody } | { problem: AlertProblem } {
  const parsed = stockAlertBody.safeParse({ ...variant, email });
  if (parsed.success) return { body: parsed.data };
  const issue = parsed.error.issues.find((i) => i.path[0] === 'email');
  const key = validationKeyOf(issue?.message);
  return { problem: key ? { field: 'email', key } : { field: null, key: 'stock.alert.failed' } };
}

/** The code of `stockMessages.alertAvailable` (message-codes.ts: the `stock` area, the key in snake case). */
const availableCode = 'stock.alert_available';

/**
 * A refusal in the shopper's words: the variant can be bought after all (400 `stock.alert_available`),
 * the e-mail refused, the product gone (404), too many tries (429), anything else a retry.
 */
export function alertProblem(error: unknown): AlertProblem {
  const throttled = throttledMessage(error);
  if (throttled) return { field: null, key: throttled.key, values: throttled.values };
  if (!(error instanceof ApiError)) return { field: null, key: 'stock.alert.failed' };
  if (error.status === 404) return { field: null, key: 'stock.alert.missing' };
  if (error.status === 400) {
    if (error.codes.some((c) => c.code === availableCode) || error.message === stockMessages.alertAvailable) {
      return { field: null, key: 'stock.alert.available' };
    }
    const key = validationKeyOf(error.codes.find((c) => c.field === 'email')?.code);
    if (key) return { field: 'email', key };
  }
  return { field: null, key: 'stock.alert.failed' };
}

/** `POST /api/stock-alerts/`: the shop mails once when the variant is back. */
export async function subscribeToStock(variant: AlertVariant, email: string): Promise<AlertOutcome> {
  const checked = checkAlert(variant, email);
  if ('problem' in checked) return { ok: false, problem: checked.problem };
  try {
    await api.call(stockAlertCreate, { body: checked.body });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiError)) console.warn('The stock alert could not be sent', error);
    return { ok: false, problem: alertProblem(error) };
  }
}
