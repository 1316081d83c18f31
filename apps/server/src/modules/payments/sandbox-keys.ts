import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface SandboxKeys {
  privateKey: crypto.KeyObject;
  /** `{key}` as Monobank's `/api/merchant/pubkey` answers it: base64 of the PEM. */
  publicKeyAnswer: { key: string };
}

/**
 * The sandbox's signing key pair (P-256, as Monobank's): generated once and kept in the data folder,
 * like the JWT secret, so webhooks signed before a restart still verify after it.
 */
export function resolveSandboxKeys(dataDir: string): SandboxKeys {
  const file = path.join(dataDir, 'payment-sandbox-key.pem');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    try {
      // `wx`: of two processes starting together, the second keeps the first one's key.
      fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored = crypto.createPrivateKey(fs.readFileSync(file, 'utf8'));
  const publicPem = crypto.createPublicKey(stored).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey: stored, publicKeyAnswer: { key: Buffer.from(publicPem).toString('base64') } };
}

/** X-Sign of a body: base64 of the DER ECDSA SHA-256 signature, as Monobank signs. */
export const signBody = (body: string | Buffer, privateKey: crypto.KeyObject) =>
  crypto.sign('sha256', typeof body === 'string' ? Buffer.from(body) : body, privateKey).toString('base64');
