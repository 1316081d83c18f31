import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from 'react-router';
import { nonceContext, pageLogContext } from './lib/request-context';
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
 * What a loader, an action or the render threw, other than the answers routes throw on purpose
 * (not found): logged once through the server's log, with the request's id. React Router's default
 * would print it to the console, outside the JSON log. A request the client gave up on is not a failure.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const log = (context as RouterContextProvider).get(pageLogContext);
  log.error({ err: error, url: new URL(request.url).pathname }, 'page failed');
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
          // Before the shell, onShellError rejects and React Router logs it through handleError.
          if (shellRendered && !request.signal.aborted) {
            loadContext.get(pageLogContext).error({ err: error }, 'page failed while streaming');
          }
        },
      },
    );
  });
}
