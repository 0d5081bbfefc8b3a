import type { Middleware } from 'koa';
import serve from 'koa-static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `vite build` puts the web client. */
export const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Escapes text for an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Serves the built client: hashed assets with long caching, and the HTML shell for every other GET
 * outside /api (the client routes), with the site name as the title suffix.
 */
export function webClient(siteName: string, dist: string = WEB_DIST): Middleware {
  const indexPath = path.join(dist, 'index.html');
  // brotli/gzip: koa-send answers with the `.br` or `.gz` file vite-plugin-compression2 wrote beside
  // the asset when Accept-Encoding allows it (koa-compress in createApp adds Vary: Accept-Encoding).
  const assets = serve(dist, { index: false, maxage: 365 * 24 * 3600 * 1000, immutable: true, brotli: true, gzip: true });
  let shell: string | undefined;
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path.startsWith('/socket.io/')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    await assets(ctx, async () => {});
    if (ctx.body !== undefined && ctx.body !== null) return;
    if (!existsSync(indexPath)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web client is not built yet: run `npm run build`.';
      return;
    }
    shell ??= readFileSync(indexPath, 'utf8').replaceAll('%SITE_NAME%', escapeHtml(siteName));
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = shell;
  };
}
