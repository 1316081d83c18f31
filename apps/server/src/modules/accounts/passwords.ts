import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with OWASP's minimum: 19 MiB, two passes, one lane (@node-rs/argon2 uses Argon2id
 * unless told otherwise). Each hash or check costs some 40 ms of one core.
 */
export const argon2Parameters = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, argon2Parameters);

// Checked against when no account matches, so a wrong e-mail takes as long as a wrong password.
let decoy: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; with no hash, spends the same time and answers false. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    decoy ??= hashPassword('no account has this password');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash matches nothing.
    return false;
  }
}
