import crypto from 'node:crypto';
import type { CheckboxCall, StandInAnswer } from '../checkbox-transport.ts';
import type { SandboxReceipt, SandboxStore } from './sandbox-store.ts';
import { isUuid } from './sandbox-store.ts';
import { lineSum, readSellBody, receiptTotal, type SellReceipt } from './sell-rules.ts';

export interface CheckboxSandboxOptions {
  /** What the cashier signs in with: the licence key and the PIN. */
  licenseKey: string;
  pinCode: string;
  cashierName?: string;
  /** The receipt's public page, for the answer's `tax_url`. */
  pageUrl?: (id: string) => string;
  /** The receipt as a PDF (the stand-in's own printed form). */
  pdf?: (receipt: SandboxReceipt) => Uint8Array;
}

interface Shift {
  id: string;
  serial: number;
  status: 'CREATED' | 'OPENING' | 'OPENED' | 'CLOSING' | 'CLOSED';
  openedAt: string | null;
  closedAt: string | null;
  zReport: Record<string, unknown> | null;
  /** How many times its status was read since it last changed: a shift settles on its second look. */
  looks: number;
}

const json = (status: number, body: unknown): StandInAnswer => ({ status, body, contentType: 'application/json' });
const message = (status: number, text: string) => json(status, { message: text });

/** The stand-in's receipt texts, in Checkbox's own Ukrainian. */
export const sandboxRefusals = {
  noShift: 'Зміну не відкрито',
  shiftOpen: 'Касир вже працює з відкритою зміною',
  duplicate: 'Чек з таким ідентифікатором вже існує',
  sum: 'Сума оплат не дорівнює сумі чека',
  related: 'Чек, до якого оформлено повернення, не знайдено',
  mixed: 'Чек повернення містить лише товари, що повертаються',
  notFound: 'Не знайдено',
  notAuthenticated: 'Not authenticated',
  licenseKey: 'Невірний ключ ліцензії каси',
  pin: 'Невірний PIN-код касира',
} as const;

/**
 * The shop's own Checkbox: the same REST protocol, enforcing the register's rules (a signed-in cashier,
 * an open shift, the goods less the discounts equal to the payments, one receipt per id) and answering
 * asynchronously as the register does: a receipt is fiscalised, and a shift opens or closes, by the
 * second time its status is read. Receipts are kept in `store`; tokens and shifts live in memory, so a
 * restart signs the cashier out and leaves no shift open (the shop signs in and opens one again).
 */
