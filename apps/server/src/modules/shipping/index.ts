/**
 * Shipping: the parcels orders travel in, with Nova Poshta's waybills (cash on delivery, labels,
 * hand-over registers) and their tracking, which moves orders through the orders module's
 * transitions. Without an API key the shop's own stand-in for the carrier answers the same protocol
 * (outside production by default), or waybill numbers are typed by hand.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Scheduler } from '../../infra/jobs/scheduler.ts';
import type { SingleRunner } from '../../infra/jobs/single-runner.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import type { AuditLog } from '../audit/index.ts';
import type { MailOutbox } from '../orders/index.ts';
import type { Carrier } from './carrier.ts';
import { novaPoshtaCarrier } from './nova-poshta/nova-poshta-carrier.ts';
import { novaPoshtaTransport, sandboxTransport } from './nova-poshta/protocol.ts';
import { type CarrierSandbox, carrierSandbox } from './nova-poshta/sandbox.ts';
import { sandboxPageRoutes } from './sandbox.routes.ts';
import { shippingRepository } from './shipping.repository.ts';
import { shippingRoutes } from './shipping.routes.ts';
import {
  type ProductWeights,
  type ShippingDirectory,
  type ShippingOrders,
  shippingService,
} from './shipping.service.ts';

export type { Carrier } from './carrier.ts';
/** The small PDF writer of the carrier's printed forms, for other modules' printed documents. */
export { type PdfItem, type PdfPage, pageSizes, pdfDocument } from './nova-poshta/pdf.ts';
export type { ShippingService } from './shipping.service.ts';

/** The single-runner lock's name of the tracking job: one run at a time across processes. */
export const trackingLock = 'shipping-tracking';

export interface ShippingModuleDeps {
  database: Database;
  config: Pick<Config, 'env' | 'novaPoshta' | 'shippingSandbox'>;
  orders: ShippingOrders;
  directory: ShippingDirectory;
  weights: ProductWeights;
  outbox: MailOutbox;
  audit: Pick<AuditLog, 'record'>;
  locks: SingleRunner;
  jobs: Scheduler;
  log: FastifyBaseLogger;
  /** Tests: a carrier of their own (a stand-in over HTTP with faults). */
  carrier?: Carrier;
}

/** Nova Poshta with a key; else the stand-in when allowed; else none (numbers typed by hand). */
function configuredCarrier(
  database: Database,
  config: ShippingModuleDeps['config'],
  placeName: (ref: string) => Promise<string | undefined>,
): { carrier: Carrier | undefined; sandbox: CarrierSandbox | undefined } {
  const { apiKey, apiUrl, printUrl, timeoutMs } = config.novaPoshta;
  if (apiKey) {
    return {
      carrier: novaPoshtaCarrier({
        transport: novaPoshtaTransport({ apiKey, apiUrl, timeoutMs }),
        printBase: printUrl,
      }),
      sandbox: undefined,
    };
  }
  if (!config.shippingSandbox) return { carrier: undefined, sandbox: undefined };
  const sandbox = carrierSandbox(database, { placeName });
  return { carrier: novaPoshtaCarrier({ transport: sandboxTransport(sandbox) }), sandbox };
}

export type ShippingModule = ReturnType<typeof shippingModule>;

export function shippingModule(deps: ShippingModuleDeps) {
  const { database, config, log } = deps;
  const configured = deps.carrier
    ? { carrier: deps.carrier, sandbox: undefined }
    : configuredCarrier(database, config, async (ref) => (await deps.directory.warehouse(ref))?.names.uk);
  if (config.env === 'production' && configured.sandbox) {
    log.warn(
      "SHIPPING_SANDBOX=true in production: waybills are made with the shop's own stand-in for Nova Poshta, " +
        'not the carrier. Set NOVA_POSHTA_API_KEY to ship for real.',
    );
  }
  const service = shippingService({
    repo: shippingRepository(database),
    carrier: configured.carrier,
    sandbox: configured.sandbox !== undefined,
    orders: deps.orders,
    directory: deps.directory,
    weights: deps.weights,
    outbox: deps.outbox,
    audit: deps.audit,
  });
  if (configured.carrier) {
    deps.jobs.add({ name: trackingLock, dueAt: service.trackingDueAt, run: async () => void (await service.track()) });
  }

  /**
   * A tracking run now (the back office's button). It may overlap the scheduled run: each answer is
   * applied under its shipment's row lock and only where it says something new, so two runs move and
   * mail each parcel once.
   */
  const trackNow = () => service.track();

  const module: ShopModule = {
    plugin: async (app) => {
      await app.register(shippingRoutes(service), { prefix: '/api' });
      if (configured.sandbox) await app.register(sandboxPageRoutes(configured.sandbox, trackNow));
    },
  };
  return { ...module, ...service, trackNow };
}
