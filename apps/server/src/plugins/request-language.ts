import { defaultLanguage, type Language, languages } from '@kram/contract/language';
import type { FastifyRequest } from 'fastify';

const isLanguage = (value: string | undefined): value is Language =>
  value !== undefined && (languages as readonly string[]).includes(value);

/**
 * The language a request came in: the body's `lng` field, else the `lng` cookie the storefront
 * sets, else the best of Accept-Language, else Ukrainian.
 */
export function requestLanguage(request: FastifyRequest, fromBody?: Language): Language {
  if (fromBody) return fromBody;
  const cookie = cookieValue(request.headers.cookie, 'lng');
  if (isLanguage(cookie)) return cookie;
  return preferredLanguage(request.headers['accept-language']) ?? defaultLanguage;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.split('=');
    if (key?.trim() === name) return value.join('=').trim();
  }
  return undefined;
}

/** `ru-RU,ru;q=0.9,uk;q=0.8` → ru. Tags outside our languages are skipped. */
export function preferredLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  let best: { language: Language; q: number } | undefined;
  for (const item of header.split(',')) {
    const [tag = '', ...params] = item.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    // "ua" is the country code, often sent by mistake for Ukrainian.
    const language = primary === 'ua' ? 'uk' : primary;
    if (!isLanguage(language)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language;
}
