import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckboxCall } from '../src/modules/fiscal/checkbox-transport.ts';
import { type CheckboxSandbox, checkboxSandbox } from '../src/modules/fiscal/sandbox/checkbox-sandbox.ts';
import { sandboxReceiptPdf } from '../src/modules/fiscal/sandbox/receipt-print.ts';
import { memorySandboxStore, type SandboxReceipt } from '../src/modules/fiscal/sandbox/sandbox-store.ts';

export interface FakeCheckbox {
  /** For CHECKBOX_API_URL. */
  url: string;
  licenseKey: string;
  pinCode: string;
  /** Every call as received, with the status it was answered (0: the connection was dropped). */
  calls: { method: string; path: string; status: number }[];
  /** How many times each receipt id was posted to `/receipts/sell`. */
  sellPosts: Map<string, number>;
  /** The receipts the register holds (it made each once). */
  receipts(): SandboxReceipt[];
  /** The register's rules themselves, to move its state (its tokens, its shift). */
  register: CheckboxSandbox;
  /** Every token issued so far stops being accepted: the next call is answered 401. */
  expireToken(): void;
  /** The next receipt is refused with a validation error (422), and nothing is made. */
  refuseNextReceipt(message?: string): void;
  /** The next receipt is made, and then its answer lost: the connection dropped, or a 504 from a proxy. */
  loseNextReceiptAnswer(how: 'drop' | '504'): void;
  /** The open shift ends (as the register closes one by itself): the next receipt needs a shift opened. */
  closeShiftBehindTheShop(): void;
  close(): Promise<void>;
}

/**
 * A local server speaking Checkbox's REST protocol at `/api/v1`, with the rules of the shop's own stand-in
 * (tokens, shifts, sums, one receipt per id) kept in memory, and faults a test can ask for.
 */
export async function startFakeCheckbox(licenseKey = 'test-license-key', pinCode = '1234'): Promise<FakeCheckbox> {
  const store = memorySandboxStore();
  const register = checkboxSandbox(store, {
    licenseKey,
    pinCode,
    cashierName: 'Олена Касирка',
    pdf: sandboxReceiptPdf,
  });
  let refuse: string | undefined;
  let lose: 'drop' | '504' | undefined;
  const calls: FakeCheckbox['calls'] = [];
  const sellPosts = new Map<string, number>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const path = (req.url ?? '/').replace(/^\/api\/v1/, '');
      const raw = Buffer.concat(chunks).toString('utf8');
      const record = (status: number) => calls.push({ method: req.method ?? '', path, status });
      let body: unknown;
      try {
        body = raw === '' ? undefined : JSON.parse(raw);
      } catch {
        record(400);
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"Invalid JSON"}');
        return;
      }
      const call: CheckboxCall = {
        method: req.method === 'POST' ? 'POST' : 'GET',
        path,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        ...(body === undefined ? {} : { body }),
      };
      const selling = call.method === 'POST' && path === '/receipts/sell';
      if (selling) {
        const id = String((body as { id?: unknown } | undefined)?.id);
        sellPosts.set(id, (sellPosts.get(id) ?? 0) + 1);
      }
      if (selling && refuse !== undefined && req.headers.authorization) {
        const message = refuse;
        refuse = undefined;
        record(422);
        res.writeHead(422, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            message,
            detail: [{ loc: ['body', 'goods', 0, 'good', 'tax'], msg: message, type: 'value_error' }],
          }),
        );
        return;
      }
      const answer = await register.handle(call);
      if (selling && lose && answer.status === 201) {
        const how = lose;
        lose = undefined;
        if (how === 'drop') {
          record(0);
          req.socket.destroy();
          return;
        }
        record(504);
        res.writeHead(504, { 'content-type': 'text/html' }).end('<html><body>504 Gateway Time-out</body></html>');
        return;
      }
      record(answer.status);
      const isFile = answer.body instanceof Uint8Array;
      res.writeHead(answer.status, { 'content-type': isFile ? 'application/pdf' : 'application/json' });
      res.end(isFile ? Buffer.from(answer.body as Uint8Array) : JSON.stringify(answer.body ?? null));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    licenseKey,
    pinCode,
    calls,
    sellPosts,
    receipts: () => store.all(),
    register,
    expireToken: () => register.expireTokens(),
    refuseNextReceipt: (message = 'Невідомий код податку') => {
      refuse = message;
    },
    loseNextReceiptAnswer: (how) => {
      lose = how;
    },
    closeShiftBehindTheShop: () => register.dropShift(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
