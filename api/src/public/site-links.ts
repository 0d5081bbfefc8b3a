/**
 * The site's own origin as this request reached it (`https://host`): protocol and host honour
 * X-Forwarded-* when TRUST_PROXY is set. Koa 3's `ctx.origin` is the Origin request header instead.
 */
export function siteOrigin(ctx: { protocol: string; host: string }): string {
  return `${ctx.protocol}://${ctx.host}`;
}
