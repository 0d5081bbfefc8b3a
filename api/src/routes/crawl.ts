import Router from '@koa/router';
import { DEFAULT_TRENDING_PERIOD } from '@vitrine/domain/constants';
import type { Sql } from '@vitrine/db/sql';
import type { ProjectRow } from '@vitrine/db/queries/projects';
import { makeProjectQueries } from '@vitrine/db/queries/projects';
import { makeRankingQueries } from '@vitrine/db/queries/rankings';
import { makeProfileQueries } from '@vitrine/db/queries/profiles';
import { makeSyndicationQueries } from '@vitrine/db/queries/syndication';
import { makeModerationLogQueries } from '@vitrine/db/queries/moderation-log';
import { MODERATION_LOG_PAGE } from '@vitrine/domain/moderation-log';
import type { AppContext, AppState, AppContextExtras } from '../context';
import { notFound } from '../errors';
import { FEED_CONTENT_TYPES, FEED_ITEMS, renderFeed, type FeedSubject } from '../public/feeds';
import { renderRobots } from '../public/robots';
import { renderModerationFeed } from '../public/moderation-feed';
import { renderUpdatesFeed } from '../public/updates-feed';
import { makeProjectUpdateQueries } from '@vitrine/db/queries/project-updates';
import { PROJECT_NOT_FOUND } from '../loaders';
import { categoryOfSlug, parseFeedFile, sitePaths, type FeedFormat } from '@vitrine/domain/site-paths';
import { siteOrigin } from '../public/site-links';
import {
  parseSitemapFile,
  renderSitemapIndex,
  renderUrlSet,
  SITEMAP_MAX_URLS,
  sitemapFileNames,
  STATIC_PAGES,
} from '../public/sitemap';
import { USER_NOT_FOUND } from './users';
import { spend } from '../middleware/rate-limit';

/** Feeds, sitemaps and robots.txt may be this old in a shared cache (seconds). */
const CRAWL_MAX_AGE_SECONDS = 300;
const NOBODY = { userId: null, ip: '0.0.0.0' };

/** Options of the crawl routes; tests shrink the sitemap files to see the split. */
export interface CrawlOptions {
  sitemapUrlsPerFile?: number;
}

function sendXml(ctx: AppContext, type: string, body: string) {
  ctx.type = type;
  ctx.set('Cache-Control', `public, max-age=${CRAWL_MAX_AGE_SECONDS}`);
  ctx.body = body;
}

function sendFeed(ctx: AppContext, format: FeedFormat, subject: FeedSubject, rows: ProjectRow[]) {
  const body = renderFeed(format, subject, rows, {
    name: ctx.deps.config.siteName,
    origin: siteOrigin(ctx.deps.config),
  });
  sendXml(ctx, FEED_CONTENT_TYPES[format], body);
}

const latestSubject: FeedSubject = {
  title: 'Latest projects',
  description: 'The newest projects submitted to the showcase.',
  pagePath: '/',
  feedPaths: { atom: sitePaths.latestFeed('atom'), rss: sitePaths.latestFeed('rss') },
};
const trendingSubject: FeedSubject = {
  title: 'Trending projects',
  description: 'The projects gaining the most votes this week.',
  pagePath: '/',
  feedPaths: { atom: sitePaths.trendingFeed('atom'), rss: sitePaths.trendingFeed('rss') },
};

/** A feed's read: public, so on the replica when it may (api/src/read-routing.ts). */
function feedRead<T>(ctx: AppContext, read: (sql: Sql) => Promise<T>): Promise<T> {
  return ctx.deps.reads.run(read, { reader: ctx.state.user?.id ?? null });
}

/**
 * The crawling and syndication surface, outside /api: Atom and RSS feeds (latest, trending, each
 * user, each category, the moderation log), the sitemap index and its files, robots.txt. Hidden projects never appear:
 * every read here filters them out; admin and private pages are never listed.
 */
