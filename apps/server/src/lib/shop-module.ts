import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * What a business module hands the app: one Fastify plugin that registers its routes (its public API
 * under `/api`, its pages if it has any) and its background work (`onReady` starts it, `onClose` stops
 * it). The module's factory returns this beside its public API; the app registers every module's
 * plugin in one loop and knows nothing of what each one does inside.
 */
export interface ShopModule {
  readonly plugin: FastifyPluginAsync;
}

/** Work a module keeps doing in the background (counters written every few seconds): started and stopped with the app. */
export function runInBackground(app: FastifyInstance, worker: { start(): void; close(): Promise<void> }): void {
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.close());
}
