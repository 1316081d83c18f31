import { defaultLanguage, type Language, languages } from '@kram/contract/language';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the shopper is using (mails, directory names, the sandbox page): decided once. */
    language: Language;
  }
}

/**
 * Every request's language, decided in one place before its handler runs: the validated body's `lng`
 * field (calls that send a mail carry it), else the `lng` cookie the storefront sets, else the best of
 * Accept-Language, else Ukrainian.
 */
export function registerRequestLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', defaultLanguage);
  app.addHook('preHandler', async (request) => {
    const body = request.body as { lng?: unknown } | null | undefined;
    const fromBody =
      body && typeof body === 'object' && isLanguage(body.lng as string) ? (body.lng as Language) : undefined;
    request.language = requestLanguage(request, fromBody);
  });
}

function requestLanguage(request: FastifyRequest, fromBody: Language | undefined): Language {
  if (fromBody) return fromBody;
  return (
    cookieLanguage(request.headers.cookie) ?? preferredLanguage(request.headers['accept-language']) ?? defaultLanguage
  );
}

/** The language the storefront's `lng` cookie remembers, if it names one of ours. */
export function cookieLanguage(header: string | undefined): Language | undefined {
  const value = cookieValue(header, 'lng');
  return isLanguage(value) ? value : undefined;
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
