import type { FastifyPluginAsync } from 'fastify';
import type { ShopModule } from '../../lib/shop-module.ts';
import { adminRoutes } from './admin.routes.ts';
import type { AdminDeps } from './admin-deps.ts';

export type { AdminDeps } from './admin-deps.ts';

/**
 * The back office's API under /api/admin: staff only, each resource a thin map from the contract's
 * requests to the owning module's calls. It holds no rule and no table of its own.
 */
export function adminModule(deps: AdminDeps) {
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(adminRoutes(deps), { prefix: '/api/admin' });
  };
  return { plugin } satisfies ShopModule;
}
