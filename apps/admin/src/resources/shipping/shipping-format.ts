import type {
  BulkWaybillResult,
  ShipmentView,
  ShippingSettingsUpdate,
  ShippingSettingsView,
  WaybillDraft,
} from '@kram/contract/admin-shipping';
import { shippingMessages } from '@kram/contract/admin-shipping';
import { endpointUrl } from '@kram/contract/endpoint';
import { shippingLabels } from '@kram/contract/endpoints/admin';
import { errorCodeOf } from '@kram/contract/error-codes';
import { formatHryvnias, normalizeMoney, parseMoney } from '@kram/contract/money';
import { type DeliveryPayer, type ShipmentService, waybillNumberPattern } from '@kram/contract/shipping';
import { errorCodes, errorMessage, messageOf, type Translatable } from '../../error-messages.ts';

/** One seat of a parcel as typed: kilograms and centimetres, a comma or a point before the decimals. */
export interface SeatForm {
  weight_kg: string;
  length_cm: string;
  width_cm: string;
  height_cm: string;
}

/**
 * A waybill as the form holds it: every number as typed. An empty cash-on-delivery amount sends none
 * (an order paid already); an empty send day is today.
 */
export interface WaybillForm {
  service: ShipmentService;
  payer: DeliveryPayer;
  recipient_first_name: string;
  recipient_last_name: string;
  recipient_phone: string;
  city_ref: string;
  city_name: string;
  warehouse_ref: string;
  warehouse_name: string;
  address: string;
  seats: SeatForm[];
  declared_value: string;
  description: string;
  cash_on_delivery: string;
  send_day: string;
}

/** The fields of a form the server may name in a refusal, each shown beside its own input. */
export const waybillFields = [
  'service',
  'payer',
  'recipient_first_name',
  'recipient_last_name',
  'recipient_phone',
  'city_ref',
  'city_name',
  'warehouse_ref',
  'warehouse_name',
  'address',
  'weight_kg',
  'seats',
  'declared_value',
  'description',
  'cash_on_delivery',
  'send_day',
] as const;

/** A translation key and its values, for a problem with what was typed. */
export interface Problem {
  key: string;
  values?: Record<string, unknown>;
}

const decimalText = (n: number): string => String(Math.round(n * 1000) / 1000);

const seatForm = (seat: WaybillDraft['seats'][number]): SeatForm => ({
  weight_kg: decimalText(seat.weight_kg),
  length_cm: decimalText(seat.length_cm),
  width_cm: decimalText(seat.width_cm),
  height_cm: decimalText(seat.height_cm),
});

/** The form of a new waybill, filled in from the server's defaults. */
export function formFromDraft(draft: WaybillDraft): WaybillForm {
  return {
    service: draft.service,
    payer: draft.payer,
    recipient_first_name: draft.recipient_first_name,
    recipient_last_name: draft.recipient_last_name,
    recipient_phone: draft.recipient_phone,
    city_ref: draft.city_ref,
    city_name: draft.city_name,
    warehouse_ref: draft.warehouse_ref ?? '',
    warehouse_name: draft.warehouse_name ?? '',
    address: draft.address ?? '',
    seats: draft.seats.map(seatForm),
    declared_value: draft.declared_value,
    description: draft.description,
    cash_on_delivery: draft.cash_on_delivery ?? '',
    send_day: draft.send_day ?? '',
  };
}

/**
 * The form of a waybill being changed (or asked for again), from the waybill itself as it was sent:
 * its recipient, its city and branch (or courier address), its seats and amounts. The order may have
 * changed since; the waybill is what the carrier holds.
 */
