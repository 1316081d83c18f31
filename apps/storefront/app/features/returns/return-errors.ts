import { type ReturnRequestBody, returnMessages } from '@kram/contract/returns';
import type { ApiError } from '../../lib/api';
import { throttledMessage } from '../../lib/throttled';

/** A message for the shopper: a translation key and the values it names. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

/** What the return form says is wrong: under each field, or (`form`) about the request as a whole. */
export interface ReturnFormErrors {
  form?: Problem;
  /** The choice of lines as a whole (none chosen, a line named twice). */
  lines?: Problem;
  /** One chosen line's quantity, by the line's position in the order. */
  quantities?: Record<number, Problem>;
  reason?: Problem;
  shipping?: Problem;
  iban?: Problem;
  account_holder?: Problem;
}

export type ReturnField = Exclude<keyof ReturnFormErrors, 'form' | 'quantities'>;

type MessageName = keyof typeof returnMessages;

/**
 * Each message of the contract's returns catalogue in the shopper's words. The back office's own
 * (a step, a bank transfer, the bank's answer) never reach the buyer's form and read as a failure.
 */
const messageKeys: Record<MessageName, string> = {
  notReceived: 'returns.whyNot.not_received',
  deadlinePassed: 'returns.whyNot.deadline_passed',
  nothingLeft: 'returns.whyNot.nothing_left',
  lineUnknown: 'returns.errors.lineUnknown',
  tooMany: 'returns.errors.tooMany',
  lineTwice: 'returns.errors.lineTwice',
  noLines: 'returns.errors.noLines',
  reasonRequired: 'returns.errors.reasonRequired',
  ibanRequired: 'returns.errors.ibanRequired',
  ibanInvalid: 'returns.errors.ibanInvalid',
  holderRequired: 'returns.errors.holderRequired',
  wrongStep: 'returns.errors.failed',
  referenceRequired: 'returns.errors.failed',
  bankRefused: 'returns.errors.failed',
  bankDown: 'returns.errors.failed',
};

/** The field a message belongs under when the answer names none (a rule on the whole request). */
const messageFields: Partial<Record<MessageName, ReturnField>> = {
  lineUnknown: 'lines',
  tooMany: 'lines',
  lineTwice: 'lines',
  noLines: 'lines',
  reasonRequired: 'reason',
  ibanRequired: 'iban',
  ibanInvalid: 'iban',
  holderRequired: 'account_holder',
};

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const names = Object.keys(returnMessages) as MessageName[];
const byText = new Map<string, MessageName>(names.map((name) => [returnMessages[name], name]));
const bySnake = new Map<string, MessageName>(names.map((name) => [snake(name), name]));

/**
 * Which message of the returns catalogue an answer gives: by its code (`<area>.<name in snake case>`,
 * as message-codes.ts makes them) or, when the answer carries no code, by the catalogue's words.
 */
export function returnMessageOf(code: string | undefined, text: string | undefined): MessageName | undefined {
  const [area, name] = code?.split('.') ?? [];
  if (area && name && area !== 'zod' && area !== 'http' && bySnake.has(name)) return bySnake.get(name);
  return text === undefined ? undefined : byText.get(text);
}

export const returnMessageKey = (code: string | undefined, text: string | undefined): string | undefined => {
  const name = returnMessageOf(code, text);
  return name && messageKeys[name];
};

/** Where a refused field of the sent body is shown: `lines.2.quantity` is the third sent line's quantity. */
type Place = { field: ReturnField } | { position: number };

function placeOf(field: string, sent: ReturnRequestBody): Place | undefined {
  const line = /^lines\.(\d+)(?:\.|$)/.exec(field);
  if (line) {
    const position = sent.lines[Number(line[1])]?.position;
    return position === undefined ? { field: 'lines' } : { position };
  }
  if (
    field === 'lines' ||
    field === 'reason' ||
    field === 'shipping' ||
    field === 'iban' ||
    field === 'account_holder'
  ) {
    return { field };
  }
  return undefined;
}

/** A field's message the catalogue does not word (a length, a type): what the field needs. */
function fallbackKey(place: Place, code: string | undefined): string {
  if ('position' in place) return 'returns.errors.tooMany';
  if (place.field === 'reason')
    return code === 'zod.too_big' ? 'returns.errors.reasonTooLong' : 'returns.errors.reasonRequired';
  if (place.field === 'shipping') return 'returns.errors.shippingRequired';
  if (place.field === 'lines') return 'returns.errors.noLines';
  return 'returns.errors.field';
}

function put(errors: ReturnFormErrors, place: Place, problem: Problem) {
  if ('position' in place) {
    errors.quantities ??= {};
    errors.quantities[place.position] ??= problem;
  } else errors[place.field] ??= problem;
}

/**
 * A 400's messages under the fields they name (the body is `{"field": ["message", …]}`, or a `detail`
 * for a rule on the whole request); undefined when it names nothing the form shows.
 */
export function serverFieldErrors(error: ApiError, sent: ReturnRequestBody): ReturnFormErrors | undefined {
  const body = error.body;
  if (!body || typeof body !== 'object') return undefined;
  const errors: ReturnFormErrors = {};
  if ('detail' in body && typeof body.detail === 'string') {
    const code = error.codes.find((c) => c.field === undefined)?.code;
    const name = returnMessageOf(code, body.detail);
    const field = name && messageFields[name];
    if (!name || !field) return undefined;
    put(errors, { field }, { key: messageKeys[name] });
    return errors;
  }
  for (const [field, messages] of Object.entries(body as Record<string, unknown>)) {
    const text = Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : undefined;
    const code = error.codes.find((c) => c.field === field)?.code;
    const place = placeOf(field, sent);
    const known = returnMessageKey(code, text);
    if (place) put(errors, place, { key: known ?? fallbackKey(place, code) });
    else errors.form ??= { key: known ?? 'returns.errors.failed' };
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/**
 * Why the request as a whole was refused: too many tries (429), no such order (404), the order cannot
 * be returned now (409: not received, too late, nothing left), or anything else a failure to retry.
 */
export function refusalOf(error: ApiError): Problem {
  const throttled = throttledMessage(error);
  if (throttled) return { key: throttled.key, values: throttled.values };
  if (error.status === 404) return { key: 'returns.notFound' };
  const code = error.codes.find((c) => c.field === undefined)?.code;
  return { key: returnMessageKey(code, error.message) ?? 'returns.errors.failed' };
}
