/**
 * Card payments: invoices at Monobank (or the shop's own sandbox, which signs like Monobank), their
 * signed webhooks, and the sandbox's page. Payments knows invoices, not orders: the checkout (orders
 * module) opens an order's invoice, and payments tells its follower when one is paid (decision 046).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import { configuredCardProvider } from './card-provider.ts';
import { paymentsRepository } from './payments.repository.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { paymentsService } from './payments.service.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import { resolveSandboxKeys } from './sandbox-keys.ts';
import { refuseAllWebhooks, webhookVerifier } from './webhook-verifier.ts';

export type { CancelItem } from './card-provider.ts';
export type { PaymentRow } from './payments.repository.ts';
export {
  type InvoiceLine,
  type InvoiceOrder,
  type OpenedInvoice,
  type PaidPrice,
  type PaymentFollower,
  type PaymentsService,
  paidPrices,
  paymentMessages,
  type RefundOutcome,
  type RefundRequest,
} from './payments.service.ts';

export interface PaymentsModuleDeps {
  database: Database;
  config: Pick<Config, 'env' | 'monobank' | 'paymentsSandbox' | 'publicUrl' | 'dataDir'>;
  log: FastifyBaseLogger;
}

export type PaymentsModule = ReturnType<typeof paymentsModule>;

/**
 * Card payments through Monobank with a token, else the sandbox when it is allowed, else none (card
 * orders are refused). The plugin serves the webhook under /api, and the sandbox's page and buttons
 * when the sandbox is on.
 */
export function paymentsModule({ database, config, log }: PaymentsModuleDeps) {
  const card = configuredCardProvider(config, resolveSandboxKeys);
  if (config.env === 'production' && card.sandboxSigningKey) {
    log.warn(
      'PAYMENTS_SANDBOX=true in production: card orders are "paid" on the shop\'s own sandbox page, and anyone ' +
        'placing one can mark it paid. Set MONOBANK_TOKEN to take real card payments.',
    );
  } else if (!card.provider) {
    log.warn('card payment is off: set MONOBANK_TOKEN (or PAYMENTS_SANDBOX=true to try the shop without one)');
  }
  const service = paymentsService({
    repo: paymentsRepository(database),
    provider: card.provider,
    verifier: card.provider ? webhookVerifier(card.provider.keys) : refuseAllWebhooks,
    publicUrl: config.publicUrl,
    log,
  });
  const module: ShopModule = {
    plugin: async (app) => {
      await app.register(paymentsRoutes(service), { prefix: '/api' });
      if (card.sandboxSigningKey) await app.register(sandboxRoutes(service, card.sandboxSigningKey));
    },
  };
  return { ...service, ...module };
}
