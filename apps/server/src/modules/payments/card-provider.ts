import crypto from 'node:crypto';
import { cachedKeySource, type PublicKeySource } from './webhook-verifier.ts';

export interface BasketLine {
  name: string;
  qty: number;
  /** Unit price in kopiyky. */
  sum: number;
  /** Line total in kopiyky. */
  total: number;
  code: string;
  unit: string;
}

export interface InvoiceRequest {
  /** In kopiyky. */
  amount: number;
  /** Our order id: Monobank sends it back in every webhook. */
  reference: string;
  destination: string;
  basketOrder: BasketLine[];
  redirectUrl: string;
  webHookUrl: string;
}

/** One good a refund gives back, as the bank's return receipt lists it. */
export interface CancelItem {
  name: string;
  qty: number;
  /** Unit price in kopiyky. */
  sum: number;
  code: string;
}

export interface CancelRequest {
  invoiceId: string;
  /** Our id of this refund: the bank keeps it with the cancel, so an answer that was lost can be looked up. */
  extRef: string;
  /** In kopiyky; omitted for the whole invoice. */
  amount?: number;
  items: CancelItem[];
}

export const cancelStatuses = ['processing', 'success', 'failure'] as const;
export type CancelStatus = (typeof cancelStatuses)[number];

/** The bank's word on a refund: its status, and its answer as it came. */
export interface CancelAnswer {
  status: CancelStatus;
  body: string;
  modifiedDate: string | undefined;
}

export interface CardProvider {
  kind: 'monobank' | 'sandbox';
  createInvoice(request: InvoiceRequest): Promise<{ invoiceId: string; pageUrl: string }>;
  /** Refunds a paid invoice, wholly or in part. A refusal is a ProviderRefusal; no answer, a ProviderError. */
  cancelInvoice(request: CancelRequest): Promise<CancelAnswer>;
  /** The refund made on the invoice with `extRef`, as the bank has it now; undefined when it has none. */
  findCancel(invoiceId: string, extRef: string): Promise<CancelAnswer | undefined>;
  /** The key webhooks are checked with. */
  keys: PublicKeySource;
}

/** The provider did not answer, or answered something that cannot be read: what it did is unknown. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

/** The provider answered and refused (a 4xx with its errCode and errText): nothing was done. */
export class ProviderRefusal extends ProviderError {
  override name = 'ProviderRefusal';
  readonly status: number;
  /** The answer's body as it came. */
  readonly body: string;
  /** The provider's own words (errText), or the body when it has none. */
  readonly text: string;
  constructor(status: number, body: string, text: string) {
    super(`the provider refused (${status}): ${text}`);
    this.status = status;
    this.body = body;
    this.text = text;
  }
}

/** Statuses after which asking again cannot change the provider's mind: a bad request, a bad token, no such invoice. */
const refusalStatus = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

function refusalOf(status: number, body: string): ProviderRefusal {
  let text = body.slice(0, 500);
  try {
    const parsed = JSON.parse(body) as { errCode?: unknown; errText?: unknown };
    if (typeof parsed.errText === 'string' && parsed.errText) {
      text = typeof parsed.errCode === 'string' ? `${parsed.errText} (${parsed.errCode})` : parsed.errText;
    }
  } catch {
    // Not JSON: its words as they came.
  }
  return new ProviderRefusal(status, body, text);
}

/** A cancel's status as the provider words it, or undefined for anything else. */
const cancelStatusOf = (value: unknown): CancelStatus | undefined => cancelStatuses.find((status) => status === value);

export interface MonobankOptions {
  token: string;
  /** https://api.monobank.ua, or a local server in tests. */
  apiUrl: string;
  timeoutMs?: number;
  minKeyRefreshIntervalMs?: number;
}

