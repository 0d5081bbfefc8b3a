import Koa from 'koa';
import { ServerResponse, type IncomingMessage } from 'node:http';
import { makeUserQueries, type UserRow } from '@vitrine/db/queries/users';
import type { Deps, SessionData } from '../context';
import { SESSION_COOKIE, sessionMiddleware } from '../middleware/session';
import { koaProxyOptions } from '../client-address';
import { isSessionCurrent } from '../middleware/current-user';
import { trustedOrigins } from '../public/site-links';

/** Who a socket belongs to, read at the handshake (later account changes move its rooms, see rooms.ts). */
export interface SocketIdentity {
  user: Pick<UserRow, 'id' | 'isAdmin' | 'isPaused'> | null;
  /** The session id of the handshake's cookie when it names a signed-in user. */
  sessionId: string | null;
}

/**
 * Reads handshakes the way the API reads requests: a Koa context over the handshake request, run
 * through the same koa-session middleware (signed `vitrine.sid` cookie, session in Redis), then the
 * user row. A Koa app of its own carries the keys and the proxy setting; it never listens.
 */
export function createHandshakeReader(deps: Deps) {
  const koa = new Koa(koaProxyOptions(deps.config));
  const session = sessionMiddleware(koa, deps.redis, deps.config);
  const trusted = trustedOrigins(deps.config);
  const users = makeUserQueries(deps.sql);

  /** A context over `req` with a response nobody will send (the handshake answers elsewhere). */
  const contextOf = (req: IncomingMessage) => koa.createContext(req, new ServerResponse(req));

  return {
    /**
     * The handshake's Origin must be SITE_URL's (or one of ALLOWED_ORIGINS), as for writes; never
     * compared with the request's Host or X-Forwarded-Host. A client
     * without an Origin header is no browser page and cannot carry a user's cookie cross-site
     * (SameSite=Lax), so it passes.
     */
    originAllowed(req: IncomingMessage): boolean {
      const origin = req.headers.origin;
      return !origin || trusted.has(origin);
    },

    /** The signed-in user of the handshake, or null for a visitor (or a session whose user is gone). */
    async identify(req: IncomingMessage): Promise<SocketIdentity> {
      const visitor: SocketIdentity = { user: null, sessionId: null };
      if (!req.headers.cookie) return visitor;
      const ctx = contextOf(req) as unknown as Koa.Context & { session: SessionData | null };
      let userId: number | undefined;
      let signedInAt: number | undefined;
      let passwordStamp: number | undefined;
      await session(ctx, async () => {
        userId = ctx.session?.userId;
        signedInAt = ctx.session?.signedInAt;
        passwordStamp = ctx.session?.passwordStamp;
      });
      if (typeof userId !== 'number') return visitor;
      const user = await users.findUserById(userId);
      if (!user || !isSessionCurrent({ signedInAt, passwordStamp }, user)) return visitor;
      return {
        user: { id: user.id, isAdmin: user.isAdmin, isPaused: user.isPaused },
        sessionId: ctx.cookies.get(SESSION_COOKIE, { signed: true }) ?? null,
      };
    },
  };
}
