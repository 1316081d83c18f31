import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxEndpoint } from './protocol.ts';

export interface CarrierSandboxServer {
  /** The protocol's address, for the transport's apiUrl. */
  url: string;
  /** Where printed forms are, for the carrier's printBase. */
  printBase: string;
  /** Every answer waits this long after its request was handled (a slow carrier). */
  delayMs: number;
  /** The next answer to `calledMethod` is lost: the request is handled, then the connection dropped. */
  dropAnswerOf(calledMethod: string | undefined): void;
  close(): Promise<void>;
}

/**
 * The stand-in over HTTP on 127.0.0.1, as Nova Poshta is reached: `POST /v2.0/json/` for the protocol
 * and `GET /print/…` for printed forms. For tests of the adapter over a real network.
 */
export async function listenCarrierSandbox(
  handle: SandboxEndpoint['handle'],
  print: SandboxEndpoint['print'],
  options: { port?: number } = {},
): Promise<CarrierSandboxServer> {
  let dropNext: string | undefined;
  const timers = new Set<NodeJS.Timeout>();
  const later = (server: CarrierSandboxServer, send: () => void) => {
    if (server.delayMs <= 0) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, server.delayMs);
    timers.add(timer);
  };

  const httpServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://sandbox');
        if (req.method === 'POST' && url.pathname === '/v2.0/json/') {
          let request: unknown;
          try {
            request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid JSON');
            return;
          }
          const answer = await handle(request);
          const method = (request as { calledMethod?: unknown })?.calledMethod;
          if (dropNext !== undefined && method === dropNext) {
            dropNext = undefined;
            req.socket.destroy();
            return;
          }
          later(server, () => {
            res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
          });
          return;
        }
        if (req.method === 'GET' && url.pathname.startsWith('/print/')) {
          const printed = await print(url.pathname.slice('/print'.length));
          later(server, () => {
            res.writeHead(printed.status, { 'content-type': printed.contentType }).end(printed.body);
          });
          return;
        }
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String((error as Error).message));
      }
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  const server: CarrierSandboxServer = {
    url: `http://127.0.0.1:${port}/v2.0/json/`,
    printBase: `http://127.0.0.1:${port}/print`,
    delayMs: 0,
    dropAnswerOf(calledMethod) {
      dropNext = calledMethod;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
  return server;
}
