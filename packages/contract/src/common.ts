import { z } from 'zod';
import { moneyPattern } from './money.ts';

/** Query strings send '' for a cleared field; treat it as absent. */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** Money travels as a decimal string with two places, never as a binary float. */
export const money = z.string().regex(moneyPattern);

export const detailError = z.object({ detail: z.string() }).meta({ id: 'DetailError' });
/** Field name → messages; `non_field_errors` when no single field is at fault. */
export const fieldErrors = z.record(z.string(), z.array(z.string())).meta({ id: 'FieldErrors' });
