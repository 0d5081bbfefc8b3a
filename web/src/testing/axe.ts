/**
 * Accessibility checks of a rendered DOM (jsdom) with axe-core, the same rule sets as the browser
 * tests (web/e2e/fixtures.ts). jsdom lays nothing out and loads no stylesheet, so the rules that need
 * layout or colour are the browser's to prove (one scan per screen at 360 px in dark mode there).
 */
import axe from 'axe-core';
import { expect } from 'vitest';

/** The axe rule sets every accessibility check runs. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'];

/** Rules that measure what jsdom cannot draw: colours, sizes on screen, what covers what. */
const NEEDS_LAYOUT = ['color-contrast', 'color-contrast-enhanced', 'link-in-text-block', 'target-size'];

/** Fails on serious or critical violations inside `container`, naming each rule and the elements it failed. */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: AXE_TAGS },
    rules: Object.fromEntries(NEEDS_LAYOUT.map((id) => [id, { enabled: false }])),
    resultTypes: ['violations'],
    // A frame's page is another site's (a project's preview), never loaded here.
    iframes: false,
  });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
