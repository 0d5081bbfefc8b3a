import type { Middleware } from 'koa';
import type { Config } from '@vitrine/runtime/config';
import { forbidden } from '../errors';
import { trustedOrigins } from '../public/site-links';
import { bearerOf } from '../access-tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes must come from the site's own origin: the Origin header
 * (or, failing that, Referer) must be SITE_URL's origin or one of ALLOWED_ORIGINS. It is never
 * compared with the request's Host or X-Forwarded-Host, which the client chooses. Requests with
 * neither header are refused too, except from non-browser clients that send no cookie at all.
 * An /api call with `Authorization: Bearer` is not checked: a browser never sends that header by
 * itself, so it is no cross-site risk, and such a call never reads the session cookie
 * (middleware/current-user.ts).
 */
export function originCheck(config: Pick<Config, 'siteUrl' | 'allowedOrigins'>): Middleware {
  const trusted = trustedOrigins(config);
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method)) return next();
    if (bearerOf(ctx.path, ctx.get('Authorization')) !== undefined) return next();
    const source = ctx.get('Origin') || originOf(ctx.get('Referer'));
    if (source) {
      if (!trusted.has(source)) throw forbidden('Cross-origin request refused');
    } else if (ctx.get('Cookie')) {
      throw forbidden('Cross-origin request refused');
    }
    return next();
  };
}

/** The origin part of a URL, or '' when it is not one. */
function originOf(url: string): string {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
}
