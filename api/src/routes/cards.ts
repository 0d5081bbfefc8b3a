import Router from '@koa/router';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import type { AppContext, AppState, AppContextExtras } from '../context';
import { notFound } from '../errors';
import { ShareCards } from '../public/share-card';
import { parsePathId } from '@vitrine/domain/schemas/project';
import { spend } from '../middleware/rate-limit';

/** A card fetched under its current version never changes: a year, immutable. */
const VERSIONED_MAX_AGE_SECONDS = 365 * 24 * 3600;
/** A card fetched without (or with an old) version may change with the next vote. */
const UNVERSIONED_MAX_AGE_SECONDS = 300;
/** The site card changes only with a new deployment. */
const SITE_CARD_MAX_AGE_SECONDS = 24 * 3600;
const SITE_TAGLINE = 'Submit your creations, vote for others, and discover amazing projects from the community.';
const NOBODY = { userId: null, ip: '0.0.0.0' };

function sendPng(ctx: AppContext, png: Buffer, etag: string, maxAge: number, immutable = false) {
  ctx.set('Cache-Control', `public, max-age=${maxAge}${immutable ? ', immutable' : ''}`);
  ctx.set('ETag', `"${etag}"`);
  if (ctx.get('If-None-Match') === `"${etag}"`) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'image/png';
  ctx.body = png;
}

/**
 * Share cards (OpenGraph / Twitter images, 1200x630 PNG) made on the server: one per project, kept
 * until what it shows changes (its version is in the page's og:image address), and one for the site.
 * A hidden project has no public card. Cards are made in the render pool's threads (public/render-pool.ts),
 * and one not made yet spends a point of the address's `render` budget (429 when none is left).
 */
export function cardsRoutes() {
  const router = new Router<AppState, AppContextExtras>({ prefix: '/cards' });
  let cards: ShareCards | undefined;
  const cardsOf = (ctx: AppContext) => (cards ??= new ShareCards(ctx.deps.config.siteName, ctx.deps.renders));

  router.get('/projects/:file', async (ctx) => {
    const match = /^(.*)\.png$/.exec(ctx.params.file ?? '');
    const id = match ? parsePathId(match[1]!) : undefined;
    if (id === undefined) throw notFound('Card not found');
    const row = await makeProjectQueries(ctx.deps.sql).findProject(id, NOBODY);
    if (!row || row.isHidden) throw notFound('Project not found');
    const cached = cardsOf(ctx).projectVersion(row.id, row).cached;
    // A card not made yet costs a render (in the render pool): it spends the address's budget.
    if (!cached) await spend({ limiters: ctx.limiters, ip: ctx.ip, user: null }, 'render');
    const { version, png } = cardsOf(ctx).project(row.id, row);
    const current = ctx.query.v === version;
    sendPng(ctx, await png, version, current ? VERSIONED_MAX_AGE_SECONDS : UNVERSIONED_MAX_AGE_SECONDS, current);
  });

  router.get('/site.png', async (ctx) => {
    sendPng(ctx, await cardsOf(ctx).site(SITE_TAGLINE), 'site', SITE_CARD_MAX_AGE_SECONDS);
  });

  return router;
}
