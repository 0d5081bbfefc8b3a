import { createHash } from 'node:crypto';
import Router from '@koa/router';
import { badgeOptions, type BadgeFacts, type BadgeOptions } from '@vitrine/domain/badges';
import { parsePathId } from '@vitrine/domain/schemas/project';
import { makeBadgeQueries } from '@vitrine/db/queries/badges';
import type { AppContext, AppState, AppContextExtras } from '../context';
import { notFound } from '../errors';
import { renderBadge, renderNeutralBadge } from '../public/badge';

/**
 * Browsers keep a badge a minute, shared caches five, and may serve it up to ten minutes stale while
 * they fetch it again: a badge is as live as its snapshot, which is at most a minute old.
 */
export const BADGE_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';
const SVG_TYPE = 'image/svg+xml; charset=utf-8';

/** A project's snapshot: its facts, or null when it is missing or hidden (a negative entry). */
interface Snapshot {
  facts: BadgeFacts | null;
}
/** The highest project id when last read: a badge of a higher id is neutral without a read. */
interface Ceiling {
  maxId: number;
}
/** One drawn badge and its ETag. */
interface Drawn {
  svg: string;
  etag: string;
}

function drawn(svg: string): Drawn {
  return { svg, etag: `"${createHash('sha1').update(svg).digest('base64url')}"` };
}

function variantKey(options: BadgeOptions): string {
  return `${options.style}:${options.theme}:${options.metric}`;
}

/**
 * Each snapshot's drawn variants (2 styles x 2 themes x 3 metrics at most), kept as long as the
 * snapshot is: a hit draws nothing and hashes nothing.
 */
const drawnOf = new WeakMap<Snapshot, Map<string, Drawn>>();
/** The neutral badges of this node, by site name and variant (a handful). */
const neutral = new Map<string, Drawn>();

function drawnBadge(siteName: string, snapshot: Snapshot, options: BadgeOptions): Drawn {
  const key = variantKey(options);
  if (!snapshot.facts) {
    // A neutral badge says the same for every metric.
    const neutralKey = `${siteName}\n${options.style}:${options.theme}`;
    let badge = neutral.get(neutralKey);
    if (!badge) neutral.set(neutralKey, (badge = drawn(renderNeutralBadge(siteName, options))));
    return badge;
  }
  let variants = drawnOf.get(snapshot);
  if (!variants) drawnOf.set(snapshot, (variants = new Map()));
  let badge = variants.get(key);
  if (!badge) variants.set(key, (badge = drawn(renderBadge(siteName, snapshot.facts, options))));
  return badge;
}

const NOTHING: Snapshot = { facts: null };

/**
 * The snapshot of project `id`, from this node's shared reads (cache/shared-reads.ts): read at most
 * once a minute per project and node (their MAX_AGE_MS), parallel misses sharing one read. It
 * carries no stale-read tag, so a vote does not drop it: a badge lags its project by at most a
 * minute, whatever the traffic. An id above the highest one answers from that ceiling's own
 * snapshot, so random ids cost no read each.
 */
async function snapshotOf(ctx: AppContext, id: number): Promise<Snapshot> {
  const { sharedReads, reads } = ctx.deps;
  const ceiling = await sharedReads.get<Ceiling>('badge:ceiling', async () => ({
    value: { maxId: await reads.run((sql) => makeBadgeQueries(sql).maxProjectId(), { reader: null }) },
    tags: [],
  }));
  if (id > ceiling!.value.maxId) return NOTHING;
  const entry = await sharedReads.get<Snapshot>(`badge:${id}`, async () => ({
    value: { facts: (await reads.run((sql) => makeBadgeQueries(sql).findBadgeFacts(id), { reader: null })) ?? null },
    tags: [],
  }));
  return entry!.value;
}

/**
 * `GET /badges/projects/{id}.svg?style=flat|card&theme=light|dark&metric=votes|rank|outcome`: a
 * project's live badge for other sites (docs/api.md "Badges"). Mounted before the origin check and
 * the session (app.ts): it reads no cookie and sets none, and is the same for everyone. Unknown
 * choices fall back to the defaults; a missing, hidden or malformed id answers the neutral badge.
 */
export function badgeRoutes() {
  const router = new Router<AppState, AppContextExtras>({ prefix: '/badges' });
  router.get('/projects/:file', async (ctx) => {
    const match = /^(.*)\.svg$/.exec(ctx.params.file ?? '');
    if (!match) throw notFound('Badge not found');
    const id = parsePathId(match[1]!);
    const snapshot = id === undefined ? NOTHING : await snapshotOf(ctx, id);
    const badge = drawnBadge(ctx.deps.config.siteName, snapshot, badgeOptions(ctx.query));
    ctx.set('Cache-Control', BADGE_CACHE_CONTROL);
    // Embeddable by any page, also one that asks for Cross-Origin-Embedder-Policy.
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.etag = badge.etag;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = SVG_TYPE;
    ctx.body = badge.svg;
  });
  return router;
}
