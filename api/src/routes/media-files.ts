import Router from '@koa/router';
import type { AppState, AppContextExtras } from '../context';
import { notFound } from '../errors';
import { MEDIA_KEY, MEDIA_PATH } from '../media/keys';

/** A stored file never changes under its content-hashed name: a year, immutable. */
const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * GET /media/<hash>.<webp|avif>: a project picture's file, from the configured store (local disk or
 * S3) through the site itself, so the CSP's img-src 'self' covers every picture. Mounted before the
 * session (app.ts): a picture reads no cookie, Redis or database row. The name is its ETag.
 */
export function mediaFileRoutes() {
  const router = new Router<AppState, AppContextExtras>({ prefix: MEDIA_PATH });
  router.get('/:name', async (ctx) => {
    const name = ctx.params.name ?? '';
    if (!MEDIA_KEY.test(name)) throw notFound('Image not found');
    const etag = `"${name}"`;
    if (ctx.get('If-None-Match') === etag) {
      ctx.set('Cache-Control', MEDIA_CACHE_CONTROL);
      ctx.set('ETag', etag);
      ctx.status = 304;
      return;
    }
    const file = await ctx.deps.media.store.get(name);
    if (!file) throw notFound('Image not found');
    ctx.set('Cache-Control', MEDIA_CACHE_CONTROL);
    ctx.set('ETag', etag);
    ctx.type = file.type;
    if (file.size > 0) ctx.length = file.size;
    ctx.body = file.body;
  });
  return router;
}
