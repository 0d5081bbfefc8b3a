import { createHash, randomBytes } from 'node:crypto';

/** Random bytes of a confirmation token (256 bits: unguessable, so a lookup by its hash is enough). */
const TOKEN_BYTES = 32;

/** A new random token for a link (base64url, safe in a query string). */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What is stored of a token: its SHA-256 (hex). A leaked table gives no working link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
