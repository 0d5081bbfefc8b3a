import { millisecondsInHour } from '@vitrine/domain/constants';

/**
 * The proof that a visitor opened a project through Vitrine's outbound link (`GET /go/:id`): a signed
 * cookie (Koa's keys, SESSION_SECRET) listing the projects opened lately with when each proof ends. A
 * visitor's vote on a project whose proof is still running weighs VOTE_WEIGHTS.clickedVisitor
 * (domain/src/rankings.ts). The cookie holds ids and times only, never the address.
 */
export const OUTBOUND_COOKIE = 'vitrine.go';
/** How long a proof lasts after the click. */
export const OUTBOUND_PROOF_MS = millisecondsInHour;
/** Projects one cookie remembers at most (the latest clicks win). */
const MAX_PROOFS = 20;

/** The cookies of a request, as Koa gives them. */
interface Cookies {
  get(name: string, options: { signed: boolean }): string | undefined;
  set(name: string, value: string, options: Record<string, unknown>): unknown;
}

/** The running proofs of a cookie value: project id -> end (ms); a malformed entry is ignored. */
function parseProofs(value: string | undefined, now: number): Map<number, number> {
  const proofs = new Map<number, number>();
  for (const entry of (value ?? '').split('~')) {
    const [id, until] = entry.split('.').map(Number);
    if (Number.isSafeInteger(id) && id! > 0 && Number.isSafeInteger(until) && until! > now) proofs.set(id!, until!);
  }
  return proofs;
}

/** Whether the request holds a running proof of opening project `projectId` through its outbound link. */
export function hasOutboundProof(cookies: Cookies, projectId: number, now = Date.now()): boolean {
  return parseProofs(cookies.get(OUTBOUND_COOKIE, { signed: true }), now).has(projectId);
}

/** Adds a proof for `projectId` to the request's cookie (HttpOnly, SameSite=Lax, signed). */
export function grantOutboundProof(cookies: Cookies, projectId: number, now = Date.now()): void {
  const proofs = parseProofs(cookies.get(OUTBOUND_COOKIE, { signed: true }), now);
  proofs.delete(projectId);
  proofs.set(projectId, now + OUTBOUND_PROOF_MS);
  const kept = [...proofs.entries()].slice(-MAX_PROOFS);
  cookies.set(OUTBOUND_COOKIE, kept.map(([id, until]) => `${id}.${until}`).join('~'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    // No `secure` option: the cookies library marks it Secure exactly when the request is (as the session's).
    maxAge: OUTBOUND_PROOF_MS,
    overwrite: true,
  });
}
