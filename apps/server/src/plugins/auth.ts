import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify } from 'jose';
import { Unauthenticated } from '../lib/domain-errors.ts';

export interface Viewer {
  id: number;
  isStaff: boolean;
  isSuperuser: boolean;
  /** The sign-in (refresh-token family) the access token belongs to. */
  sessionId?: string;
}

/** What a well-signed access token says: its viewer, and the sign-in (`sid`) it was issued to. */
export interface AccessClaims extends Viewer {
  sessionId: string | undefined;
}

export interface VerifyOptions {
  /** Read the account's state now rather than trust a cached read (calls that change something). */
  fresh?: boolean;
}

/** Turns an access token into the viewer it names, or null when the token is not valid. */
export interface AccessTokenVerifier<Result extends Viewer = Viewer> {
  verify(token: string, options?: VerifyOptions): Promise<Result | null>;
}

export const jwtAlgorithm = 'HS256';

/** The answer to a bearer token that is bad, expired, or no longer names a live sign-in. */
export const tokenNotValid = () => new Unauthenticated('Given token not valid for any token type', 'token_not_valid');

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Verifies our own access tokens: HS256 only (never `none`), type `access`, not expired. */
export function jwtAccessVerifier(secret: Uint8Array): AccessTokenVerifier<AccessClaims> {
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: [jwtAlgorithm] });
        const id = Number(payload.sub);
        if (payload.type !== 'access' || !Number.isSafeInteger(id) || id <= 0) return null;
        const sessionId = typeof payload.sid === 'string' && uuidPattern.test(payload.sid) ? payload.sid : undefined;
        return { id, isStaff: payload.is_staff === true, isSuperuser: payload.is_superuser === true, sessionId };
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
