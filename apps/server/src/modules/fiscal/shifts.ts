import { addDays, kyivDay, kyivInstant } from '../../lib/kyiv-time.ts';
import { type FiscalRegister, RegisterError, type RegisterShift } from './register.ts';
import type { SettingsRepository } from './settings.repository.ts';
import type { ShiftRow, ShiftStatus, ShiftsRepository } from './shifts.repository.ts';

/** The single-runner lock's name of the daily shift close: one close across processes. */
export const shiftCloseLock = 'fiscal-shift-close';

const statusOf: Record<RegisterShift['status'], ShiftStatus> = {
  CREATED: 'opening',
  OPENING: 'opening',
  OPENED: 'opened',
  CLOSING: 'closing',
  CLOSED: 'closed',
};

const at = (value: string | null) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** The instant of a Kyiv wall-clock time `HH:MM` on `day`. */
export function kyivTimeOn(day: string, time: string): Date {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return kyivInstant(day, h, m);
}

/** The first daily close at `time` (Kyiv's HH:MM) after `after`. */
export function nextCloseAfter(after: Date, time: string): Date {
  const day = kyivDay(after);
  const today = kyivTimeOn(day, time);
  return today.getTime() > after.getTime() ? today : kyivTimeOn(addDays(day, 1), time);
}

const waits = [200, 400, 800, 1000, 1500, 2000];

/**
 * The register's shifts as the shop keeps them: one is opened when a receipt needs it (the register
 * refuses receipts outside a shift), and the open one is closed on schedule or on demand, its Z-report
 * kept. What the register says is the truth: a shift the shop thought open that the register no longer
 * has is recorded closed.
 */
export function shiftKeeper(deps: {
  register: FiscalRegister;
  shifts: ShiftsRepository;
  settings: SettingsRepository;
  sleep?: (ms: number) => Promise<void>;
}) {
  const { register, shifts } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  /** The shift this process last saw open: receipts go out without asking again until one is refused. */
  let knownOpen: string | undefined;

  const record = (shift: RegisterShift): Promise<ShiftRow> =>
    shifts.save({
      id: shift.id,
      serial: shift.serial,
      status: statusOf[shift.status],
      openedAt: at(shift.openedAt),
      closedAt: shift.status === 'CLOSED' ? (at(shift.closedAt) ?? new Date()) : null,
      zReport: shift.zReport,
    });

  /** The register's current shift once it is not opening or closing any more (null: none). */
  async function settledShift(): Promise<RegisterShift | null> {
    let shift = await register.currentShift();
    for (const wait of waits) {
      if (!shift || shift.status === 'OPENED' || shift.status === 'CLOSED') break;
      await sleep(wait);
      shift = await register.currentShift();
    }
    if (shift && shift.status !== 'OPENED' && shift.status !== 'CLOSED') {
      throw new RegisterError('unavailable', `The register's shift is still ${shift.status.toLowerCase()}`);
    }
    return shift?.status === 'OPENED' ? shift : null;
  }

  /** The cashier's name, as the register knows it, for the settings screen. */
  async function learnCashier(): Promise<void> {
    const name = await register.cashierName();
    if (name) await deps.settings.setCashierName(name);
  }

  return {
    /** An open shift to issue receipts in: the register's own, or one opened now. */
    async ensureOpen(): Promise<void> {
      if (knownOpen) return;
      let shift = await settledShift();
      if (!shift) {
        await shifts.closeAllBut(null);
        shift = await register.openShift();
        // A new shift is a good moment to learn who signs the receipts.
        await learnCashier().catch(() => {});
      }
      await record(shift);
      await shifts.closeAllBut(shift.id);
      knownOpen = shift.id;
    },

    /** The register refused a receipt for want of a shift: look again before the next one. */
    forget(): void {
      knownOpen = undefined;
    },

    /** Closes the open shift and keeps its Z-report; undefined when none is open. */
    async closeNow(): Promise<ShiftRow | undefined> {
      knownOpen = undefined;
      const open = await settledShift();
      if (!open) {
        await shifts.closeAllBut(null);
        return undefined;
      }
      await record(open);
      let closed: RegisterShift;
      try {
        closed = await register.closeShift();
      } catch (error) {
        if (error instanceof RegisterError && error.failure === 'no_shift') return undefined;
        throw error;
      }
      return record(closed);
    },

    learnCashier,
  };
}

export type ShiftKeeper = ReturnType<typeof shiftKeeper>;
