import type Router from '@koa/router';
import type { PageStatsRecorder } from '@vitrine/runtime/page-stats';
import type { ParameterizedContext } from 'koa';
import type { Redis } from 'ioredis';
import type { Sql } from '@vitrine/db/sql';
import type { UserRow } from '@vitrine/db/queries/users';
import type { TokenCaller } from '@vitrine/db/queries/api-tokens';
import type { Config } from '@vitrine/runtime/config';
import type { Publisher } from '@vitrine/runtime/publisher';
import type { Limiters } from './middleware/rate-limit';
import type { SharedReads } from './cache/shared-reads';
import type { ReadRouter } from './read-routing';
import type { BallotBox } from './commands/ballot-box';
import type { RenderPool } from './public/render-pool';
import type { Gate, HeavyReads } from './heavy-reads';
import type { MediaStore } from './media/storage';

/** What the app needs from the outside world; tests build their own. */
export interface Deps {
  config: Config;
  sql: Sql;
  /**
   * A small pool of its own for readiness and sign-in (api/src/deps.ts): slow public reads can hold
   * every connection of `sql`, never these.
   */
  prioritySql: Sql;
  redis: Redis;
  publisher: Publisher;
  /** Where public reads run: the primary, or a streaming replica when it may (api/src/read-routing.ts). */
  reads: ReadRouter;
  /** This node's cache of the reads shared by every visitor (api/src/cache). */
  sharedReads: SharedReads;
  /** This node's votes, counted in groups (commands/ballot-box.ts). */
  ballotBox: BallotBox;
  /** Share cards and sitemap files, made in worker threads (public/render-pool.ts). */
  renders: RenderPool;
  /** The concurrency gates of the uncached expensive public reads (heavy-reads.ts). */
  heavyReads: HeavyReads;
  /**
   * The time New & rising is read at (its 72-hour window and UTC day); the system clock when unset. Tests
   * set a day of their own, so the projects other test files create at the same time stay out of it.
   */
  clock?: () => Date;
  /** Project pictures: their files' store and the gate of image processing (media/). */
  media: { store: MediaStore; processing: Gate };
  /** The owner's Stats tab's counters of views and clicks, in Redis (runtime/src/page-stats.ts). */
  pageStats: PageStatsRecorder;
}

/** Per-request state: the signed-in user, loaded from the session on every request. */
export interface AppState {
  user: UserRow | null;
  /** The personal access token of an /api call made with `Authorization: Bearer`, null otherwise (middleware/current-user.ts). */
  token?: TokenCaller['token'] | null;
  /** The request's id (`X-Request-Id`), set first of all (middleware/request-log.ts). */
  reqId?: string;
}

/** What we keep in the session (koa-session ships no context typings of its own). */
export interface SessionData {
  userId?: number;
  maxAge?: number | 'session';
  /** When this session signed in (ms since the epoch); one from before the user's sessionsValidAfter is refused. */
  signedInAt?: number;
  /**
   * The user's sessionsValidAfter (ms, 0 for none) in the row whose password hash this sign-in was
   * checked against: the password generation it signed in under. A password change moves it on, so a
   * sign-in that checked the old hash while the change ran is refused, however late it finished
   * (docs/security.md "Sign-ins racing a password change").
   */
  passwordStamp?: number;
  /** Commits now with a new id (koa-session's Session#regenerate). */
  regenerate(): Promise<void>;
}

/** Extra context members: deps, the rate limiters and the session. */
export interface AppContextExtras {
  deps: Deps;
  limiters: Limiters;
  session: SessionData | null;
}

export type AppContext = ParameterizedContext<AppState, AppContextExtras>;

/**
 * Who runs a command (one signature for all: `voteCaster(caller, input)`): the dependencies, the rate
 * limiters, the request's IP and the signed-in user, null for a visitor.
 */
export interface Caller {
  deps: Deps;
  limiters: Limiters;
  ip: string;
  user: UserRow | null;
  /** The id of the request calling, which the events it commits keep (for the logs of their jobs). */
  reqId?: string;
}

/** A caller the route's access has already signed in (and, for writes, checked not paused). */
export interface MemberCaller extends Caller {
  user: UserRow;
}
export type AppRouter = Router<AppState, AppContextExtras>;
