import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Unauthenticated } from '../lib/domain-errors.ts';
import { type AccessTokenVerifier, tokenNotValid, type Viewer } from '../modules/accounts/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in shopper, null for a guest; a present but bad token is a 401, never the guest view. */
    viewer(): Promise<Viewer | null>;
  }
}

const bearer = /^Bearer\s+(\S+)\s*$/i;
/** Calls that only read may trust a briefly cached account state; any other call checks it afresh. */
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const viewerCache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

export function registerAuth(app: FastifyInstance, verifier: AccessTokenVerifier): void {
  app.decorateRequest('viewer', function viewer(this: FastifyRequest) {
    let pending = viewerCache.get(this);
    if (!pending) {
      pending = resolveViewer(this.headers.authorization, verifier, !readOnlyMethods.has(this.method));
      viewerCache.set(this, pending);
    }
    return pending;
  });
}

async function resolveViewer(
  header: string | undefined,
  verifier: AccessTokenVerifier,
  fresh: boolean,
): Promise<Viewer | null> {
  if (header === undefined || header.trim() === '') return null;
  const token = bearer.exec(header)?.[1];
  if (!token) throw new Unauthenticated('Authorization header must be "Bearer <token>".', 'bad_authorization_header');
  const viewer = await verifier.verify(token, { fresh });
  if (!viewer) throw tokenNotValid();
  return viewer;
}
