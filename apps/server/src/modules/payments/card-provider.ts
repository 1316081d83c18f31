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

export interface CardProvider {
  kind: 'monobank' | 'sandbox';
  createInvoice(request: InvoiceRequest): Promise<{ invoiceId: string; pageUrl: string }>;
  /** The key webhooks are checked with. */
  keys: PublicKeySource;
}

export class ProviderError extends Error {
  override name = 'ProviderError';
}

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
  return {
    kind: 'sandbox',
    async createInvoice() {
      const invoiceId = `sandbox-${crypto.randomBytes(12).toString('base64url')}`;
      return { invoiceId, pageUrl: `${publicUrl}/payment/sandbox/${invoiceId}` };
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
