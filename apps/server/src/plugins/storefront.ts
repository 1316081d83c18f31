import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InvalidInput } from '../lib/domain-errors.ts';
import { refuseMethod } from './errors.ts';
import { homeLanguageRedirect, isHomePage } from './home-language.ts';

/** What the storefront's server build (apps/storefront/server/handler.ts) exports. */
interface StorefrontBuild {
  createStorefrontHandler(mode: 'production' | 'development'): (
    request: Request,
    context: {
      api: (path: string) => Promise<Response>;
      nonce: string;
      publicUrl: string;
      recaptchaSiteKey?: string;
      showPricesToGuests: boolean;
      productPrice: (productId: number) => Promise<string | null>;
      log: { error(fields: { err: unknown }, message: string): void };
    },
  ) => Promise<Response>;
}

/** A storefront page's address: everything but the API and the media files. */
export const isPagePath = (url: string): boolean => !/^\/(api|media)(\/|$)/.test(url);

/** Pages are read, never sent to: they answer GET and HEAD, and every other method is a 405. */
export const pageMethods = ['GET', 'HEAD'] as const;
const isPageMethod = (method: string) => (pageMethods as readonly string[]).includes(method);

export interface StorefrontOptions {
  /** The storefront's build folder, holding client/ and server/index.js. */
  buildDir?: string;
}

/** Where reCAPTCHA v2's script and frame come from (Google's guidance for a Content-Security-Policy). */
const recaptchaScripts = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
const recaptchaFrames = 'https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/';

export const defaultStorefrontBuildDir = fileURLToPath(new URL('../../../storefront/build/', import.meta.url));

/**
 * Inline scripts run only with the response's nonce; styles may be inline (React style props).
 * With reCAPTCHA, the contact form may load Google's widget and its frame.
 */
export function contentSecurityPolicy(nonce: string, options: { recaptcha?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${options.recaptcha ? ` ${recaptchaScripts}` : ''}`,
    ...(options.recaptcha ? [`frame-src ${recaptchaFrames}`] : []),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

const compressible = /^(text\/|application\/(json|javascript|xml))/;

/**
 * Serves the storefront: the client build's files, and every other GET through React Router's
 * server rendering. Registered after the API, so /api/* and /media/* keep their own answers and
 * their JSON 404s.
 */
export async function registerStorefront(
  app: FastifyInstance,
  options: StorefrontOptions & {
    publicUrl: string;
    mode: 'production' | 'development';
    /** reCAPTCHA v2's public site key, when the shop uses it: the contact form renders Google's widget. */
    recaptchaSiteKey?: string;
    /** SHOW_PRICES_TO_GUESTS: product pages' structured data carries the price (decision 030). */
    showPricesToGuests?: boolean;
    /** A product's price as the shop itself reads it, whoever asks; null when there is no such product. */
    productPrice?: (productId: number) => Promise<string | null>;
  },
): Promise<StorefrontPageRenderer | undefined> {
  const buildDir = path.resolve(options.buildDir ?? defaultStorefrontBuildDir);
  const serverEntry = path.join(buildDir, 'server', 'index.js');
  if (!fs.existsSync(serverEntry)) {
    // `npm start` builds it first; a bare `node src/server.ts` (or an API-only test) still serves the API.
    app.log.warn(
      `The storefront is not built (${serverEntry} is missing): serving the API only. Run \`npm run build\`.`,
    );
    return;
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as StorefrontBuild;
  const handle = build.createStorefrontHandler(options.mode);
  const clientDir = path.join(buildDir, 'client');

  // Hashed file names: cached for a year, never revalidated.
  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
    index: false,
  });
  // Translations, images, icons: the rest of public/, one route per file found at start.
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    globIgnore: ['assets/**', '**/*.gz', '**/*.br'],
    decorateReply: false,
    preCompressed: true,
    maxAge: '1h',
    index: false,
  });

  // Loaders read the API in-process: no socket, no second trip through the network stack.
  const api = async (apiPath: string): Promise<Response> => {
    const answer = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } });
    const type = answer.headers['content-type'];
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  };

  const renderPage: StorefrontPageRenderer = async (request, reply) => {
    if (!isPagePath(request.url)) return reply.callNotFound();
    // The renderer is also reached outside the page route (an address that does not decode); a Fetch
    // Request cannot even carry some methods (TRACE, CONNECT), and no page takes a submission.
    if (!isPageMethod(request.method)) return refuseMethod(request, reply, pageMethods);
    if (isHomePage(request.url)) {
      // The cookie and the user agent decide between rendering `/` and sending on to `/ru/` (decision 029).
      reply.header('vary', 'Cookie, User-Agent');
      const target = homeLanguageRedirect(request);
      if (target) return reply.header('cache-control', 'private, no-cache').redirect(target, 302);
    }
    const nonce = crypto.randomBytes(16).toString('base64');
    const aborted = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) aborted.abort();
    });
    const response = await handle(toFetchRequest(request, aborted.signal, options.publicUrl), {
      api,
      nonce,
      publicUrl: options.publicUrl,
      recaptchaSiteKey: options.recaptchaSiteKey,
      showPricesToGuests: options.showPricesToGuests ?? false,
      productPrice: options.productPrice ?? (async () => null),
      // A page that fails is logged with the request's id, not printed to the console.
      log: request.log,
    });
    return sendFetchResponse(
      request,
      reply,
      response,
      contentSecurityPolicy(nonce, { recaptcha: Boolean(options.recaptchaSiteKey) }),
    );
  };

  // Any other method on a page's address: 405 naming GET and HEAD. The API's and the media's
  // addresses keep their JSON 404.
  app.route({
    method: app.supportedMethods.filter((method) => !isPageMethod(method)),
    url: '/*',
    schema: { hide: true },
    handler: (request, reply) =>
      isPagePath(request.url) ? refuseMethod(request, reply, pageMethods) : reply.callNotFound(),
  });
  app.route({
    method: [...pageMethods],
    url: '/*',
    // Pages, not API: the document at /api/docs lists only the API.
    schema: { hide: true },
    handler: renderPage,
    // The input guard refuses a page address holding a NUL (/product/x/%00) before the page renders.
    // Pages store nothing: the page renders anyway, and its loaders' API calls meet the guard
    // themselves, so the shopper gets the shop's not-found page (404) instead of a JSON 400.
    errorHandler: (error, request, reply) => {
      if (error instanceof InvalidInput) return renderPage(request, reply);
      throw error;
    },
  });
  return renderPage;
}

