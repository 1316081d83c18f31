import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedInvoice {
  token: string | undefined;
  body: {
    amount: number;
    ccy: number;
    merchantPaymInfo: {
      reference: string;
      destination: string;
      basketOrder: { name: string; qty: number; sum: number; total: number; code: string; unit: string }[];
    };
    redirectUrl: string;
    webHookUrl: string;
  };
  invoiceId: string;
}

export interface FakeMonobank {
  /** Base URL, for MONOBANK_API_URL. */
  url: string;
  token: string;
  invoices: ReceivedInvoice[];
  /** How many times the public key was asked for. */
  pubkeyRequests: number;
  /** X-Sign of a body with the current key (or another one, to forge). */
  sign(body: string, key?: crypto.KeyObject): string;
  /** A new key pair: webhooks signed from now on need the new public key. */
  rotateKey(): void;
  /** The next invoice/create answers this status instead. */
  failNext(status: number): void;
  close(): Promise<void>;
}

const newKey = () => crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

/** A local server speaking Monobank acquiring's protocol: invoice/create and pubkey, X-Token checked. */
export async function startFakeMonobank(token = 'test-monobank-token'): Promise<FakeMonobank> {
  let keys = newKey();
  let failing: number | undefined;
  const fake = {
    invoices: [] as ReceivedInvoice[],
    pubkeyRequests: 0,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers['x-token'] !== token) return send(403, { errCode: 'FORBIDDEN', errText: 'forbidden' });
      if (req.method === 'GET' && req.url === '/api/merchant/pubkey') {
        fake.pubkeyRequests++;
        const pem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
        return send(200, { key: Buffer.from(pem).toString('base64') });
      }
      if (req.method === 'POST' && req.url === '/api/merchant/invoice/create') {
        if (failing !== undefined) {
          const status = failing;
          failing = undefined;
          return send(status, { errCode: 'ERROR', errText: 'temporarily unavailable' });
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const invoiceId = `p2_${crypto.randomBytes(8).toString('hex')}`;
        fake.invoices.push({ token: req.headers['x-token'] as string, body, invoiceId });
        return send(200, { invoiceId, pageUrl: `https://pay.mbnk.biz/${invoiceId}` });
      }
      send(404, { errCode: 'NOT_FOUND', errText: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    token,
    sign: (body: string, key?: crypto.KeyObject) =>
      crypto.sign('sha256', Buffer.from(body), key ?? keys.privateKey).toString('base64'),
    rotateKey: () => {
      keys = newKey();
    },
    failNext: (status: number) => {
      failing = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
