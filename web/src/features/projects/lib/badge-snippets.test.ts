import { describe, expect, it } from 'vitest';
import { DEFAULT_BADGE_OPTIONS } from '@vitrine/domain/badges';
import { badgeSnippets } from './badge-snippets';

describe('badgeSnippets', () => {
  it('links the absolute badge address back to the project page, leaving the default choices out', () => {
    const s = badgeSnippets({
      siteUrl: 'https://vitrine.example/',
      siteName: 'Vitrine',
      projectId: 42,
      title: 'Pixel Garden',
      options: DEFAULT_BADGE_OPTIONS,
    });
    expect(s.url).toBe('https://vitrine.example/badges/projects/42.svg');
    expect(s.html).toBe(
      '<a href="https://vitrine.example/projects/42"><img src="https://vitrine.example/badges/projects/42.svg" alt="Pixel Garden on Vitrine"></a>',
    );
    expect(s.markdown).toBe(
      '[![Pixel Garden on Vitrine](https://vitrine.example/badges/projects/42.svg)](https://vitrine.example/projects/42)',
    );
  });

  it('puts the chosen style, theme and metric in the address, and escapes the title in both embeds', () => {
    const s = badgeSnippets({
      siteUrl: 'https://vitrine.example',
      siteName: 'Vitrine',
      projectId: 7,
      title: 'A "quoted" <b>[title]</b> & \\ more',
      options: { style: 'card', theme: 'dark', metric: 'outcome' },
    });
    expect(s.url).toBe('https://vitrine.example/badges/projects/7.svg?style=card&theme=dark&metric=outcome');
    expect(s.html).toBe(
      '<a href="https://vitrine.example/projects/7"><img src="https://vitrine.example/badges/projects/7.svg?style=card&amp;theme=dark&amp;metric=outcome"' +
        ' alt="A &quot;quoted&quot; &lt;b&gt;[title]&lt;/b&gt; &amp; \\ more on Vitrine"></a>',
    );
    expect(s.markdown).toBe(
      '[![A "quoted" <b>\\[title\\]</b> & \\\\ more on Vitrine](https://vitrine.example/badges/projects/7.svg?style=card&theme=dark&metric=outcome)](https://vitrine.example/projects/7)',
    );
  });
});
