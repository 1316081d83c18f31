import { localizedPath } from '@kram/contract/language-paths';
import { defaultLanguage } from '@kram/contract/languages';
import type { FastifyRequest } from 'fastify';
import { cookieLanguage } from './request-language.ts';

/**
 * Search engines', link previews' and other crawlers' user agents, matched case-insensitively. They
 * must see each address as it is: a crawler that sent a cookie would otherwise lose the Ukrainian
 * home page. A list of names rather than a bot heuristic, so a headless browser or a shopper's
 * unusual browser is still a shopper.
 */
const crawlers = new RegExp(
  [
    'googlebot',
    'google-inspectiontool',
    'storebot-google',
    'adsbot-google',
    'mediapartners-google',
    'apis-google',
    'feedfetcher-google',
    'bingbot',
    'bingpreview',
    'msnbot',
    'adidxbot',
    'yandexbot',
    'yandex\\.com/bots',
    'duckduckbot',
    'duckassistbot',
    'baiduspider',
    'slurp',
    'sogou',
    'seznambot',
    'petalbot',
    'coccocbot',
    'mojeekbot',
    'qwantbot',
    'exabot',
    'applebot',
    'amazonbot',
    'facebookexternalhit',
    'facebookcatalog',
    'facebot',
    'meta-externalagent',
    'twitterbot',
    'telegrambot',
    'slackbot',
    'slack-imgproxy',
    'linkedinbot',
    'discordbot',
    'whatsapp',
    'skypeuripreview',
    'pinterestbot',
    'redditbot',
    'embedly',
    'vkshare',
    'ia_archiver',
    'ahrefsbot',
    'semrushbot',
    'mj12bot',
    'dotbot',
    'gptbot',
    'oai-searchbot',
    'claudebot',
    'perplexitybot',
    'ccbot',
    'bytespider',
  ].join('|'),
  'i',
);

export function isCrawler(userAgent: string | undefined): boolean {
  return Boolean(userAgent && crawlers.test(userAgent));
}

/** `/` with or without a query: the one address where the `lng` cookie still matters (decision 029). */
export const isHomePage = (url: string): boolean => url === '/' || url.startsWith('/?');

/**
 * Where the home page sends a shopper whose `lng` cookie chose another language than Ukrainian
 * (`/ru/`, the query kept); undefined to render `/` itself. Crawlers are never sent on.
 */
export function homeLanguageRedirect(request: FastifyRequest): string | undefined {
  if (!isHomePage(request.url)) return undefined;
  const lng = cookieLanguage(request.headers.cookie);
  if (!lng || lng === defaultLanguage || isCrawler(request.headers['user-agent'])) return undefined;
  return localizedPath(request.url, lng);
}
