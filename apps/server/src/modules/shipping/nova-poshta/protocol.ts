import type { Kopiyky } from '@kram/contract/money';
import { kyivInstant } from '../../../lib/kyiv-time.ts';
import { CarrierError, type CarrierMessage } from '../carrier.ts';
import { carrierMessageFor } from './error-codes.ts';

/** One call of Nova Poshta's JSON protocol: everything goes to one URL, the model and method say what. */
export interface NovaPoshtaRequest {
  apiKey: string;
  modelName: string;
  calledMethod: string;
  methodProperties: Record<string, unknown>;
}

/** Nova Poshta's answer to every call; `errors[i]` goes with `errorCodes[i]`. */
export interface NovaPoshtaAnswer<T = unknown> {
  success: boolean;
  data: T[];
  errors: string[];
  warnings: string[];
  info: unknown;
  messageCodes: string[];
  errorCodes: string[];
  warningCodes: string[];
  infoCodes: string[];
}

/** How the adapter reaches Nova Poshta (or the shop's stand-in of it). */
export interface NovaPoshtaTransport {
  /** The answer's data; a refusal or a fault is a CarrierError. */
  call<T>(modelName: string, calledMethod: string, methodProperties: Record<string, unknown>): Promise<T[]>;
  /** A printed form: `url` is the print address without its key, which the transport adds. */
  print(url: string): Promise<Uint8Array>;
}

export const unavailableMessage: CarrierMessage = {
  uk: 'Нова Пошта не відповідає. Спробуйте ще раз або введіть номер накладної вручну.',
  ru: 'Новая Почта не отвечает. Попробуйте ещё раз или введите номер накладной вручную.',
};

const unavailable = (cause?: unknown) => new CarrierError('unavailable', [unavailableMessage], { cause });

const httpRefusal = (status: number) =>
  new CarrierError('refused', [
    { uk: `Нова Пошта відхилила запит (HTTP ${status})`, ru: `Новая Почта отклонила запрос (HTTP ${status})` },
  ]);

/** The data of an answer, or the refusal it carries with each reason mapped to the shop's words. */
export function dataOf<T>(answer: unknown): T[] {
  if (typeof answer !== 'object' || answer === null || typeof (answer as { success?: unknown }).success !== 'boolean') {
    throw unavailable(new Error('Nova Poshta answered something that is not its protocol'));
  }
  const { success, data, errors, errorCodes } = answer as Partial<NovaPoshtaAnswer<T>>;
  if (success) {
    if (!Array.isArray(data)) throw unavailable(new Error('Nova Poshta answered without data'));
    return data;
  }
  const texts = Array.isArray(errors) ? errors.map(String) : [];
  const codes = Array.isArray(errorCodes) ? errorCodes.map(String) : [];
  const messages = texts.map((text, i) => carrierMessageFor(codes[i] || undefined, text));
  if (messages.length === 0) {
    messages.push({ uk: 'Нова Пошта відмовила без пояснень', ru: 'Новая Почта отказала без объяснений' });
  }
  throw new CarrierError('refused', messages);
}