export function formFromShipment(shipment: ShipmentView): WaybillForm {
  const toAddress = shipment.service === 'address';
  return {
    service: shipment.service,
    payer: shipment.payer,
    recipient_first_name: shipment.recipient_first_name,
    recipient_last_name: shipment.recipient_last_name,
    recipient_phone: shipment.recipient_phone,
    city_ref: shipment.city_ref ?? '',
    city_name: shipment.city_name,
    warehouse_ref: toAddress ? '' : (shipment.warehouse_ref ?? ''),
    warehouse_name: toAddress ? '' : shipment.warehouse_name,
    address: toAddress ? (shipment.address ?? '') : '',
    seats: shipment.seats.map(seatForm),
    declared_value: shipment.declared_value,
    description: shipment.description,
    cash_on_delivery: shipment.cash_on_delivery ?? '',
    send_day: shipment.send_day ?? '',
  };
}

/** The recipient as a waybill names them: "Surname Name". */
export const recipientName = (shipment: Pick<ShipmentView, 'recipient_first_name' | 'recipient_last_name'>) =>
  [shipment.recipient_last_name, shipment.recipient_first_name].filter(Boolean).join(' ');

/** Where the parcel goes, after the service's name: the city and the branch, or the courier's address. */
export const destinationOf = (
  shipment: Pick<ShipmentView, 'service' | 'city_name' | 'warehouse_name' | 'address'>,
): string =>
  [shipment.city_name, shipment.service === 'address' ? (shipment.address ?? '') : shipment.warehouse_name]
    .filter(Boolean)
    .join(', ');

/** A positive decimal as typed ("1,5", "1.5", "2"), or undefined. */
export function parseDecimal(typed: string): number | undefined {
  const text = typed.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,3})?$/.test(text)) return undefined;
  const value = Number(text);
  return value > 0 ? value : undefined;
}

/** An amount in hryvnias as typed ("1250", "1250,5"), in the API's "1250.50", or undefined. */
export function parseAmount(typed: string): string | undefined {
  const text = typed.trim().replace(',', '.');
  return /^\d{1,10}(\.\d{1,2})?$/.test(text) ? normalizeMoney(text) : undefined;
}

/** The parcel's weight: its seats' together, to the gram. */
export function totalWeight(seats: readonly SeatForm[]): number | undefined {
  let sum = 0;
  for (const seat of seats) {
    const weight = parseDecimal(seat.weight_kg);
    if (weight === undefined) return undefined;
    sum += weight;
  }
  return Math.round(sum * 1000) / 1000;
}

/** A new seat: the last one's size and weight, the common case of a second box like the first. */
export const anotherSeat = (seats: readonly SeatForm[]): SeatForm =>
  seats.at(-1) ?? { weight_kg: '1', length_cm: '30', width_cm: '20', height_cm: '10' };

/**
 * The body of a creation, an edit or an estimate, or the problems of what was typed (by the field's
 * name as the server would give it: `seats.1.width_cm`). The parcel's weight is its seats'.
 */
