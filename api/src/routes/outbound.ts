import Router from '@koa/router';
import { makeOutboundClickQueries } from '@vitrine/db/queries/outbound-clicks';
import type { AppState, AppContextExtras } from '../context';
import { addressKey } from '../client-address';
import { notFound } from '../errors';
import { PROJECT_NOT_FOUND } from '../loaders';
import { spend } from '../middleware/rate-limit';
import { grantOutboundProof } from '../outbound-proof';
import { renderRankingPage } from '../public/ranking-page';

/**
 * `GET /go/:id`: the outbound link to a visible project's hosted address. It records the click for the
 * visitor (once a day) and grants the short-lived proof that weighs that visitor's vote on the project
 * more (api/src/outbound-proof.ts), then redirects. Each click spends the address's vote budget, so
 * proofs cost what votes do.
 */
export function outboundRoutes() {
  const router = new Router<AppState, AppContextExtras>();
  router.get('/go/:id', async (ctx) => {
    const id = Number(ctx.params.id);
    if (!/^[1-9][0-9]{0,9}$/.test(ctx.params.id ?? '') || id > 2_147_483_647) throw notFound(PROJECT_NOT_FOUND);
    await spend({ limiters: ctx.limiters, ip: ctx.ip, user: null }, 'vote');
    const user = ctx.state.user;
    const visitor = user ? `u${user.id}` : addressKey(ctx.ip);
    const url = await makeOutboundClickQueries(ctx.deps.sql).recordClick(id, visitor);
    if (url === undefined) throw notFound(PROJECT_NOT_FOUND);
    grantOutboundProof(ctx.cookies, id);
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(url);
  });
  // The published formula and weights, rendered here: the web client has no page for it (its bundle budget).
  router.get('/about/ranking', (ctx) => {
    ctx.type = 'html';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = renderRankingPage(ctx.deps.config.siteName);
  });
  return router;
}
