/**
 * What the shop needs of a software cash register, whoever it is (Checkbox, or the shop's own stand-in
 * for it): a shift to issue in, receipts issued by the shop's own id and looked up by it, their PDF,
 * and the closing Z-report. Money in kopiyky, quantities in thousandths of a unit.
 */

export type RegisterKind = 'checkbox' | 'sandbox';

/** How a refusal or a failure of the register is to be handled. */
export type RegisterFailure =
  /** The register said no (its words in the message): the request must change, or wait for a person. */
  | 'refused'
  /** The register has no open shift: open one and ask again. */
  | 'no_shift'
  /** No answer, a timeout or a 5xx: whether the request took effect is unknown. */
  | 'unavailable';

export class RegisterError extends Error {
  readonly failure: RegisterFailure;
  constructor(failure: RegisterFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RegisterError';
    this.failure = failure;
  }
}

export const isRegisterError = (error: unknown, failure?: RegisterFailure): error is RegisterError =>
  error instanceof RegisterError && (failure === undefined || error.failure === failure);

export type RegisterShiftStatus = 'CREATED' | 'OPENING' | 'OPENED' | 'CLOSING' | 'CLOSED';

/** A Z-report's totals, as the shop keeps them beside the register's whole report. */
export interface ZTotals {
  sellReceipts: number;
  returnReceipts: number;
  /** Kopiyky. */
  sellSum: number;
  returnSum: number;
}

export interface RegisterShift {
  id: string;
  serial: number | null;
  status: RegisterShiftStatus;
  openedAt: string | null;
  closedAt: string | null;
  /** The register's Z-report as it gave it, once the shift is closed. */
  zReport: Record<string, unknown> | null;
}

export interface ReceiptLine {
  code: string;
  name: string;
  /** Kopiyky per unit. */
  price: number;
  /** Units × 1000. */
  quantity: number;
  taxes: number[];
}

/** A receipt as the shop asks for it: `id` is the shop's own, and the register keeps it. */
export interface ReceiptRequest {
  id: string;
  kind: 'sell' | 'return';
  goods: ReceiptLine[];
  discount: { value: number; name: string } | null;
  payment: { type: 'card' | 'cash'; value: number };
  email: string | null;
  /** A return receipt's sell receipt. */
  relatedReceiptId: string | null;
}

export type RegisterReceiptStatus = 'CREATED' | 'PENDING' | 'DONE' | 'ERROR';

export interface RegisterReceipt {
  id: string;
  status: RegisterReceiptStatus;
  fiscalCode: string | null;
  serial: number | null;
  shiftId: string | null;
  /** Why the register could not fiscalise it (status ERROR). */
  error: string | null;
}

export interface FiscalRegister {
  kind: RegisterKind;
  /** The name of the cashier the register signs in as. */
  cashierName(): Promise<string>;
  /** The open shift (or one opening or closing), null when there is none. */
  currentShift(): Promise<RegisterShift | null>;
  /** Opens a shift and waits until it is open. */
  openShift(): Promise<RegisterShift>;
  /** Closes the open shift and waits for its Z-report; a `no_shift` refusal when none is open. */
  closeShift(): Promise<RegisterShift>;
  /** Sends a receipt; the register fiscalises it afterwards (see `receipt`). */
  issue(receipt: ReceiptRequest): Promise<RegisterReceipt>;
  /** A receipt by the shop's id; undefined when the register has none with it. */
  receipt(id: string): Promise<RegisterReceipt | undefined>;
  /** The fiscalised receipt as a PDF. */
  pdf(id: string): Promise<Uint8Array>;
  /** Where the buyer sees the receipt on the register's site. */
  pageUrl(id: string): string;
}
