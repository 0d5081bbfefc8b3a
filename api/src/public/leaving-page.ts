const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page `GET /go/{id}` answers instead of a redirect when the project's owner has no standing yet
 * (db/src/queries/standing.ts): it names the destination's host (as the browser will show it, an
 * internationalised name in its xn-- form) and links to the address, so a link on this site never
 * sends anyone straight to whatever a brand-new account submitted. Plain HTML without script: a heading,
 * the host in text, a link to continue and a link back.
 */
export function renderLeavingPage(input: { siteName: string; projectId: number; title: string; url: URL }): string {
  const site = escape(input.siteName);
  const host = escape(input.url.host);
  const href = escape(input.url.href);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>You are leaving ${site} for ${host}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.6;color:#18181b;background:#fff}
a{color:#3730a3}a:focus-visible{outline:3px solid #4f46e5;outline-offset:2px}.host{font-weight:700;word-break:break-all}
.continue{display:inline-block;margin:.5rem 0;padding:.5rem 1rem;border-radius:.5rem;background:#3730a3;color:#fff;text-decoration:none;font-weight:600}
@media (prefers-color-scheme:dark){body{color:#f4f4f5;background:#09090b}a{color:#c7d2fe}.continue{background:#c7d2fe;color:#1e1b4b}}</style>
</head><body><main><h1>You are leaving ${site}</h1>
<p>The project <strong>${escape(input.title)}</strong> links to <span class="host">${host}</span>.</p>
<p>Its owner joined ${site} recently, so we have not seen enough of their account to vouch for the link. Check the address before you sign in or enter anything there.</p>
<p><a class="continue" href="${href}" rel="noopener noreferrer nofollow">Continue to ${host}</a></p>
<p><a href="/projects/${input.projectId}">Back to the project on ${site}</a></p></main></body></html>`;
}
