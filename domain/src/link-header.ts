/**
 * Reading a Link header (RFC 8288), apart from the paging schemas (schemas/paging.ts) so the web's
 * list hook (web/src/hooks/use-list.ts) bundles no zod with it.
 */

/** The URL of `rel="next"` in a Link header, or null. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(^|;)\s*rel="?next"?\s*(;|$)/.test(match[2]!)) return match[1]!;
  }
  return null;
}
