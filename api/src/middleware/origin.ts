import type { Middleware } from 'koa';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes must come from the site's own origin (design.md "Sessions and security"): the Origin header
 * (or, failing that, Referer) must name this host. Requests with neither are refused too, except from
 * non-browser clients that send no cookie at all.
 */
export function originCheck(allowed: string[]): Middleware {
  const extra = new Set(allowed);
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method)) return next();
    const source = ctx.get('Origin') || originOf(ctx.get('Referer'));
    const own = `${ctx.protocol}://${ctx.host}`;
    if (source) {
      if (source !== own && !extra.has(source)) throw forbidden('Cross-origin request refused');
    } else if (ctx.get('Cookie')) {
      throw forbidden('Cross-origin request refused');
    }
    return next();
  };
}

/** The origin part of a URL, or '' when it is not one. */
export function originOf(url: string): string {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
}
