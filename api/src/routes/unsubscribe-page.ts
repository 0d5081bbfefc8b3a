import Router from '@koa/router';
import { BAD_UNSUBSCRIBE_TOKEN } from '@vitrine/domain/notifications';
import { verifyUnsubscribeToken } from '@vitrine/runtime/unsubscribe-token';
import type { AppContext, AppContextExtras, AppState } from '../context';
import { UNSUBSCRIBED, unsubscriber } from '../commands/unsubscriber';
import { HttpError } from '../errors';
import { spend, spendFlood } from '../middleware/rate-limit';
import { renderUnsubscribePage, type UnsubscribePageState } from '../public/unsubscribe-page';

/** The page a notification mail's "Stop these mails" link opens. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/** The token of the address (`?token=`), or '' without one. */
function tokenOf(ctx: AppContext): string {
  const token = ctx.query.token;
  return typeof token === 'string' ? token : '';
}

/** Answers the page in `state` with `status`; never cached (it carries a member's token). */
function answerPage(ctx: AppContext, status: number, state: UnsubscribePageState): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = renderUnsubscribePage(ctx.deps.config.siteName, state);
}

/**
 * The unsubscribe page of notification mails, plain HTML outside /api (public/unsubscribe-page.ts):
 * - `GET /unsubscribe?token=` asks, changing nothing (mail scanners open every link of a mail); a token
 *   that is not this site's is refused at once (400);
 * - `POST /unsubscribe?token=` (its button) turns notification mail off as the one-click
 *   `POST /api/unsubscribe` does (same command, same quota) and answers what happened as a page, a
 *   refusal (400, 429) included;
 * `GET /api/unsubscribe?token=` (the link of mails sent before this page existed, routes/notifications.ts)
 * redirects here.
 * The mail's `List-Unsubscribe` header keeps naming `POST /api/unsubscribe` (RFC 8058).
 */
export function unsubscribePageRoutes() {
  const router = new Router<AppState, AppContextExtras>();
  router.get(UNSUBSCRIBE_PAGE_PATH, (ctx) => {
    const token = tokenOf(ctx);
    if (verifyUnsubscribeToken(token, ctx.deps.config.sessionSecret) === null)
      return answerPage(ctx, 400, { kind: 'refused', message: BAD_UNSUBSCRIBE_TOKEN });
    answerPage(ctx, 200, { kind: 'confirm', token });
  });
  router.post(UNSUBSCRIBE_PAGE_PATH, async (ctx) => {
    try {
      await spendFlood(ctx, 'unsubscribe');
      // Each try is a guess at a token: the point stays spent whatever the answer.
      await spend({ limiters: ctx.limiters, ip: ctx.ip, user: null }, 'unsubscribe');
      await unsubscriber(
        { deps: ctx.deps, limiters: ctx.limiters, ip: ctx.ip, user: null, reqId: ctx.state.reqId },
        { token: tokenOf(ctx) },
      );
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      ctx.set(err.headers);
      return answerPage(ctx, err.status, { kind: 'refused', message: err.message });
    }
    answerPage(ctx, 200, { kind: 'done', message: UNSUBSCRIBED });
  });
  return router;
}
