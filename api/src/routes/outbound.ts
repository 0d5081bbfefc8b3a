import Router from '@koa/router';
import { makeOutboundClickQueries } from '@vitrine/db/queries/outbound-clicks';
import type { AppState, AppContextExtras } from '../context';
import { addressKey } from '../client-address';
import { notFound } from '../errors';
import { PROJECT_NOT_FOUND } from '../loaders';
import { spend } from '../middleware/rate-limit';
import { grantOutboundProof } from '../outbound-proof';
import { asksNotToTrack } from '../tracking';
import { loggerFor } from '@vitrine/runtime/logger';
import { renderLeavingPage } from '../public/leaving-page';
import { renderRankingPage } from '../public/ranking-page';

/**
 * `GET /go/:id`: the outbound link to a visible project's hosted address. It records the click for the
 * visitor (once a day) and grants the short-lived proof that weighs that visitor's vote on the project
 * more (api/src/outbound-proof.ts), then redirects; when the project's owner has no standing yet, it
 * answers the leaving page instead (public/leaving-page.ts: the host named, a link straight to the
 * address), so the site is no redirector for a brand-new account's link. The click is recorded here in
 * both cases and the page's link leads off the site, so a click counts once. Each click spends the
 * address's vote budget, so proofs cost what votes do. The day's first click of a visitor who does not
 * ask not to be tracked (api/src/tracking.ts) is also counted for the owner's stats, in Redis.
 */
export function outboundRoutes() {
  const router = new Router<AppState, AppContextExtras>();
  router.get('/go/:id', async (ctx) => {
    const id = Number(ctx.params.id);
    if (!/^[1-9][0-9]{0,9}$/.test(ctx.params.id ?? '') || id > 2_147_483_647) throw notFound(PROJECT_NOT_FOUND);
    await spend({ limiters: ctx.limiters, ip: ctx.ip, user: null }, 'vote');
    const user = ctx.state.user;
    const visitor = user ? `u${user.id}` : addressKey(ctx.ip);
    const target = await makeOutboundClickQueries(ctx.deps.sql).recordClick(id, visitor);
    if (target === undefined) throw notFound(PROJECT_NOT_FOUND);
    if (target.counted && !asksNotToTrack(ctx.headers))
      await ctx.deps.pageStats
        .recordClick({ projectId: id })
        .catch((err: unknown) => loggerFor('page-stats').warn({ err }, 'a click was not counted for the stats'));
    grantOutboundProof(ctx.cookies, id);
    ctx.set('Cache-Control', 'no-store');
    if (target.ownerHasStanding) return ctx.redirect(target.url);
    // Submitted addresses are http(s) URLs (domain/src/schemas/project.ts); an old row that is not is no link.
    if (!URL.canParse(target.url)) throw notFound(PROJECT_NOT_FOUND);
    ctx.type = 'html';
    ctx.body = renderLeavingPage({
      siteName: ctx.deps.config.siteName,
      projectId: id,
      title: target.title,
      url: new URL(target.url),
    });
  });
  // The published formula and weights, rendered here: the web client has no page for it (its bundle budget).
  router.get('/about/ranking', (ctx) => {
    ctx.type = 'html';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = renderRankingPage(ctx.deps.config.siteName);
  });
  return router;
}