export function draftOf(form: WaybillForm): { draft: WaybillDraft } | { problems: Record<string, Problem> } {
  const problems: Record<string, Problem> = {};
  const number = { key: 'resources.shipping.validation.number' };
  const seats = form.seats.map((seat, i) => {
    const read = (field: keyof SeatForm) => {
      const value = parseDecimal(seat[field]);
      if (value === undefined) problems[`seats.${i}.${field}`] = number;
      return value ?? 0;
    };
    return {
      weight_kg: read('weight_kg'),
      length_cm: read('length_cm'),
      width_cm: read('width_cm'),
      height_cm: read('height_cm'),
    };
  });
  if (seats.length === 0) problems.seats = { key: 'resources.shipping.validation.no_seats' };
  const declared = parseAmount(form.declared_value);
  if (declared === undefined) problems.declared_value = { key: 'resources.shipping.validation.amount' };
  const collected = form.cash_on_delivery.trim() === '' ? null : parseAmount(form.cash_on_delivery);
  if (collected === undefined) problems.cash_on_delivery = { key: 'resources.shipping.validation.amount' };
  if (Object.keys(problems).length > 0) return { problems };
  const toAddress = form.service === 'address';
  const draft: WaybillDraft = {
    service: form.service,
    payer: form.payer,
    recipient_first_name: form.recipient_first_name.trim(),
    recipient_last_name: form.recipient_last_name.trim(),
    recipient_phone: phoneOf(form.recipient_phone),
    city_ref: form.city_ref,
    city_name: form.city_name.trim(),
    ...(toAddress
      ? { address: form.address.trim() }
      : {
          ...(form.warehouse_ref ? { warehouse_ref: form.warehouse_ref } : {}),
          warehouse_name: form.warehouse_name.trim(),
        }),
    weight_kg: Math.round(seats.reduce((sum, seat) => sum + seat.weight_kg, 0) * 1000) / 1000,
    seats,
    declared_value: declared as string,
    description: form.description.trim(),
    cash_on_delivery: collected ?? null,
    ...(form.send_day ? { send_day: form.send_day } : {}),
  };
  return { draft };
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The carrier's estimate of a waybill as the form shows it. */
export interface Estimate {
  cost: string;
  collection_fee: string;
  delivery_day: string | null;
}

/**
 * The estimate in words: the delivery at the carrier's tariff, the fee for collecting cash on delivery
 * when there is one, and the day the parcel arrives when the carrier names it.
 */
export function estimateText(estimate: Estimate, translate: Translate): string {
  const fee = parseAmount(estimate.collection_fee);
  const cost = translate('resources.shipping.form.estimate_cost', { cost: formatHryvnias(estimate.cost) });
  const feePart =
    fee !== undefined && parseMoney(fee) > 0
      ? translate('resources.shipping.form.estimate_fee', { fee: formatHryvnias(fee) })
      : '';
  const day = estimate.delivery_day
    ? translate('resources.shipping.form.estimate_day', { day: formatDay(estimate.delivery_day) })
    : '';
  return `${cost}${feePart}${day}.`;
}

/** A message in words: the text of its key, or the server's own words when no text has its code. */
export const inWords = (problem: Translatable, translate: Translate): string =>
  translate(problem.message, { _: problem.message, ...problem.args });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const wordsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** What the server said about a waybill: each field's problems, and those of no field the form shows. */
export interface WaybillRefusal {
  fields: Record<string, string>;
  general: string[];
}

/**
 * A refused waybill in the manager's language. The carrier's own refusals
 * (`shipping.carrier_refused`) bring their Ukrainian and Russian words, which the texts under that
 * code pick by language; the shop's own messages are translated by their codes. A field the form has
 * no input for, and a refusal of the whole request (a 409, the carrier's silence), are `general`.
 */
export function waybillRefusal(
  error: unknown,
  translate: Translate,
  known: readonly string[] = waybillFields,
): WaybillRefusal {
  const refusal: WaybillRefusal = { fields: {}, general: [] };
  const status = (error as { status?: unknown } | null)?.status;
  const body = isRecord((error as { body?: unknown } | null)?.body) ? ((error as { body: object }).body as object) : {};
  const codes = errorCodes(error);
  if (status !== 400 || 'detail' in body) {
    const problem = errorMessage(error, 'shipping');
    refusal.general.push(inWords(problem, translate));
    return refusal;
  }
  for (const [field, value] of Object.entries(body)) {
    if (field === 'errors') continue;
    const fieldCodes = codes.filter((code) => code.field === field);
    const texts = wordsOf(value).map((words, i) => {
      const problem = messageOf(fieldCodes[i] ?? errorCodeOf(codes, field), words, 'shipping');
      return inWords(problem, translate);
    });
    if (texts.length === 0) continue;
    const text = texts.join(' ');
    const base = field.split('.')[0] as string;
    if (field !== 'non_field_errors' && (known.includes(field) || (base === 'seats' && known.includes('seats')))) {
      refusal.fields[field] = text;
    } else {
      refusal.general.push(text);
    }
  }
  if (refusal.general.length === 0 && Object.keys(refusal.fields).length === 0) {
    const problem = errorMessage(error, 'shipping');
    refusal.general.push(inWords(problem, translate));
  }
  return refusal;
}

/** Whether a refusal is the carrier's silence (a 502): the same request may be tried again. */
export const carrierSilent = (error: unknown): boolean => (error as { status?: unknown } | null)?.status === 502;

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A fixed message of shipping as the server words it with no code beside it (why an order is blocked)
 * in the manager's language; other words as they came.
 */
export function shippingText(words: string, translate: Translate): string {
  const name = Object.entries(shippingMessages).find(([, text]) => text === words)?.[0];
  if (!name) return words;
  const key = `errors.shipping.${snake(name)}`;
  const text = translate(key);
  return text === key ? words : text;
}

// Bulk creation.

export type BulkOutcome = BulkWaybillResult;

/**
 * Why an order got no waybill in a bulk run, in the manager's language: each message by its code (the
 * carrier's own refusals in the language's words), the same message once. A code with no text of its
 * own leaves the answer's words, as does an outcome with no codes (a call that failed as a whole,
 * whose words are the manager's already).
 */
export function bulkReason(outcome: Pick<BulkOutcome, 'error' | 'error_codes'>, translate: Translate): string {
  const words = outcome.error ?? '';
  const texts: string[] = [];
  for (const code of outcome.error_codes) {
    const problem = messageOf(code, '', 'shipping');
    if (!problem.message) return words;
    const text = inWords(problem, translate);
    if (!texts.includes(text)) texts.push(text);
  }
  return texts.length > 0 ? texts.join(' ') : words;
}

/** The ids in groups of `size`, in their order. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** How many orders of a bulk run have an answer, as a percentage for a progress bar. */
export const bulkPercent = (done: number, total: number): number =>
  total === 0 ? 100 : Math.min(100, Math.round((done / total) * 100));

/**
 * Makes the orders' waybills `size` orders per call, one call after another, telling `progress` after
 * each. A call that fails as a whole (the network, the server) marks its orders with its error and the
 * run goes on; the outcomes come in the order of the ids.
 */
export async function runBulk(
  orderIds: readonly string[],
  send: (chunk: string[]) => Promise<BulkOutcome[]>,
  progress: (done: number, outcomes: BulkOutcome[]) => void,
  failure: (error: unknown) => string,
  size = 10,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  for (const chunk of chunksOf(orderIds, size)) {
    try {
      const results = await send(chunk);
      for (const id of chunk) {
        outcomes.push(
          results.find((r) => r.order_id === id) ?? {
            order_id: id,
            ok: false,
            number: null,
            error: failure(undefined),
            error_codes: [],
          },
        );
      }
    } catch (error) {
      const text = failure(error);
      for (const id of chunk) outcomes.push({ order_id: id, ok: false, number: null, error: text, error_codes: [] });
    }
    progress(outcomes.length, [...outcomes]);
  }
  return outcomes;
}

// Labels and dates.

export type LabelFormat = 'marking' | 'a4';

/** The query of one PDF of the orders' labels: `order_id` repeated, in the orders' order. */
export const labelsQueryOf = (orderIds: readonly string[], format: LabelFormat) => ({
  order_id: [...orderIds],
  format,
});

/** Where the orders' labels are: `/api/admin/shipping/labels.pdf?order_id=…&order_id=…&format=…`. */
export const labelsUrl = (orderIds: readonly string[], format: LabelFormat): string =>
  endpointUrl(shippingLabels, undefined, labelsQueryOf(orderIds, format));

/** At most this many orders in one call of labels, a register or a bulk creation. */
export const maxOrdersAtOnce = 100;

const kyivDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Kyiv',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Kyiv's day of a moment, `2026-11-23`. */
export const kyivDay = (at: Date): string => kyivDayFormat.format(at);

/** The day after `day` (`YYYY-MM-DD`). */
function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Whether a parcel waiting at the branch has at most a day of storage left: the last day is today or
 * tomorrow on Kyiv's clock (the orders list's "storage ending" counts the same way).
 */
