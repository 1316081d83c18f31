/** Accounts: shoppers and staff, their sign-ins, and who is asking (`Viewer`). */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import type { OutboxMail } from '../../infra/mail/outbox.repository.ts';
import type { RateLimiter } from '../../infra/rate-limit/rate-limiter.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import type { AuditLog } from '../audit/index.ts';
import { jwtAccessVerifier } from './access-tokens.ts';
import { accountsRepository } from './accounts.repository.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { accountsService } from './accounts.service.ts';
import { activeAccountVerifier } from './active-account-verifier.ts';
import { adminCommands } from './create-admin.ts';
import type { AccountEraser, CustomerOrders } from './customer-orders.ts';
import { customersRepository } from './customers.repository.ts';
import { customersService } from './customers.service.ts';
import { passwordResetService } from './password-reset.service.ts';
import { profileRoutes } from './profile.routes.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { sessionsService } from './sessions.service.ts';
import { staffRepository } from './staff.repository.ts';
import { staffService } from './staff.service.ts';
import { tokenSigner } from './tokens.ts';

export type { AccessClaims, AccessTokenVerifier, VerifyOptions, Viewer } from './access-tokens.ts';
export { jwtAlgorithm, tokenNotValid } from './access-tokens.ts';
export type { SessionInvalidation } from './active-account-verifier.ts';
export type { AdminInput } from './create-admin.ts';
export type { AccountEraser, CustomerOrders } from './customer-orders.ts';
export type { CustomersService } from './customers.service.ts';
export { signedIn } from './signed-in.ts';
export type { StaffService } from './staff.service.ts';
export type { StaffMember } from './staff-member.ts';

/**
 * `create-admin`'s commands (create a superuser, or make an account one), for the CLI and the control
 * socket a running shop answers them through.
 */
export const createAdminCommands = (database: Database) =>
  adminCommands(accountsRepository(database), sessionsRepository(database));

export interface AccountsModuleDeps {
  database: Database;
  /** Signs and checks the access and refresh tokens. */
  secret: Uint8Array;
  publicUrl: string;
  /** How long a process trusts what it read about an account (active, staff) for bearer tokens, in ms. */
  accountCacheMs?: number;
  /** Sends the password-reset links. */
  mailer: Mailer;
  /** The mail outbox: notices are written in the change's transaction, so no crash loses them. */
  outbox: { enqueue(mails: readonly OutboxMail[], executor: Executor): Promise<number>; wake(): void };
  limits: RateLimiter;
  audit: AuditLog;
  log: FastifyBaseLogger;
  /** What the customers list shows of each account's orders (the orders module's). */
  customerOrders: CustomerOrders;
}

/**
 * The accounts module: registration, sign-in, profile and password reset under /api; customers and
 * staff for the back office; the bearer-token verifier that knows blocked and deleted accounts.
 */
export function accountsModule(deps: AccountsModuleDeps) {
  const { database, audit } = deps;
  const repo = accountsRepository(database);
  const sessionsRepo = sessionsRepository(database);
  // Also what this process forgets when it resets a password, blocks or deletes an account, or
  // revokes a sign-in.
  const verifier = activeAccountVerifier(jwtAccessVerifier(deps.secret), sessionsRepo.viewerState, {
    ttlMs: deps.accountCacheMs,
  });
  const accounts = accountsService(repo, {
    sessions: sessionsRepo,
    invalidation: verifier,
    outbox: deps.outbox,
    publicUrl: deps.publicUrl,
  });
  const sessions = sessionsService(repo, sessionsRepo, tokenSigner(deps.secret), verifier);
  const passwordReset = passwordResetService(repo, sessionsRepo, deps.mailer, deps.log, {
    publicUrl: deps.publicUrl,
    invalidation: verifier,
  });
  const erasers: AccountEraser[] = [];
  const customers = customersService({
    repo: customersRepository(database, deps.customerOrders),
    accounts: repo,
    sessions: sessionsRepo,
    orders: deps.customerOrders,
    erasers,
    audit,
    invalidation: verifier,
  });
  const staff = staffService({ repo: staffRepository(database), accounts: repo, audit, invalidation: verifier });

  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(
      async (api) => {
        await api.register(accountsRoutes(accounts, sessions, passwordReset, deps.limits));
        await api.register(profileRoutes(accounts, deps.limits));
      },
      { prefix: '/api' },
    );
  };

  const module = {
    /** Checks bearer tokens against the accounts and sign-ins as they are now (briefly cached for reads). */
    verifier,
    customers,
    staff,
    /** The e-mail an account has now; undefined when there is no such account. */
    emailOf: async (userId: number): Promise<string | undefined> => (await repo.byId(userId))?.email,
    /** The e-mails of the accounts among `ids`, by id. */
    emailsOf: repo.emails,
    /** The ids of the accounts whose e-mail contains `text`, in any case. */
    idsWithEmailContaining: repo.idsWithEmailContaining,
    /**
     * Adds a module's part to deleting an account on request (see `AccountEraser`): it runs in the
     * deletion's transaction, in the order registered, and may refuse the deletion.
     */
    onErase(eraser: AccountEraser): void {
      erasers.push(eraser);
    },
    /** Resolves once the reset links being mailed have gone (the app waits for it before closing the mailer). */
    settled: () => passwordReset.settled(),
    plugin,
  };
  return module satisfies ShopModule;
}

export type AccountsModule = ReturnType<typeof accountsModule>;
