import { z } from 'zod';
import { moneyPattern } from './money.ts';

/** Query strings send '' for a cleared field; treat it as absent. */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** Money travels as a decimal string with two places, never as a binary float. */
export const money = z.string().regex(moneyPattern);

/**
 * An error with a message; `code` names the kind when a client may act on it (e.g. `token_not_valid`).
 * A 5xx also carries `request_id`, the id of the request in the shop's log (and its X-Request-Id).
 */
export const detailError = z
  .object({ detail: z.string(), code: z.string().optional(), request_id: z.string().optional() })
  .meta({ id: 'DetailError' });
/** Field name → messages; `non_field_errors` when no single field is at fault. */
export const fieldErrors = z.record(z.string(), z.array(z.string())).meta({ id: 'FieldErrors' });
/** A 400 names the fields at fault, or, when no field is (a rule on the whole request), gives a detail. */
export const badRequestError = z.union([fieldErrors, detailError]).meta({ id: 'BadRequest' });
