import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import { Queue } from 'bullmq';
import type { Context, Middleware } from 'koa';
import { handleErrors } from '@vitrine/runtime/metrics';
import { bullPrefix, QUEUE_NAMES } from '@vitrine/runtime/queues';
import type { AppContextExtras, AppState, Deps } from './context';
import { guard } from './contracts/pipeline';
import { forbidden } from './errors';

/** Where admins see the job queues (Bull Board). */
export const QUEUE_BOARD_PATH = '/admin/queues';

/** The one refusal of a board action this site does not allow (docs/operations.md "Queues"). */
export const BOARD_ACTION_REFUSED = 'That queue action is not available here';

/**
 * The writes an admin may make through the board: retry and clean (remove) jobs, one or every job
 * of a state. Anything else it offers (add, edit, promote, pause, empty or obliterate a queue) is
 * refused: those change what the worker does, not what went wrong.
 */
const ALLOWED_WRITES = [/^\/api\/queues\/[^/]+\/[^/]+\/(retry|clean)$/, /^\/api\/queues\/[^/]+\/(retry|clean)\/[^/]+$/];

/** The site's sign-in page; `?next=` leads back after it (web/src/lib/sign-in-next.ts checks it is local). */
const SIGN_IN_PATH = '/auth';

/** True for a request to the board (its page, files and API). */
function onBoard(ctx: Context): boolean {
  return ctx.path === QUEUE_BOARD_PATH || ctx.path.startsWith(`${QUEUE_BOARD_PATH}/`);
}

/**
 * True when a browser opens one of the board's pages (a navigation asks for HTML first), not its API
 * or files, which keep answering 401/403 as JSON.
 */
function opensPage(ctx: Context): boolean {
  if (!['GET', 'HEAD'].includes(ctx.method) || ctx.path.startsWith(`${QUEUE_BOARD_PATH}/api/`)) return false;
  return ctx.accepts('json', 'html') === 'html';
}

/**
 * Bull Board at QUEUE_BOARD_PATH over every queue, for admins only: the site's session and
 * current user (loaded before, app.ts), its origin check on writes and its security headers (CSP
 * included: the board's page runs only its own scripts) apply as to the rest of /admin. A visitor is
 * answered 401 and a member 403, as by the admin routes; a paused admin may look but not act. A
 * browser opening the board's page gets the site's pages instead: a visitor goes to sign-in, which
 * leads back here, and a member to /admin, whose guard tells them they lack permission.
 */
export function queueBoard(deps: Pick<Deps, 'redis' | 'config'>): Middleware<AppState, AppContextExtras> {
  const prefix = bullPrefix(deps.config.redisPrefix);
  // Queue handles on the app's connection: they only read and move jobs (no blocking commands).
  const queues = QUEUE_NAMES.map((name) => new Queue(name, { connection: deps.redis, prefix }));
  for (const queue of queues) handleErrors(queue, `queue-board:${queue.name}`);
  const adapter = new KoaAdapter();
  adapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { allowRetries: true })),
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: `${deps.config.siteName} queues` } },
  });
  const board = adapter.registerPlugin() as unknown as Middleware<AppState, AppContextExtras>;
  return async (ctx, next) => {
    if (!onBoard(ctx)) return next();
    const user = ctx.state.user;
    if (!user?.isAdmin && opensPage(ctx)) {
      ctx.set('Cache-Control', 'no-store');
      return ctx.redirect(user ? '/admin' : `${SIGN_IN_PATH}?next=${encodeURIComponent(ctx.originalUrl)}`);
    }
    const write = !['GET', 'HEAD'].includes(ctx.method);
    guard({ access: write ? 'activeAdmin' : 'admin' }, user);
    const inner = ctx.path.slice(QUEUE_BOARD_PATH.length);
    if (write && !ALLOWED_WRITES.some((allowed) => allowed.test(inner))) throw forbidden(BOARD_ACTION_REFUSED);
    // The board's answers are for this admin only, never for a shared cache.
    ctx.set('Cache-Control', 'private, no-store');
    await board(ctx, next);
    // Its routes are matched relative to the mount: the metrics and logs name them in full.
    const routed = ctx as Context & { _matchedRoute?: unknown };
    if (typeof routed._matchedRoute === 'string' && !routed._matchedRoute.startsWith(QUEUE_BOARD_PATH))
      routed._matchedRoute = `${QUEUE_BOARD_PATH}${routed._matchedRoute}`;
  };
}