export function checkboxSandbox(store: SandboxStore, options: CheckboxSandboxOptions) {
  const tokens = new Set<string>();
  const shifts = new Map<string, Shift>();
  /** Receipts fiscalised since they were made: absent ones answer DONE (a restart finished them). */
  const fiscalising = new Map<string, number>();
  let shiftSerial = 0;
  let current: Shift | undefined;
  // One call at a time: serials and the duplicate check need the calls before to have finished.
  let queue: Promise<unknown> = Promise.resolve();

  /** A header by its name in any case, as HTTP has them. */
  const header = (call: CheckboxCall, name: string) =>
    Object.entries(call.headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  const bearer = (call: CheckboxCall) => /^Bearer (.+)$/i.exec(header(call, 'Authorization') ?? '')?.[1];
  const signedIn = (call: CheckboxCall) => {
    const token = bearer(call);
    return token !== undefined && tokens.has(token);
  };

  function shiftAnswer(shift: Shift) {
    return {
      id: shift.id,
      serial: shift.serial,
      status: shift.status,
      opened_at: shift.openedAt,
      closed_at: shift.closedAt,
      z_report: shift.zReport,
    };
  }

  async function zReport(shift: Shift): Promise<Record<string, unknown>> {
    const receipts = await store.ofShift(shift.id);
    const byType = new Map<string, { type: string; sell_sum: number; return_sum: number }>();
    let sells = 0;
    let returns = 0;
    for (const receipt of receipts) {
      const isReturn = receipt.body.type === 'RETURN';
      if (isReturn) returns += 1;
      else sells += 1;
      for (const payment of (receipt.body.payments as { type: string; value: number }[]) ?? []) {
        const totals = byType.get(payment.type) ?? { type: payment.type, sell_sum: 0, return_sum: 0 };
        if (isReturn) totals.return_sum += payment.value;
        else totals.sell_sum += payment.value;
        byType.set(payment.type, totals);
      }
    }
    return {
      id: crypto.randomUUID(),
      serial: shift.serial,
      sell_receipts_count: sells,
      return_receipts_count: returns,
      payments: [...byType.values()],
      created_at: new Date().toISOString(),
    };
  }

  /** Reading a shift moves it on, as the register's background work would. */
  async function look(shift: Shift): Promise<Shift> {
    shift.looks += 1;
    if (shift.looks < 2) {
      if (shift.status === 'CREATED') shift.status = 'OPENING';
      return shift;
    }
    if (shift.status === 'CREATED' || shift.status === 'OPENING') {
      Object.assign(shift, { status: 'OPENED', openedAt: new Date().toISOString(), looks: 0 });
    } else if (shift.status === 'CLOSING') {
      Object.assign(shift, {
        status: 'CLOSED',
        closedAt: new Date().toISOString(),
        zReport: await zReport(shift),
        looks: 0,
      });
      if (current === shift) current = undefined;
    }
    return shift;
  }

  function receiptAnswer(receipt: SandboxReceipt, status: 'CREATED' | 'PENDING' | 'DONE') {
    const done = status === 'DONE';
    return {
      id: receipt.id,
      type: receipt.body.type,
      status,
      serial: receipt.serial,
      fiscal_code: done ? receipt.fiscalCode : null,
      total_sum: receipt.body.total_sum,
      shift: { id: receipt.body.shift_id, serial: receipt.body.shift_serial },
      related_receipt_id: receipt.body.related_receipt_id ?? null,
      created_at: receipt.createdAt.toISOString(),
      tax_url: done && options.pageUrl ? options.pageUrl(receipt.id) : null,
    };
  }

  async function sell(call: CheckboxCall): Promise<StandInAnswer> {
    const read = readSellBody(call.body);
    if ('details' in read) return json(422, { message: 'Validation error', detail: read.details });
    const receipt: SellReceipt = read.receipt;
    if (current?.status !== 'OPENED') return json(400, { message: sandboxRefusals.noShift, code: 'shift.not_opened' });
    const returned = receipt.goods.filter((g) => g.isReturn).length;
    if (returned !== 0 && returned !== receipt.goods.length) return message(400, sandboxRefusals.mixed);
    if (receiptTotal(receipt) !== receipt.payments.reduce((sum, p) => sum + p.value, 0)) {
      return message(400, sandboxRefusals.sum);
    }
    if (receipt.relatedReceiptId && !(await store.byId(receipt.relatedReceiptId))) {
      return message(400, sandboxRefusals.related);
    }
    const serial = (await store.ofShift(current.id)).length + 1;
    const saved = {
      id: receipt.id,
      serial,
      fiscalCode: `TEST-${crypto.randomInt(1_000_000_000, 10_000_000_000)}`,
      body: {
        type: returned ? 'RETURN' : 'SELL',
        goods: receipt.goods.map((g) => ({ ...g, sum: lineSum(g) })),
        discounts: receipt.discounts,
        payments: receipt.payments,
        emails: receipt.emails,
        related_receipt_id: receipt.relatedReceiptId,
        total_sum: receipt.payments.reduce((sum, p) => sum + p.value, 0),
        shift_id: current.id,
        shift_serial: current.serial,
        cashier: options.cashierName ?? 'Касир пісочниці',
      },
    };
    if (!(await store.insert(saved))) return message(400, sandboxRefusals.duplicate);
    fiscalising.set(receipt.id, 0);
    const stored = (await store.byId(receipt.id)) as SandboxReceipt;
    return json(201, receiptAnswer(stored, 'CREATED'));
  }

  async function route(call: CheckboxCall): Promise<StandInAnswer> {
    const { method, path } = call;
    if (method === 'POST' && path === '/cashier/signinPinCode') {
      if (header(call, 'X-License-Key') !== options.licenseKey) return message(403, sandboxRefusals.licenseKey);
      if ((call.body as { pin_code?: unknown } | undefined)?.pin_code !== options.pinCode) {
        return message(401, sandboxRefusals.pin);
      }
      const token = crypto.randomBytes(24).toString('base64url');
      tokens.add(token);
      return json(200, { type: 'bearer', token_type: 'bearer', access_token: token });
    }
    if (!signedIn(call)) return message(401, sandboxRefusals.notAuthenticated);
    if (method === 'GET' && path === '/cashier/me') {
      return json(200, {
        id: 'a0b1c2d3-0000-4000-8000-000000000001',
        full_name: options.cashierName ?? 'Касир пісочниці',
      });
    }
    if (method === 'GET' && path === '/cashier/shift') {
      const shift = current && current.status !== 'CLOSED' ? await look(current) : undefined;
      return json(200, shift && shift.status !== 'CLOSED' ? shiftAnswer(shift) : null);
    }
    if (method === 'POST' && path === '/shifts') {
      if (header(call, 'X-License-Key') !== options.licenseKey) return message(403, sandboxRefusals.licenseKey);
      if (current && current.status !== 'CLOSED') return message(400, sandboxRefusals.shiftOpen);
      shiftSerial += 1;
      current = {
        id: crypto.randomUUID(),
        serial: shiftSerial,
        status: 'CREATED',
        openedAt: null,
        closedAt: null,
        zReport: null,
        looks: 0,
      };
      shifts.set(current.id, current);
      return json(202, shiftAnswer(current));
    }
    if (method === 'POST' && path === '/shifts/close') {
      if (current?.status !== 'OPENED')
        return json(400, { message: sandboxRefusals.noShift, code: 'shift.not_opened' });
      Object.assign(current, { status: 'CLOSING', looks: 0 });
      return json(200, shiftAnswer(current));
    }
    const shiftPath = /^\/shifts\/([^/]+)$/.exec(path);
    if (method === 'GET' && shiftPath) {
      const shift = shifts.get(decodeURIComponent(shiftPath[1] as string));
      return shift ? json(200, shiftAnswer(await look(shift))) : message(404, sandboxRefusals.notFound);
    }
    if (method === 'POST' && path === '/receipts/sell') return sell(call);
    const receiptPath = /^\/receipts\/([^/]+)(\/pdf)?$/.exec(path);
    if (method === 'GET' && receiptPath) {
      const id = decodeURIComponent(receiptPath[1] as string).toLowerCase();
      const receipt = isUuid(id) ? await store.byId(id) : undefined;
      if (!receipt) return message(404, sandboxRefusals.notFound);
      const looks = fiscalising.get(id);
      if (receiptPath[2]) {
        if (looks !== undefined || !options.pdf) return message(404, sandboxRefusals.notFound);
        return { status: 200, body: options.pdf(receipt), contentType: 'application/pdf' };
      }
      if (looks === undefined) return json(200, receiptAnswer(receipt, 'DONE'));
      // Fiscalised by the second look.
      if (looks >= 1) fiscalising.delete(id);
      else fiscalising.set(id, looks + 1);
      return json(200, receiptAnswer(receipt, looks >= 1 ? 'DONE' : 'PENDING'));
    }
    return message(404, sandboxRefusals.notFound);
  }

  return {
    /** Answers one call of the protocol. */
    handle(call: CheckboxCall): Promise<StandInAnswer> {
      const answer = queue.then(() => route(call));
      queue = answer.catch(() => {});
      return answer;
    },
    /** A fiscalised receipt, for its public page; undefined while it is not. */
    async fiscalised(id: string): Promise<SandboxReceipt | undefined> {
      const receipt = isUuid(id) ? await store.byId(id.toLowerCase()) : undefined;
      return receipt && !fiscalising.has(receipt.id) ? receipt : undefined;
    },
    /** Every token stops being accepted, as when the register's tokens expire. */
    expireTokens(): void {
      tokens.clear();
    },
    /** The open shift ends without a Z-report, as when the register closes it by itself. */
    dropShift(): void {
      if (current) Object.assign(current, { status: 'CLOSED', closedAt: new Date().toISOString() });
      current = undefined;
    },
  };
}

export type CheckboxSandbox = ReturnType<typeof checkboxSandbox>;
