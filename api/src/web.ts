import { escapeHtml } from '@vitrine/domain/html';
import type { Context, Middleware } from 'koa';
import serve from 'koa-static';
import { existsSync, readFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { REPO_ROOT } from '@vitrine/db/repo-root';
import { SSR_DATA_ELEMENT_ID, type SsrResult } from '@vitrine/domain/ssr';
import { siteOrigin } from './public/site-links';
import type { Config } from '@vitrine/runtime/config';
import { loggerFor } from '@vitrine/runtime/logger';
import { loadRenderer, readAsViewer } from './public/page-renderer';
import { makePreloader } from './public/client-manifest';

/** Where `vite build` puts the web client. */
const WEB_DIST = path.join(REPO_ROOT, 'web/dist');

/** Source maps end so; vite writes one beside each script (web/vite.config.ts). */
const SOURCE_MAP_SUFFIX = '.map';

/** Hashed assets never change under their name: a year, immutable. */
const ASSET_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

/** Options of the web client. */
export interface WebClientOptions {
  /** The built client (index.html and assets/). */
  dist?: string;
  /**
   * The API's own request handler: with it, pages are rendered on the server and the renderer's
   * reads go through the API's routes as the visitor (cookies, address). Without it, or while the
   * renderer is not built, every page is the bare shell the client renders.
   */
  api?: RequestListener;
  /** The built server renderer (web/dist-ssr/entry-server.js by default). */
  rendererPath?: string;
  /**
   * Serve the build's source maps (`*.map`). Off unless asked: in production they would hand out the
   * client's original source, so only a non-production start turns them on.
   */
  sourceMaps?: boolean;
  log?: (err: unknown) => void;
}

/** index.html split around the app's markup, the site name filled in. */
interface Template {
  before: string;
  after: string;
}

function readTemplate(indexPath: string, siteName: string): Template {
  const html = readFileSync(indexPath, 'utf8').replaceAll('%SITE_NAME%', escapeHtml(siteName));
  const [before = '', after = ''] = html.split('<!--app-html-->');
  return { before, after };
}

/** The shell the client renders by itself (no renderer): the bare site name as the title. */
function bareShell(template: Template, siteName: string): string {
  return (
    template.before.replace('<!--app-head-->', `<title>${escapeHtml(siteName)}</title>`) +
    template.after.replace('<!--app-data-->', '')
  );
}

/** Streams the rendered page: template head (with `preloads`), React's stream into #root, the SWR data, the rest. */
function pageStream(template: Template, page: SsrResult, preloads: string): PassThrough {
  const body = new PassThrough();
  body.write(template.before.replace('<!--app-head-->', preloads ? `${page.head}\n    ${preloads}` : page.head));
  const tail = template.after.replace(
    '<!--app-data-->',
    `<script type="application/json" id="${SSR_DATA_ELEMENT_ID}">${page.data}</script>`,
  );
  // React ends the stream it pipes into; the tail must follow, so it pipes into a relay.
  const relay = new PassThrough();
  relay.pipe(body, { end: false });
  relay.on('end', () => body.end(tail));
  relay.on('error', (err) => body.destroy(err));
  page.pipe(relay);
  return body;
}

function isPagePath(ctx: Context): boolean {
  if (ctx.path.startsWith('/api/') || ctx.path.startsWith('/socket.io/')) return false;
  return ctx.method === 'GET' || ctx.method === 'HEAD';
}

/**
 * Serves the built client: hashed assets with long immutable caching (brotli or gzip twins by
 * Accept-Encoding), and every other GET outside /api as a page: rendered on the server with its
 * data and head tags when the renderer is built, else the shell the client renders.
 */
export function webClient(
  site: Pick<Config, 'siteName' | 'siteUrl' | 'socialLinks'>,
  options: WebClientOptions = {},
): Middleware {
  const { siteName } = site;
  const dist = options.dist ?? WEB_DIST;
  const indexPath = path.join(dist, 'index.html');
  // brotli/gzip: koa-send answers with the `.br` or `.gz` file vite-plugin-compression2 wrote beside
  // the asset when Accept-Encoding allows it (koa-compress in createApp adds Vary: Accept-Encoding).
  const assets = serve(dist, { index: false, maxage: ASSET_MAX_AGE_MS, immutable: true, brotli: true, gzip: true });
  const log =
    options.log ?? ((err: unknown) => loggerFor('ssr').error({ err }, 'server render failed; the bare shell was sent'));
  const preloads = makePreloader(dist);
  // Start importing the renderer now rather than on the first page request (startApi waits for it
  // before listening): its module graph takes a second or more to load, which the first visitor would wait for.
  if (options.api) void loadRenderer(options.rendererPath);
  let template: Template | undefined;
  return async (ctx, next) => {
    if (!isPagePath(ctx)) return next();
    if (!options.sourceMaps && ctx.path.endsWith(SOURCE_MAP_SUFFIX)) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    await assets(ctx, async () => {});
    if (ctx.body !== undefined && ctx.body !== null) return;
    if (!existsSync(indexPath)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web client is not built yet: run `npm run build`.';
      return;
    }
    template ??= readTemplate(indexPath, siteName);
    ctx.type = 'html';
    // The page carries this visitor's state (voted, rated, may edit): private to them.
    ctx.set('Cache-Control', 'private, no-cache');
    const renderer = options.api ? await loadRenderer(options.rendererPath) : null;
    if (!renderer || !options.api) {
      ctx.body = bareShell(template, siteName);
      return;
    }
    const api = options.api;
    try {
      const page = await renderer.render({
        url: ctx.url,
        origin: siteOrigin(site),
        siteName,
        socialLinks: site.socialLinks,
        load: (key) => readAsViewer(api, ctx, key),
      });
      // The renderer names only local paths here (a visitor on a member-only page, sent to sign-in).
      if (page.redirect !== undefined) return ctx.redirect(page.redirect);
      ctx.status = page.status;
      ctx.body = pageStream(template, page, preloads(page.modules));
    } catch (err) {
      // A page that fails to render on the server still works: the client renders it.
      log(err);
      ctx.status = 200;
      ctx.body = bareShell(template, siteName);
    }
  };
}
