import type { Config } from '@vitrine/runtime/config';

/**
 * The site's own address (`https://host`, no trailing slash) for absolute links: SITE_URL, never
 * anything the request says about itself (Host, X-Forwarded-Host, X-Forwarded-Proto), which a client
 * could set to poison a shared cache (docs/security.md "Site address").
 */
export function siteOrigin(config: Pick<Config, 'siteUrl'>): string {
  return config.siteUrl;
}

/** The origins writes and socket handshakes may come from: SITE_URL's, plus ALLOWED_ORIGINS. */
export function trustedOrigins(config: Pick<Config, 'siteUrl' | 'allowedOrigins'>): Set<string> {
  return new Set([new URL(config.siteUrl).origin, ...config.allowedOrigins]);
}
