import crypto from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { jwtAlgorithm } from './access-tokens.ts';

export const accessTokenTtlSeconds = 15 * 60;
export const refreshTokenTtlSeconds = 7 * 24 * 60 * 60;

export interface TokenSubject {
  id: number;
  isStaff: boolean;
  isSuperuser: boolean;
}

/** Signs our JWTs (HS256 with the JWT secret) and reads refresh tokens back. */
export function tokenSigner(secret: Uint8Array, now: () => number = Date.now) {
  const sign = (claims: Record<string, unknown>, subject: number, jti: string, ttlSeconds: number) => {
    const issuedAt = Math.floor(now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: jwtAlgorithm, typ: 'JWT' })
      .setSubject(String(subject))
      .setJti(jti)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(secret);
  };

  return {
    /**
     * The claims plugins/auth.ts checks: sub, type 'access', is_staff, is_superuser, and `sid`, the
     * sign-in (refresh-token family) it belongs to, so ending the sign-in ends the token too.
     */
    access(user: TokenSubject, sessionId: string): Promise<string> {
      const claims = { type: 'access', sid: sessionId, is_staff: user.isStaff, is_superuser: user.isSuperuser };
      return sign(claims, user.id, crypto.randomUUID(), accessTokenTtlSeconds);
    },

    /** A refresh token whose id (`jti`) the database tracks. */
    async refresh(userId: number): Promise<{ token: string; jti: string; expiresAt: Date }> {
      const jti = crypto.randomUUID();
      const token = await sign({ type: 'refresh' }, userId, jti, refreshTokenTtlSeconds);
      return { token, jti, expiresAt: new Date(now() + refreshTokenTtlSeconds * 1000) };
    },

    /** The user and token id of a well-signed, unexpired refresh token; null for anything else. */
    async readRefresh(token: string): Promise<{ userId: number; jti: string } | null> {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [jwtAlgorithm],
          currentDate: new Date(now()),
        });
        const userId = Number(payload.sub);
        if (payload.type !== 'refresh' || !Number.isSafeInteger(userId) || userId <= 0) return null;
        if (typeof payload.jti !== 'string' || !uuidPattern.test(payload.jti)) return null;
        return { userId, jti: payload.jti };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof tokenSigner>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
