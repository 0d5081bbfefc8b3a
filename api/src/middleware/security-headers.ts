import type { Middleware } from 'koa';
import type { Config } from '@vitrine/runtime/config';

/**
 * HSTS: browsers keep to HTTPS for a year, subdomains included. Sent only in production and only on a
 * request that arrived over TLS (ctx.secure, X-Forwarded-Proto under TRUST_PROXY): over plain HTTP a
 * browser ignores it, and a local run must never pin localhost to HTTPS.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer, errors included: they are set before the rest of the request runs,
 * so an answer the error middleware (outside this one) makes from a throw keeps them. Project previews
 * are third-party pages in a sandboxed iframe, so frame-src allows any https/http page, while nobody
 * may frame us.
 */
export function securityHeaders(config: Pick<Config, 'production'>): Middleware {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "connect-src 'self' ws: wss:",
    'frame-src https: http:',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', csp);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (config.production && ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
    await next();
  };
}
