import { errors as joseErrors, jwtVerify } from 'jose';
import { Unauthenticated } from '../../lib/domain-errors.ts';

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
