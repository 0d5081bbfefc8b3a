import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of a notification mail's one-click unsubscribe link (RFC 8058): the member's id and
 * an HMAC-SHA256 of it under the session secret, so only this site makes one and it names one member.
 * The worker signs it into each mail; the API checks it (POST /api/unsubscribe).
 */
function signatureOf(userId: number, secret: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}`).digest('base64url');
}

/** The token of member `userId`'s unsubscribe link. */
export function unsubscribeToken(userId: number, secret: string): string {
  return `${userId}.${signatureOf(userId, secret)}`;
}

/** The member a token names, or null when it is malformed or not signed with `secret`. */
export function verifyUnsubscribeToken(token: string, secret: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (userId < 1 || userId > 2_147_483_647) return null;
  const expected = Buffer.from(signatureOf(userId, secret));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
