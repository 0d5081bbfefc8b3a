/** Hosting platforms named on the external link ('View on Replit'). */
const PLATFORMS: ReadonlyArray<{ suffixes: string[]; name: string }> = [
  { suffixes: ['replit.com', 'replit.app', 'repl.co', 'replit.dev'], name: 'Replit' },
  { suffixes: ['github.io', 'github.com'], name: 'GitHub' },
  { suffixes: ['vercel.app'], name: 'Vercel' },
  { suffixes: ['netlify.app'], name: 'Netlify' },
  { suffixes: ['glitch.me'], name: 'Glitch' },
  { suffixes: ['codepen.io'], name: 'CodePen' },
  { suffixes: ['codesandbox.io', 'csb.app'], name: 'CodeSandbox' },
];

/** The hosting platform of a project address, or null when unknown or invalid. */
function hostingPlatform(address: string): string | null {
  try {
    const host = new URL(address).hostname.toLowerCase();
    const match = PLATFORMS.find((p) => p.suffixes.some((s) => host === s || host.endsWith(`.${s}`)));
    return match?.name ?? null;
  } catch {
    return null;
  }
}

/** The external link label: 'View on {platform}' or 'View Project'. */
export function externalLinkLabel(address: string): string {
  const platform = hostingPlatform(address);
  return platform ? `View on ${platform}` : 'View Project';
}

/** The preview frame address: the project address with the embed flag; null if not http(s). */
export function embedUrl(address: string): string | null {
  try {
    const url = new URL(address);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.searchParams.set('embed', 'true');
    return url.toString();
  } catch {
    return null;
  }
}
