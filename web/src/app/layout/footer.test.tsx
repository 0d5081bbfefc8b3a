import { afterEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { setSocialLinks } from '../../lib/site';
import { Footer } from './footer';

/** The footer as the server renders it. */
const rendered = () =>
  renderToString(
    <Router ssrPath="/">
      <Footer />
    </Router>,
  );

afterEach(() => setSocialLinks(undefined));

describe('Footer social links', () => {
  it("links to the site's own configured accounts, each in a new tab", () => {
    setSocialLinks({ github: 'https://github.example/vitrine', bluesky: 'https://bsky.example/profile/vitrine' });
    const html = rendered();
    expect(html).toContain('href="https://github.example/vitrine" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('href="https://bsky.example/profile/vitrine"');
    expect(html).toMatch(/GitHub<span class="sr-only"> \(opens in a new tab\)/);
  });

  it('shows only the configured ones, and no list at all without any', () => {
    setSocialLinks({ github: null, bluesky: 'https://bsky.example/profile/vitrine' });
    expect(rendered()).not.toContain('GitHub');
    expect(rendered()).toContain('Bluesky');
    setSocialLinks(undefined);
    const bare = rendered();
    expect(bare).not.toMatch(/GitHub|Bluesky|target="_blank"/);
    // The home pages of those sites are never linked.
    expect(bare).not.toMatch(/github\.com|bsky\.app/);
  });
});