export function storageEnding(shipment: Pick<ShipmentView, 'status' | 'storage_until'>, now = new Date()): boolean {
  if (shipment.status !== 'at_branch' || !shipment.storage_until) return false;
  return shipment.storage_until.slice(0, 10) <= nextDay(kyivDay(now));
}

/** A day as `2026-11-23` → `23.11.2026`; anything else as it came. */
export function formatDay(day: string | null): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  return m ? `${m[3]}.${m[2]}.${m[1]}` : (day ?? '');
}

/**
 * A Ukrainian phone number in the shop's `+380XXXXXXXXX`, however it was written: Nova Poshta gives
 * its contacts' as `380XXXXXXXXX`, people type `067 123 45 67`. Anything else stays as typed.
 */
export function phoneOf(typed: string): string {
  const digits = typed.replace(/[\s()+-]/g, '');
  if (/^380\d{9}$/.test(digits)) return `+${digits}`;
  if (/^0\d{9}$/.test(digits)) return `+38${digits}`;
  return typed.trim();
}

/** A Nova Poshta waybill number: 14 digits, spaces typed between groups left out. */
export const waybillNumberOf = (typed: string): string => typed.replace(/\s+/g, '');

export const isWaybillNumber = (number: string): boolean => waybillNumberPattern.test(number);

