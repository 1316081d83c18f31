import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify } from 'jose';
import { Unauthenticated } from '../lib/domain-errors.ts';

export interface Viewer {
  id: number;
  isStaff: boolean;
  isSuperuser: boolean;
}

/** Turns an access token into the viewer it names, or null when the token is not valid. */
export interface AccessTokenVerifier {
  verify(token: string): Promise<Viewer | null>;
}

export const jwtAlgorithm = 'HS256';

/** Verifies our own access tokens: HS256 only (never `none`), type `access`, not expired. */
export function jwtAccessVerifier(secret: Uint8Array): AccessTokenVerifier {
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: [jwtAlgorithm] });
        const id = Number(payload.sub);
        if (payload.type !== 'access' || !Number.isSafeInteger(id) || id <= 0) return null;
        return { id, isStaff: payload.is_staff === true, isSuperuser: payload.is_superuser === true };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in shopper, null for a guest; a present but bad token is a 401, never the guest view. */
    viewer(): Promise<Viewer | null>;
  }
}

const bearer = /^Bearer\s+(\S+)\s*$/i;
const viewerCache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

export function registerAuth(app: FastifyInstance, verifier: AccessTokenVerifier): void {
  app.decorateRequest('viewer', function viewer(this: FastifyRequest) {
    let pending = viewerCache.get(this);
    if (!pending) {
      pending = resolveViewer(this.headers.authorization, verifier);
      viewerCache.set(this, pending);
    }
    return pending;
  });
}

async function resolveViewer(header: string | undefined, verifier: AccessTokenVerifier): Promise<Viewer | null> {
  if (header === undefined || header.trim() === '') return null;
  const token = bearer.exec(header)?.[1];
  if (!token) throw new Unauthenticated('Authorization header must be "Bearer <token>".', 'bad_authorization_header');
  const viewer = await verifier.verify(token);
  if (!viewer) throw new Unauthenticated('Given token not valid for any token type', 'token_not_valid');
  return viewer;
}
