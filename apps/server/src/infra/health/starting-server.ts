import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What answers on the shop's port while the process gets ready to serve (migrations, a first demo
 * seed): 503 with Retry-After to everything, so a load balancer tries another process (nginx's
 * `proxy_next_upstream http_503`), a health check says "not yet", and a shopper sees a page that
 * says so and reloads itself, instead of a refused connection.
 */
export interface StartingServer {
  /** The port it listens on: the one asked for, or the one the system gave for port 0. */
  readonly port: number;
  /** Stops listening and closes every connection, so the shop itself can take the port. */
  close(): Promise<void>;
}

const retryAfterSeconds = 5;
const apiBody = (requestId: string) =>
  JSON.stringify({
    status: 'starting',
    detail: 'The shop is starting; try again in a few seconds.',
    request_id: requestId,
  });
const pageBody = `<!doctype html>
<html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${retryAfterSeconds}"><meta name="robots" content="noindex">
<title>Магазин запускається</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:20vh auto;padding:0 1rem;text-align:center">
<h1 style="font-size:1.4rem">Магазин запускається</h1><p>Сторінка оновиться сама за кілька секунд.</p>
<p lang="ru" style="color:#555">Магазин запускается. Страница обновится сама через несколько секунд.</p>
</body></html>`;

export function startingServer(options: { port: number; host: string }): Promise<StartingServer> {
  const server = http.createServer((request, response) => {
    const api = (request.url ?? '/').startsWith('/api/');
    // Like every 5xx of the shop, with an id; nothing is logged per request while starting.
    const requestId = crypto.randomUUID();
    response.writeHead(503, {
      'x-request-id': requestId,
      'content-type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
      'retry-after': String(retryAfterSeconds),
      'cache-control': 'no-store',
      connection: 'close',
    });
    response.end(request.method === 'HEAD' ? undefined : api ? apiBody(requestId) : pageBody);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