// The shipping settings.

/** The shipping settings as the form holds them: numbers as typed. */
export interface SettingsForm {
  counterparty_ref: string;
  counterparty_name: string;
  contact_ref: string;
  contact_name: string;
  phone: string;
  city_ref: string;
  city_name: string;
  warehouse_ref: string;
  warehouse_name: string;
  cod_kind: ShippingSettingsView['cod_kind'];
  default_weight_kg: string;
  description: string;
  tracking_interval_minutes: string;
}

export const settingsFormOf = (s: ShippingSettingsView): SettingsForm => ({
  counterparty_ref: s.counterparty_ref,
  counterparty_name: s.counterparty_name,
  contact_ref: s.contact_ref,
  contact_name: s.contact_name,
  phone: s.phone,
  city_ref: s.city_ref,
  city_name: s.city_name,
  warehouse_ref: s.warehouse_ref,
  warehouse_name: s.warehouse_name,
  cod_kind: s.cod_kind,
  default_weight_kg: String(s.default_weight_kg),
  description: s.description,
  tracking_interval_minutes: String(s.tracking_interval_minutes),
});

/**
 * The change to save: only what differs from the saved settings, since any change of the sender has
 * it checked with the carrier again before the next waybill. Numbers that are not numbers are problems.
 */
export function settingsChange(
  form: SettingsForm,
  saved: ShippingSettingsView,
): { change: ShippingSettingsUpdate } | { problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const weight = parseDecimal(form.default_weight_kg);
  if (weight === undefined) problems.default_weight_kg = 'resources.shipping.validation.number';
  const interval = /^\d{1,4}$/.test(form.tracking_interval_minutes.trim())
    ? Number(form.tracking_interval_minutes)
    : undefined;
  if (interval === undefined) problems.tracking_interval_minutes = 'resources.shipping.validation.whole_number';
  if (Object.keys(problems).length > 0) return { problems };
  const next: Required<ShippingSettingsUpdate> = {
    counterparty_ref: form.counterparty_ref,
    counterparty_name: form.counterparty_name.trim(),
    contact_ref: form.contact_ref,
    contact_name: form.contact_name.trim(),
    phone: phoneOf(form.phone),
    city_ref: form.city_ref,
    city_name: form.city_name,
    warehouse_ref: form.warehouse_ref,
    warehouse_name: form.warehouse_name,
    cod_kind: form.cod_kind,
    default_weight_kg: weight as number,
    description: form.description.trim(),
    tracking_interval_minutes: interval as number,
  };
  const change: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (saved[key as keyof ShippingSettingsView] !== value) change[key] = value;
  }
  return { change: change as ShippingSettingsUpdate };
}
