import { formatHryvnias, parseMoney } from '@kram/contract/money';
import { orderNumber } from '@kram/contract/orders';
import type { FastifyBaseLogger } from 'fastify';
import { pollingLoop } from '../../infra/jobs/polling-loop.ts';
import type { ReceiptRow, ReceiptsRepository } from './receipts.repository.ts';
import { type FiscalRegister, isRegisterError, type ReceiptRequest, type RegisterReceipt } from './register.ts';
import type { ShiftKeeper } from './shifts.ts';

/** After the first failure 1 minute, then 2, 5, 10, 30 and 60, then hourly: the register's outages end. */
const retryMinutes = [1, 2, 5, 10, 30, 60];
export const retryDelayMs = (attempts: number) =>
  (retryMinutes[Math.min(Math.max(attempts, 1), retryMinutes.length) - 1] as number) * 60_000;

/** The waits between looks at a receipt the register is fiscalising, in ms (about 7 s in all). */
const fiscalisingWaits = [150, 300, 600, 1000, 2000, 3000];

export interface ReceiptWorkerDeps {
  register: FiscalRegister;
  receipts: ReceiptsRepository;
  shifts: ShiftKeeper;
  /** Whether receipts are issued now (the settings may have turned them off). */
  active: () => Promise<boolean>;
  /** The manager's chat. */
  notifyManager: (text: string) => Promise<void>;
  log: FastifyBaseLogger;
  /** How often due receipts are looked for without a wake-up (retries, the overdue alert), in ms. */
  intervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** The request a row makes of the register, exactly as it was written. */
export function requestOf(row: ReceiptRow): ReceiptRequest {
  return {
    id: row.id,
    kind: row.kind,
    goods: row.body.goods,
    discount: row.body.discount,
    payment: {
      type: row.paymentType,
      value: parseMoney(row.amount),
    },
    email: row.body.email,
    relatedReceiptId: row.relatedReceiptId,
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Issues the receipts of the outbox one at a time: each due row is claimed (its attempt counted and its
 * next one set ahead, so no other process takes it meanwhile), sent to the register in an open shift,
 * and looked at until the register has fiscalised it. A row is marked `issuing` before it is sent, and
 * an `issuing` row is looked up at the register by its id before it is sent again: an answer lost on
 * the way never makes a second receipt. A refusal is recorded with the register's words and tried
 * again later (1, 2, 5, 10, 30, 60 minutes, then hourly); a receipt still not issued an hour after it
 * fell due is told to the manager's chat once.
 */
export function receiptWorker(deps: ReceiptWorkerDeps) {
  const { register, receipts, shifts, log } = deps;
  const intervalMs = deps.intervalMs ?? 5_000;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const loop = pollingLoop({
    pass: () => pass(),
    intervalMs,
    onError: (error) => log.error({ err: error }, 'fiscal receipt worker failed; retrying at the next tick'),
  });

  /** Looks at a receipt the register took until it is fiscalised or failed (or the waits run out). */
  async function settle(receipt: RegisterReceipt): Promise<RegisterReceipt> {
    let current = receipt;
    for (const wait of fiscalisingWaits) {
      if (current.status === 'DONE' || current.status === 'ERROR' || loop.stopped) break;
      await sleep(wait);
      current = (await register.receipt(current.id)) ?? current;
    }
    return current;
  }

  async function attempt(row: ReceiptRow): Promise<void> {
    // Pending: the register has never accepted it. Issuing: it may have (an answer was lost).
    let sent = row.status === 'issuing';
    let refusedOnSending = false;
    const request = requestOf(row);
    const issue = async () => {
      try {
        return await register.issue(request);
      } catch (error) {
        refusedOnSending = isRegisterError(error) && error.failure !== 'unavailable';
        throw error;
      }
    };
    const failed = (error: string) =>
      receipts.markFailed(row.id, {
        // A refusal of the request itself means the register made nothing: it is sent afresh next time.
        status: sent && !refusedOnSending ? 'issuing' : 'pending',
        error,
        retryInMs: retryDelayMs(row.attempts),
      });
    try {
      let answer = sent ? await register.receipt(row.id) : undefined;
      if (!answer) {
        await shifts.ensureOpen();
        await receipts.markIssuing(row.id);
        sent = true;
        try {
          answer = await issue();
        } catch (error) {
          if (!isRegisterError(error, 'no_shift')) throw error;
          // The register closed the shift by itself: open another and send once more.
          shifts.forget();
          await shifts.ensureOpen();
          refusedOnSending = false;
          answer = await issue();
        }
      }
      answer = await settle(answer);
      if (answer.status === 'DONE') {
        await receipts.markDone(row.id, {
          fiscalCode: answer.fiscalCode,
          serial: answer.serial,
          shiftId: answer.shiftId,
        });
        return;
      }
      if (answer.status === 'ERROR') {
        await failed(`The register could not fiscalise the receipt: ${answer.error ?? ''}`.trim());
        return;
      }
      await failed('The register is still fiscalising the receipt');
    } catch (error) {
      if (isRegisterError(error)) {
        log.warn({ receiptId: row.id, err: error, attempts: row.attempts }, 'fiscal receipt not issued; will retry');
      } else {
        log.error({ err: error, receiptId: row.id }, 'fiscal receipt attempt failed; will retry');
      }
      await failed(messageOf(error));
    }
  }

  /** Tells the manager's chat, once, of receipts not issued an hour after they fell due. */
  async function alertOverdue(): Promise<void> {
    const late = await receipts.claimAlerts(20);
    if (late.length === 0) return;
    const lines = late.map(
      (r) =>
        `• ${orderNumber(r.orderId)}: ${r.kind === 'return' ? 'чек повернення' : 'чек'} на ${formatHryvnias(r.amount, 'грн')}` +
        (r.lastError ? ` — ${r.lastError}` : ''),
    );
    await deps.notifyManager(['Фіскальні чеки не видано понад годину:', ...lines].join('\n'));
  }

  async function pass(): Promise<void> {
    if (!(await deps.active())) return;
    while (!loop.stopped) {
      const row = await receipts.claimNext(retryDelayMs);
      if (!row) break;
      await attempt(row);
    }
    if (!loop.stopped) await alertOverdue();
  }

  return {
    start: loop.start,
    /** A receipt was just committed: issue it now rather than at the next tick. */
    wake: loop.wake,
    /** Issues what is due now and waits (at most `waitMs`) for it. */
    async runNow(waitMs: number): Promise<void> {
      if (loop.stopped) return;
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        loop.run(),
        new Promise<void>((resolve) => {
          timeout = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(timeout);
    },
    stop: loop.stop,
  };
}

export type ReceiptWorker = ReturnType<typeof receiptWorker>;
