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

export interface ReceivedCancel {
  token: string | undefined;
  body: {
    invoiceId: string;
    extRef: string;
    amount?: number;
    items: { name: string; qty: number; sum: number; code: string }[];
  };
  /** The refund as the bank keeps it (its status moves from processing to success when settled). */
  status: 'processing' | 'success' | 'failure';
  /** Kopiyky given back: the amount asked, or the whole invoice. */
  amount: number;
  createdDate: string;
  modifiedDate: string;
}

/** How the next cancel goes wrong. */
export type CancelFault =
  /** Answered with this HTTP status and `{errCode, errText}`: nothing is refunded. */
  | { refuse: { status: number; errCode: string; errText: string } }
  /** Answered 200 with `status: failure`: nothing is refunded. */
  | { fail: true }
  /** Answered 200 with `status: processing`: the refund is made when `settleCancels()` is called. */
  | { processing: true }
  /**
   * No answer: the request is held for `holdMs` and its connection dropped. `applied`: the bank made the
   * refund all the same (the answer was lost on its way back).
   */
  | { silent: { applied: boolean; holdMs?: number } };

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
  /** The refunds (`invoice/cancel`) the bank made or refused with `status: failure`, in order. */
  cancels: ReceivedCancel[];
  /** Every cancel request that reached the bank, answered or not. */
  cancelRequests: number;
  /** The next `invoice/cancel` goes wrong this way. */
  faultNextCancel(fault: CancelFault): void;
  /** The next `invoice/status` gets no answer (held `holdMs`, then dropped). */
  silenceNextStatus(holdMs?: number): void;
  /** Refunds answered `processing` are made now. */
  settleCancels(): void;
  close(): Promise<void>;
}

const newKey = () => crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

/**
 * A local server speaking Monobank acquiring's protocol: invoice/create, invoice/cancel (refunds, whole
 * or partial, never more than is left), invoice/status (with the refunds' cancelList) and pubkey,
 * X-Token checked.
 */
export async function startFakeMonobank(token = 'test-monobank-token'): Promise<FakeMonobank> {
  let keys = newKey();
  let failing: number | undefined;
  let cancelFault: CancelFault | undefined;
  let statusSilence: number | undefined;
  const fake = {
    invoices: [] as ReceivedInvoice[],
    pubkeyRequests: 0,
    cancels: [] as ReceivedCancel[],
    cancelRequests: 0,
  };
  const drop = (res: http.ServerResponse, holdMs: number) => setTimeout(() => res.socket?.destroy(), holdMs).unref();
  const refunded = (invoiceId: string) =>
    fake.cancels
      .filter((c) => c.body.invoiceId === invoiceId && c.status !== 'failure')
      .reduce((sum, c) => sum + c.amount, 0);
  const cancelView = (c: ReceivedCancel) => ({
    status: c.status,
    amount: c.amount,
    ccy: 980,
    createdDate: c.createdDate,
    modifiedDate: c.modifiedDate,
    approvalCode: '662476',
    rrn: '060189181768',
    extRef: c.body.extRef,
  });
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
      if (req.method === 'POST' && req.url === '/api/merchant/invoice/cancel') {
        fake.cancelRequests++;
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedCancel['body'];
        const fault = cancelFault;
        cancelFault = undefined;
        if (fault && 'refuse' in fault) {
          return send(fault.refuse.status, { errCode: fault.refuse.errCode, errText: fault.refuse.errText });
        }
        const invoice = fake.invoices.find((i) => i.invoiceId === body.invoiceId);
        if (!invoice) return send(404, { errCode: 'NOT_FOUND', errText: 'invoice not found' });
        const left = invoice.body.amount - refunded(body.invoiceId);
        const amount = body.amount ?? left;
        if (amount <= 0 || amount > left) {
          return send(400, { errCode: 'BAD_REQUEST', errText: 'the amount is more than is left to refund' });
        }
        const at = new Date().toISOString();
        const status = fault && 'fail' in fault ? 'failure' : fault && 'processing' in fault ? 'processing' : 'success';
        const cancel: ReceivedCancel = {
          token: req.headers['x-token'] as string,
          body,
          status,
          amount,
          createdDate: at,
          modifiedDate: at,
        };
        if (fault && 'silent' in fault) {
          if (fault.silent.applied) fake.cancels.push(cancel);
          return drop(res, fault.silent.holdMs ?? 50);
        }
        fake.cancels.push(cancel);
        return send(200, { status, createdDate: at, modifiedDate: at });
      }
      if (req.method === 'GET' && req.url?.startsWith('/api/merchant/invoice/status?')) {
        if (statusSilence !== undefined) {
          const holdMs = statusSilence;
          statusSilence = undefined;
          return drop(res, holdMs);
        }
        const invoiceId = new URL(req.url, 'http://fake').searchParams.get('invoiceId');
        const invoice = fake.invoices.find((i) => i.invoiceId === invoiceId);
        if (!invoice) return send(404, { errCode: 'NOT_FOUND', errText: 'invoice not found' });
        const cancels = fake.cancels.filter((c) => c.body.invoiceId === invoiceId);
        const left = invoice.body.amount - refunded(invoice.invoiceId);
        return send(200, {
          invoiceId,
          status: left === 0 && cancels.length > 0 ? 'reversed' : 'success',
          amount: invoice.body.amount,
          ccy: 980,
          finalAmount: left,
          reference: invoice.body.merchantPaymInfo.reference,
          cancelList: cancels.map(cancelView),
        });
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
    faultNextCancel: (fault: CancelFault) => {
      cancelFault = fault;
    },
    silenceNextStatus: (holdMs = 50) => {
      statusSilence = holdMs;
    },
    settleCancels: () => {
      for (const c of fake.cancels) {
        if (c.status === 'processing') Object.assign(c, { status: 'success', modifiedDate: new Date().toISOString() });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
