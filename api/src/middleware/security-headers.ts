import type { Context, Middleware } from 'koa';
import type { Config } from '@vitrine/runtime/config';

/**
 * HSTS: browsers keep to HTTPS for a year, subdomains included. Sent only in production and only on a
 * request that arrived over TLS (ctx.secure, X-Forwarded-Proto under TRUST_PROXY): over plain HTTP a
 * browser ignores it, and a local run must never pin localhost to HTTPS.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The Content-Security-Policy of every answer (see securityHeaders). */
const CSP = [
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

/** The headers securityHeaders sets on every answer (HSTS apart). */
const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', CSP],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];

/** The same with HSTS: for a production answer over TLS. */
const SECURITY_HEADERS_HSTS: ReadonlyArray<readonly [string, string]> = [
  ...SECURITY_HEADERS,
  ['Strict-Transport-Security', HSTS],
];

/** The security headers of an answer, with HSTS or not (the shared reads' front, cache/http.ts, sends them itself). */
export function securityHeaderList(hsts: boolean): ReadonlyArray<readonly [string, string]> {
  return hsts ? SECURITY_HEADERS_HSTS : SECURITY_HEADERS;
}

/** Sets the security headers on `ctx`'s answer (securityHeaders). */
export function setSecurityHeaders(ctx: Context, config: Pick<Config, 'production'>): void {
  for (const [name, value] of securityHeaderList(config.production && ctx.secure)) ctx.set(name, value);
}

/**
 * Security headers on every answer, errors included: they are set before the rest of the request runs,
 * so an answer the error middleware (outside this one) makes from a throw keeps them. Project previews
 * are third-party pages in a sandboxed iframe, so frame-src allows any https/http page, while nobody
 * may frame us.
 */
export function securityHeaders(config: Pick<Config, 'production'>): Middleware {
  return (ctx, next) => {
    setSecurityHeaders(ctx, config);
    return next();
  };
}