export function crawlRoutes(options: CrawlOptions = {}) {
  const perFile = options.sitemapUrlsPerFile ?? SITEMAP_MAX_URLS;
  const router = new Router<AppState, AppContextExtras>();

  const latest = async (ctx: AppContext, format: FeedFormat) => {
    const rows = await feedRead(ctx, (sql) =>
      makeProjectQueries(sql).listProjects({ sort: 'newest', offset: 0, limit: FEED_ITEMS, viewer: NOBODY }),
    );
    sendFeed(ctx, format, latestSubject, rows);
  };

  router.get('/feed.xml', (ctx) => latest(ctx, 'atom'));

  /** The public moderation log's newest entries (the primary key's backward scan). */
  const moderation = async (ctx: AppContext, format: FeedFormat) => {
    const rows = await makeModerationLogQueries(ctx.deps.sql).listEntries({ limit: MODERATION_LOG_PAGE });
    const body = renderModerationFeed(format, rows, {
      name: ctx.deps.config.siteName,
      origin: siteOrigin(ctx.deps.config),
    });
    sendXml(ctx, FEED_CONTENT_TYPES[format], body);
  };

  router.get('/feeds/:file', async (ctx) => {
    const parsed = parseFeedFile(ctx.params.file ?? '');
    if (parsed?.name === 'latest') return latest(ctx, parsed.format);
    if (parsed?.name === 'moderation') return moderation(ctx, parsed.format);
    if (parsed?.name !== 'trending') throw notFound('Feed not found');
    const rows = await feedRead(ctx, (sql) =>
      makeRankingQueries(sql).listTrending({
        period: DEFAULT_TRENDING_PERIOD,
        offset: 0,
        limit: FEED_ITEMS,
        viewer: NOBODY,
      }),
    );
    sendFeed(ctx, parsed.format, trendingSubject, rows);
  });

  router.get('/feeds/users/:file', async (ctx) => {
    const parsed = parseFeedFile(ctx.params.file ?? '');
    if (!parsed) throw notFound('Feed not found');
    const found = await feedRead(ctx, async (sql) => {
      const user = await makeProfileQueries(sql).findProfileUser(parsed.name);
      return user
        ? { user, rows: await makeSyndicationQueries(sql).listUserFeedProjects(user.username, FEED_ITEMS) }
        : null;
    });
    if (!found) throw notFound(USER_NOT_FOUND);
    const { user, rows } = found;
    sendFeed(
      ctx,
      parsed.format,
      {
        title: `Projects by ${user.username}`,
        description: `The newest projects ${user.username} submitted.`,
        pagePath: sitePaths.user(user.username),
        feedPaths: { atom: sitePaths.userFeed(user.username, 'atom'), rss: sitePaths.userFeed(user.username, 'rss') },
      },
      rows,
    );
  });

  // A visible project's updates (its devlog); a hidden or missing project has no feed.
  router.get('/feeds/projects/:file', async (ctx) => {
    const parsed = parseFeedFile(ctx.params.file ?? '');
    if (!parsed || !/^[1-9]\d{0,9}$/.test(parsed.name) || Number(parsed.name) > 2_147_483_647)
      throw notFound('Feed not found');
    const project = await makeProjectQueries(ctx.deps.sql).findProject(Number(parsed.name), null);
    if (!project || project.isHidden) throw notFound(PROJECT_NOT_FOUND);
    const rows = await makeProjectUpdateQueries(ctx.deps.sql).listUpdates(project.id, { limit: FEED_ITEMS });
    const body = renderUpdatesFeed(parsed.format, project, rows, {
      name: ctx.deps.config.siteName,
      origin: siteOrigin(ctx.deps.config),
    });
    sendXml(ctx, FEED_CONTENT_TYPES[parsed.format], body);
  });

  router.get('/feeds/categories/:file', async (ctx) => {
    const parsed = parseFeedFile(ctx.params.file ?? '');
    const category = parsed ? categoryOfSlug(parsed.name) : undefined;
    if (!parsed || !category) throw notFound('Feed not found');
    const rows = await feedRead(ctx, (sql) => makeSyndicationQueries(sql).listCategoryProjects(category, FEED_ITEMS));
    sendFeed(
      ctx,
      parsed.format,
      {
        title: `${category} projects`,
        description: `The newest ${category} projects.`,
        pagePath: '/',
        feedPaths: { atom: sitePaths.categoryFeed(category, 'atom'), rss: sitePaths.categoryFeed(category, 'rss') },
      },
      rows,
    );
  });

  /** The sitemap index and files read whole tables: each spends the address's `render` budget and passes the crawl gate. */
  const budget = (ctx: AppContext) => spend({ limiters: ctx.limiters, ip: ctx.ip, user: null }, 'render');

  router.get('/sitemap.xml', async (ctx) => {
    await budget(ctx);
    const queries = makeSyndicationQueries(ctx.deps.sql);
    const [projects, users] = await ctx.deps.heavyReads.crawl.run(() =>
      Promise.all([queries.countVisibleProjects(), queries.countUsers()]),
    );
    const files = sitemapFileNames({ projects, users }, perFile);
    sendXml(
      ctx,
      'application/xml; charset=utf-8',
      renderSitemapIndex(files.map((file) => ({ loc: `${siteOrigin(ctx.deps.config)}/sitemaps/${file}` }))),
    );
  });

  router.get('/sitemaps/:file', async (ctx) => {
    const file = ctx.params.file ?? '';
    if (file === 'pages.xml') {
      return sendXml(
        ctx,
        'application/xml; charset=utf-8',
        renderUrlSet(STATIC_PAGES.map((path) => ({ loc: `${siteOrigin(ctx.deps.config)}${path}` }))),
      );
    }
    const parsed = parseSitemapFile(file);
    if (!parsed) throw notFound('Sitemap not found');
    await budget(ctx);
    const queries = makeSyndicationQueries(ctx.deps.sql);
    const offset = (parsed.page - 1) * perFile;
    // Up to 50,000 rows, read as one text and made into XML in the render pool's threads, off the event loop.
    const rows = await ctx.deps.heavyReads.crawl.run(() => queries.sitemapPageText(parsed.kind, offset, perFile));
    if (rows === '') throw notFound('Sitemap not found');
    sendXml(
      ctx,
      'application/xml; charset=utf-8',
      await ctx.deps.renders.urlSet(rows, parsed.kind, siteOrigin(ctx.deps.config)),
    );
  });

  router.get('/robots.txt', (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', `public, max-age=${CRAWL_MAX_AGE_SECONDS}`);
    ctx.body = renderRobots(siteOrigin(ctx.deps.config));
  });

  return router;
}