export interface NovaPoshtaTransportOptions {
  apiKey: string;
  /** https://api.novaposhta.ua/v2.0/json/, or the stand-in's address in tests. */
  apiUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Nova Poshta over HTTP: a fault, a timeout or a 5xx is `unavailable`; a 4xx or `success: false` is `refused`. */
export function novaPoshtaTransport(options: NovaPoshtaTransportOptions): NovaPoshtaTransport {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function request(url: string, init: RequestInit): Promise<Response> {
    let res: Response;
    try {
      res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw unavailable(error);
    }
    if (res.status >= 500) throw unavailable(new Error(`Nova Poshta answered HTTP ${res.status}`));
    if (res.status >= 400) throw httpRefusal(res.status);
    return res;
  }

  return {
    async call<T>(modelName: string, calledMethod: string, methodProperties: Record<string, unknown>) {
      const body: NovaPoshtaRequest = { apiKey: options.apiKey, modelName, calledMethod, methodProperties };
      const res = await request(options.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      let answer: unknown;
      try {
        // The body is read under the same timeout: a server that stops halfway is unavailable too.
        answer = JSON.parse(await res.text());
      } catch (error) {
        throw unavailable(error);
      }
      return dataOf<T>(answer);
    },
    async print(url: string) {
      const res = await request(`${url}/apiKey/${encodeURIComponent(options.apiKey)}`, { method: 'GET' });
      try {
        return new Uint8Array(await res.arrayBuffer());
      } catch (error) {
        throw unavailable(error);
      }
    },
  };
}

/** What the stand-in offers a transport: its protocol handler and its print forms. */
export interface SandboxEndpoint {
  handle(request: unknown): Promise<unknown>;
  print(path: string): Promise<{ status: number; contentType: string; body: Uint8Array | string }>;
}

/**
 * The stand-in in the same process. Requests and answers go through JSON as over HTTP, so the adapter
 * meets exactly what it would meet on the wire (strings stay strings, no object is shared).
 */
export function sandboxTransport(sandbox: SandboxEndpoint, apiKey = 'sandbox'): NovaPoshtaTransport {
  return {
    async call<T>(modelName: string, calledMethod: string, methodProperties: Record<string, unknown>) {
      const request = JSON.parse(JSON.stringify({ apiKey, modelName, calledMethod, methodProperties }));
      let answer: unknown;
      try {
        answer = JSON.parse(JSON.stringify(await sandbox.handle(request)));
      } catch (error) {
        throw unavailable(error);
      }
      return dataOf<T>(answer);
    },
    async print(url: string) {
      let res: Awaited<ReturnType<SandboxEndpoint['print']>>;
      try {
        res = await sandbox.print(`${new URL(url).pathname}/apiKey/${encodeURIComponent(apiKey)}`);
      } catch (error) {
        throw unavailable(error);
      }
      if (res.status >= 500) throw unavailable(new Error(`the carrier sandbox answered ${res.status}`));
      if (res.status >= 400) throw httpRefusal(res.status);
      return typeof res.body === 'string' ? new TextEncoder().encode(res.body) : new Uint8Array(res.body);
    },
  };
}

// How values travel in the protocol: every value a string, days as dd.mm.yyyy, money in hryvnias.

/** `2026-11-30` → `30.11.2026`. */
export const npDay = (day: string): string => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

const dayFirst = /^(\d{2})[.-](\d{2})[.-](\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;
const yearFirst = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;

interface NpMoment {
  day: string;
  time?: { h: number; m: number; s: number };
}

/** A date Nova Poshta wrote: `30.11.2026`, `30-11-2026 14:05:00` or `2026-11-30 14:05:00` (Kyiv's clock). */
function momentOf(value: unknown): NpMoment | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const a = dayFirst.exec(text);
  const m = a ?? yearFirst.exec(text);
  if (!m) return undefined;
  const day = a ? `${a[3]}-${a[2]}-${a[1]}` : `${m[1]}-${m[2]}-${m[3]}`;
  // 31.02 is no day, and Nova Poshta fills an empty date with a year like 0001.
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day || day < '2000') return undefined;
  if (m[4] === undefined) return { day };
  return { day, time: { h: Number(m[4]), m: Number(m[5]), s: Number(m[6] ?? 0) } };
}

/** The ISO day of a date Nova Poshta wrote. */
export const npDayOf = (value: unknown): string | undefined => momentOf(value)?.day;

/** The ISO instant of a date Nova Poshta wrote on Kyiv's clock; a bare day is its Kyiv midnight. */
export function npInstantOf(value: unknown): string | undefined {
  const moment = momentOf(value);
  if (!moment) return undefined;
  const { h, m, s } = moment.time ?? { h: 0, m: 0, s: 0 };
  return kyivInstant(moment.day, h, m, s).toISOString();
}

const hryvnias = /^(\d{1,10})(?:[.,](\d+))?$/;

/**
 * An amount Nova Poshta wrote in hryvnias ("85", "85.5", 85.5, "1234.50") in kopiyky, with integer
 * arithmetic on its digits (half a kopiyka and more rounds up); undefined when it is not an amount.
 */
export function kopiykyOf(value: unknown): Kopiyky | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return undefined;
  const m = hryvnias.exec(text.trim());
  if (!m) return undefined;
  const fraction = (m[2] ?? '').padEnd(3, '0');
  const kopiyky = Number(m[1]) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(kopiyky) ? kopiyky : undefined;
}

/** `+380 67 123 45 67` → `380671234567`, as Nova Poshta takes phones. */
export const npPhone = (phone: string): string => phone.replace(/\D/g, '');

/** Kilograms as a plain decimal, to the gram: 1.5 → "1.5", 0.1 + 0.2 → "0.3". */
export const npKilograms = (kg: number): string => String(Math.round(kg * 1000) / 1000);