/** Monobank acquiring: invoices through `/api/merchant/invoice/create`, webhooks checked with its pubkey. */
export function monobankProvider(options: MonobankOptions): CardProvider {
  const base = options.apiUrl.replace(/\/+$/, '');
  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        ...init,
        headers: { 'x-token': options.token, 'content-type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new ProviderError(`Monobank is unreachable (${path}): ${(error as Error).message}`);
    }
    const text = await res.text();
    if (refusalStatus(res.status)) throw refusalOf(res.status, text);
    if (!res.ok) throw new ProviderError(`Monobank answered ${res.status} to ${path}: ${text.slice(0, 500)}`);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ProviderError(`Monobank answered ${path} with something that is not JSON`);
    }
  }
  return {
    kind: 'monobank',
    async createInvoice(request) {
      const answer = await call<{ invoiceId?: unknown; pageUrl?: unknown }>('/api/merchant/invoice/create', {
        method: 'POST',
        body: JSON.stringify({
          amount: request.amount,
          ccy: 980,
          merchantPaymInfo: {
            reference: request.reference,
            destination: request.destination,
            basketOrder: request.basketOrder,
          },
          redirectUrl: request.redirectUrl,
          webHookUrl: request.webHookUrl,
        }),
      });
      if (typeof answer.invoiceId !== 'string' || typeof answer.pageUrl !== 'string') {
        throw new ProviderError('Monobank answered the invoice without invoiceId or pageUrl');
      }
      return { invoiceId: answer.invoiceId, pageUrl: answer.pageUrl };
    },
    async cancelInvoice(request) {
      const body = JSON.stringify({
        invoiceId: request.invoiceId,
        extRef: request.extRef,
        ...(request.amount === undefined ? {} : { amount: request.amount }),
        items: request.items,
      });
      const answer = await call<{ status?: unknown; modifiedDate?: unknown }>('/api/merchant/invoice/cancel', {
        method: 'POST',
        body,
      });
      const status = cancelStatusOf(answer.status);
      if (!status) throw new ProviderError('Monobank answered the cancel without a status it knows');
      return {
        status,
        body: JSON.stringify(answer),
        modifiedDate: typeof answer.modifiedDate === 'string' ? answer.modifiedDate : undefined,
      };
    },
    async findCancel(invoiceId, extRef) {
      const answer = await call<{ cancelList?: unknown }>(
        `/api/merchant/invoice/status?invoiceId=${encodeURIComponent(invoiceId)}`,
      );
      const list = Array.isArray(answer.cancelList) ? (answer.cancelList as Record<string, unknown>[]) : [];
      const found = list.find((entry) => entry && entry.extRef === extRef);
      const status = cancelStatusOf(found?.status);
      if (!found || !status) return undefined;
      return {
        status,
        body: JSON.stringify(found),
        modifiedDate: typeof found.modifiedDate === 'string' ? found.modifiedDate : undefined,
      };
    },
    keys: cachedKeySource(() => call<{ key?: unknown }>('/api/merchant/pubkey'), {
      minRefreshIntervalMs: options.minKeyRefreshIntervalMs,
    }),
  };
}

/**
 * No Monobank token: invoices are paid on a page of the shop itself, whose buttons send webhooks
 * signed with the sandbox's own key pair, checked the way Monobank's are.
 */
export function sandboxProvider(publicUrl: string, publicKeyAnswer: { key: string }): CardProvider {
  // The sandbox's refunds, as a bank keeps them: asked again by their extRef after an answer was lost.
  // Kept in memory: the sandbox moves no money, so a restart forgetting them costs nothing.
  const cancels = new Map<string, CancelAnswer>();
  return {
    kind: 'sandbox',
    async createInvoice() {
      const invoiceId = `sandbox-${crypto.randomBytes(12).toString('base64url')}`;
      return { invoiceId, pageUrl: `${publicUrl}/payment/sandbox/${invoiceId}` };
    },
    // A sandbox refund succeeds at once, as a card refund usually does.
    async cancelInvoice(request) {
      const at = new Date().toISOString();
      const answer = { status: 'success', createdDate: at, modifiedDate: at } as const;
      const recorded = { status: answer.status, body: JSON.stringify(answer), modifiedDate: at };
      cancels.set(`${request.invoiceId} ${request.extRef}`, recorded);
      return recorded;
    },
    async findCancel(invoiceId, extRef) {
      return cancels.get(`${invoiceId} ${extRef}`);
    },
    keys: cachedKeySource(async () => publicKeyAnswer),
  };
}

/**
 * Monobank when a token is configured; else the sandbox with its key pair from the data folder, when
 * it is allowed (config.paymentsSandbox); else none: card payment is refused until a token is set.
 */
export function configuredCardProvider(
  config: { monobank: MonobankOptions | undefined; paymentsSandbox: boolean; publicUrl: string; dataDir: string },
  sandboxKeys: (dataDir: string) => { privateKey: crypto.KeyObject; publicKeyAnswer: { key: string } },
): { provider: CardProvider | undefined; sandboxSigningKey?: crypto.KeyObject } {
  if (config.monobank) return { provider: monobankProvider(config.monobank) };
  if (!config.paymentsSandbox) return { provider: undefined };
  const keys = sandboxKeys(config.dataDir);
  return { provider: sandboxProvider(config.publicUrl, keys.publicKeyAnswer), sandboxSigningKey: keys.privateKey };
}
