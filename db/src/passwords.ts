import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's `Algorithm.Argon2id`, a const enum we cannot import) at OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
const ARGON2ID = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password for storage. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A valid hash of a random secret, verified against when the username is unknown so timing does not tell. */
let dummyHash: Promise<string> | undefined;

/** Checks a password against a stored hash (or against a dummy when there is none). */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(crypto.randomUUID());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
