import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  RouterContextProvider,
  ServerRouter,
} from 'react-router';
import { errorReportContext, nonceContext } from './lib/request-context';
import { StylesheetsContext } from './lib/route-styles';

export const streamTimeout = 5_000;

// The server build is build/server/index.js; the stylesheets the manifest names are in build/client.
const clientDir = new URL('../client/', import.meta.url);
const stylesheets = new Map<string, string | undefined>();

/** A built stylesheet's text, read once; undefined outside a build (the development server). */
function readStylesheet(href: string): string | undefined {
  if (!stylesheets.has(href)) {
    // Stylesheets of shared chunks are listed with a trailing "#".
    const file = href.replace(/#$/, '');
    let css: string | undefined;
    try {
      css = /^\/assets\/[\w.-]+\.css$/.test(file) ? fs.readFileSync(new URL(`.${file}`, clientDir), 'utf8') : undefined;
    } catch {
      css = undefined;
    }
    stylesheets.set(href, css);
  }
  return stylesheets.get(href);
}

/**
 * React Router's errors go to the server's log on the request's line, with its id, rather than to the
 * console with nothing to tie them to the answer. A request the client has left is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const report = context instanceof RouterContextProvider ? context.get(errorReportContext) : console.error;
  // An error React Router wrapped in an error response (a 4xx it raised itself) carries the cause.
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  report(cause ?? error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Every inline script React Router writes carries the request's nonce; the Fastify plugin sends
  // the matching Content-Security-Policy header.
  const nonce = loadContext.get(nonceContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <StylesheetsContext.Provider value={readStylesheet}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StylesheetsContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.get(errorReportContext)(error);
        },
      },
    );
  });
}
