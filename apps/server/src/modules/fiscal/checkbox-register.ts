import type { CheckboxReply, CheckboxTransport } from './checkbox-transport.ts';
import {
  type FiscalRegister,
  type ReceiptRequest,
  RegisterError,
  type RegisterKind,
  type RegisterReceipt,
  type RegisterReceiptStatus,
  type RegisterShift,
  type RegisterShiftStatus,
} from './register.ts';

export interface CheckboxRegisterOptions {
  transport: CheckboxTransport;
  licenseKey: string;
  pinCode: string;
  /** Where the register shows a receipt (`https://check.checkbox.ua`): a receipt's page is `<receiptUrl>/<id>`. */
  receiptUrl: string;
  kind?: RegisterKind;
  clientVersion?: string;
  /** The waits between looks at a shift that is opening or closing, in ms. */
  pollDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

const defaultPollDelays = [200, 400, 800, 1000, 1500, 2000, 3000, 3000];
const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const int = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** The register's words of a refusal: its message, and each field's complaint of a validation refusal. */
export function refusalWords(reply: CheckboxReply): string {
  const body = record(reply.json);
  const details = Array.isArray(body.detail)
    ? body.detail.map((d) => {
        const item = record(d);
        const where = Array.isArray(item.loc) ? item.loc.filter((p) => p !== 'body').join('.') : '';
        return [where, text(item.msg)].filter(Boolean).join(': ');
      })
    : typeof body.detail === 'string'
      ? [body.detail]
      : [];
  const words = [text(body.message), ...details].filter(Boolean).join('; ');
  return words || `HTTP ${reply.status}`;
}

// Checkbox words it «Зміну не відкрито» (its code varies between versions); its English texts say a shift is not opened.
const noShiftWords = /змін[уаи]\s+не\s+відкрит|shift\s+(is\s+)?not\s+open|no\s+open(ed)?\s+shift/i;

function refusal(reply: CheckboxReply, what: string): RegisterError {
  const words = refusalWords(reply);
  if (reply.status === 400 && noShiftWords.test(words)) return new RegisterError('no_shift', words);
  return new RegisterError('refused', `${what}: ${words}`);
}

const shiftStatuses: readonly RegisterShiftStatus[] = ['CREATED', 'OPENING', 'OPENED', 'CLOSING', 'CLOSED'];
const receiptStatuses: readonly RegisterReceiptStatus[] = ['CREATED', 'PENDING', 'DONE', 'ERROR'];

function shiftOf(value: unknown): RegisterShift {
  const body = record(value);
  const id = text(body.id);
  const status = shiftStatuses.find((s) => s === body.status);
  if (!id || !status)
    throw new RegisterError('unavailable', 'The cash register answered a shift without its id or status');
  const z = body.z_report;
  return {
    id,
    serial: int(body.serial),
    status,
    openedAt: text(body.opened_at),
    closedAt: text(body.closed_at),
    zReport: typeof z === 'object' && z !== null && !Array.isArray(z) ? (z as Record<string, unknown>) : null,
  };
}

function receiptOf(value: unknown): RegisterReceipt {
  const body = record(value);
  const id = text(body.id);
  const status = receiptStatuses.find((s) => s === body.status);
  if (!id || !status) {
    throw new RegisterError('unavailable', 'The cash register answered a receipt without its id or status');
  }
  return {
    id,
    status,
    fiscalCode: text(body.fiscal_code),
    serial: int(body.serial),
    shiftId: text(record(body.shift).id),
    error:
      status === 'ERROR' ? (text(body.error) ?? text(body.message) ?? 'The register could not fiscalise it') : null,
  };
}

/** The receipt as Checkbox's `POST /receipts/sell` takes it: a return receipt is the same with every good returned. */
export function sellBody(receipt: ReceiptRequest): Record<string, unknown> {
  const card = receipt.payment.type === 'card';
  return {
    id: receipt.id,
    goods: receipt.goods.map((g) => ({
      good: { code: g.code, name: g.name, price: g.price, tax: g.taxes },
      quantity: g.quantity,
      ...(receipt.kind === 'return' ? { is_return: true } : {}),
    })),
    discounts: receipt.discount
      ? [{ type: 'DISCOUNT', mode: 'VALUE', value: receipt.discount.value, name: receipt.discount.name }]
      : [],
    payments: [{ type: card ? 'CASHLESS' : 'CASH', value: receipt.payment.value, label: card ? 'Картка' : 'Готівка' }],
    ...(receipt.email ? { delivery: { emails: [receipt.email] } } : {}),
    ...(receipt.relatedReceiptId ? { related_receipt_id: receipt.relatedReceiptId } : {}),
  };
}

/**
 * Checkbox's cash register API: the cashier signs in with the licence key and PIN, and the token is kept
 * until the register refuses it (401, or a 403 about the token), when it signs in again once and repeats
 * the call. Shifts open and close asynchronously: their status is looked at until they settle.
 */
export function checkboxRegister(options: CheckboxRegisterOptions): FiscalRegister {
  const { transport, licenseKey, pinCode } = options;
  const pollDelays = options.pollDelaysMs ?? defaultPollDelays;
  const sleep = options.sleep ?? sleepFor;
  const client = { 'X-Client-Name': 'kram', 'X-Client-Version': options.clientVersion ?? '0.1.0' };
  let token: string | undefined;
  let signingIn: Promise<string> | undefined;

  async function signIn(): Promise<string> {
    const reply = await transport.send({
      method: 'POST',
      path: '/cashier/signinPinCode',
      headers: { ...client, 'X-License-Key': licenseKey },
      body: { pin_code: pinCode },
    });
    const access = text(record(reply.json).access_token);
    if (reply.status >= 300 || !access) throw refusal(reply, 'The cashier could not sign in');
    return access;
  }

  /** The token, signing in when there is none; concurrent callers share one sign-in. */
  async function currentToken(): Promise<string> {
    if (token) return token;
    signingIn ??= signIn().finally(() => {
      signingIn = undefined;
    });
    token = await signingIn;
    return token;
  }

  const tokenRefused = (reply: CheckboxReply) =>
    reply.status === 401 || (reply.status === 403 && /token/i.test(refusalWords(reply)));

  async function call(
    method: 'GET' | 'POST',
    path: string,
    extra: { body?: unknown; license?: boolean; binary?: boolean } = {},
  ): Promise<CheckboxReply> {
    const send = async (bearer: string) =>
      transport.send(
        {
          method,
          path,
          headers: {
            ...client,
            Authorization: `Bearer ${bearer}`,
            ...(extra.license ? { 'X-License-Key': licenseKey } : {}),
          },
          ...(extra.body === undefined ? {} : { body: extra.body }),
        },
        extra.binary,
      );
    const used = await currentToken();
    const reply = await send(used);
    if (!tokenRefused(reply)) return reply;
    if (token === used) token = undefined;
    return send(await currentToken());
  }

  /** Looks at the shift until `done` says it settled. */
  async function settle(shift: RegisterShift, done: (s: RegisterShift) => boolean): Promise<RegisterShift> {
    let current = shift;
    for (const delay of pollDelays) {
      if (done(current)) return current;
      await sleep(delay);
      const reply = await call('GET', `/shifts/${encodeURIComponent(current.id)}`);
      if (reply.status >= 300) throw refusal(reply, 'The shift could not be read');
      current = shiftOf(reply.json);
    }
    if (done(current)) return current;
    throw new RegisterError('unavailable', `The shift is still ${current.status.toLowerCase()}`);
  }

  return {
    kind: options.kind ?? 'checkbox',

    async cashierName() {
      const reply = await call('GET', '/cashier/me');
      if (reply.status >= 300) throw refusal(reply, 'The cashier could not be read');
      return text(record(reply.json).full_name) ?? '';
    },

    async currentShift() {
      const reply = await call('GET', '/cashier/shift');
      if (reply.status >= 300) throw refusal(reply, 'The shift could not be read');
      return reply.json === null ? null : shiftOf(reply.json);
    },

    async openShift() {
      const reply = await call('POST', '/shifts', { license: true });
      if (reply.status >= 300) throw refusal(reply, 'The shift could not be opened');
      const opened = await settle(shiftOf(reply.json), (s) => s.status === 'OPENED' || s.status === 'CLOSED');
      if (opened.status !== 'OPENED')
        throw new RegisterError('refused', 'The register closed the shift it was opening');
      return opened;
    },

    async closeShift() {
      const reply = await call('POST', '/shifts/close');
      if (reply.status >= 300) throw refusal(reply, 'The shift could not be closed');
      return settle(shiftOf(reply.json), (s) => s.status === 'CLOSED');
    },

    async issue(receipt) {
      const reply = await call('POST', '/receipts/sell', { body: sellBody(receipt) });
      if (reply.status >= 300) throw refusal(reply, 'The register refused the receipt');
      return receiptOf(reply.json);
    },

    async receipt(id) {
      const reply = await call('GET', `/receipts/${encodeURIComponent(id)}`);
      if (reply.status === 404) return undefined;
      if (reply.status >= 300) throw refusal(reply, 'The receipt could not be read');
      return receiptOf(reply.json);
    },

    async pdf(id) {
      const reply = await call('GET', `/receipts/${encodeURIComponent(id)}/pdf`, { binary: true });
      if (reply.status >= 300 || !reply.bytes) throw refusal(reply, 'The receipt’s PDF could not be read');
      return reply.bytes;
    },

    pageUrl: (id) => `${options.receiptUrl}/${encodeURIComponent(id)}`,
  };
}