/** Renders a storefront page for a request; a malformed page address is answered with it too (app.ts). */
export type StorefrontPageRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function toFetchRequest(request: FastifyRequest, signal: AbortSignal, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return new Request(pageUrl(request, publicUrl), { method: request.method, headers, signal });
}

/**
 * The page's full address as the client asked for it. The host comes from the client (or, behind a
 * trusted proxy, X-Forwarded-Host) and may be no host at all: then the shop's own origin stands in,
 * since the pages take their links from PUBLIC_URL anyway.
 */
function pageUrl(request: FastifyRequest, publicUrl: string): URL {
  const target = decodablePath(request.url.startsWith('/') ? request.url : `/${request.url}`);
  try {
    return new URL(`${request.protocol}://${request.host}${target}`);
  } catch {
    return new URL(`${new URL(publicUrl).origin}${target}`);
  }
}

/**
 * The address with each path segment that does not decode (a broken escape: /ru/%FF, /%zz) made the
 * literal text it shows, so the router looks it up as a page that does not exist, the shop's own
 * not-found page, instead of printing a warning about it to the console beside the JSON log.
 */
function decodablePath(target: string): string {
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  const segments = path.split('/').map((segment) => {
    try {
      decodeURIComponent(segment);
      return segment;
    } catch {
      return segment.replaceAll('%', '%25');
    }
  });
  return segments.join('/') + (query === -1 ? '' : target.slice(query));
}

function sendFetchResponse(request: FastifyRequest, reply: FastifyReply, response: Response, csp: string) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'vary') addVary(reply, value);
    else if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('text/html')) {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  }
  if (!response.body || request.method === 'HEAD') return reply.send();

  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (!compressible.test(type) && !type.includes('x-script')) return reply.send(body);
  if (response.headers.has('content-encoding') || !/\bgzip\b/.test(accepts)) return reply.send(body);
  reply.header('content-encoding', 'gzip');
  addVary(reply, 'Accept-Encoding');
  // Flushed chunk by chunk, so streamed HTML still reaches the browser as it is rendered.
  const gzip = zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH });
  pipeline(body, gzip, (error) => {
    if (error && !request.raw.destroyed) request.log.warn({ err: error }, 'storefront response stream failed');
  });
  return reply.send(gzip);
}

/** Adds to the answer's Vary what another part of it varies on, each header named once. */
function addVary(reply: FastifyReply, value: string): void {
  const names = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of value.split(',').map((n) => n.trim())) {
    if (name && !names.some((known) => known.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  reply.header('vary', names.join(', '));
}
