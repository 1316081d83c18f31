import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { preferredLanguage, registerRequestLanguage } from './request-language.ts';

describe('preferredLanguage', () => {
  it.each([
    ['ru-RU,ru;q=0.9,uk;q=0.8', 'ru'],
    ['en-US,en;q=0.9,uk;q=0.5,ru;q=0.4', 'uk'],
    ['uk', 'uk'],
    ['ua', 'uk'],
    ['ru;q=0.2, uk;q=0.7', 'uk'],
    ['ru;q=0', undefined],
    ['en, de', undefined],
    ['', undefined],
  ])('reads %j as %s', (header, expected) => {
    expect(preferredLanguage(header)).toBe(expected);
  });
});

describe('the request language', () => {
  const app = Fastify();
  registerRequestLanguage(app);
  app.post('/echo', async (request) => ({ language: request.language }));
  const languageOf = async (headers: Record<string, string>, payload?: object) =>
    (await app.inject({ method: 'POST', url: '/echo', headers, payload: payload ?? {} })).json().language;

  it('is decided once for every request: body, then cookie, then Accept-Language, then Ukrainian', async () => {
    expect(await languageOf({ cookie: 'lng=ru' }, { lng: 'uk' })).toBe('uk');
    expect(await languageOf({ cookie: 'a=b; lng=ru' })).toBe('ru');
    expect(await languageOf({ cookie: 'lng=de', 'accept-language': 'ru-RU,ru;q=0.9' })).toBe('ru');
    expect(await languageOf({}, { lng: 'xx' })).toBe('uk');
    expect(await languageOf({})).toBe('uk');
  });
});
