import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB_SRC = fileURLToPath(new URL('../../web/src/', import.meta.url));

/** A Tailwind `dark:` utility with its state variants (hover:, data-[selected]:, [&_a]: ...) taken off. */
const VARIANTS = /^(?:(?:[a-z-]+|[a-z]+-\[[^\]]+\]|\[[^\]]+\]):)*/;
const COLOUR = String.raw`(?:[a-z]+-\d{2,3}|white|black|transparent|current)(?:/\d+)?`;
/** Utilities that set a colour and nothing else: a palette colour, a gradient, or a custom property holding one. */
const COLOUR_UTILITY = new RegExp(
  String.raw`^(?:(?:text|bg|border|divide|ring|ring-offset|from|via|to|fill|stroke|shadow|outline|decoration|placeholder|caret|accent)-${COLOUR}` +
    String.raw`|bg-\[(?:radial|linear|conic)-gradient\(.*\)\]` +
    String.raw`|\[--[a-z-]+:#[0-9a-f]{3,8}\])!?;?$`,
);

/** True when a `dark:` utility (its variants included) sets a colour and nothing else. */
function isColour(utility: string): boolean {
  return COLOUR_UTILITY.test(utility.replace(VARIANTS, ''));
}

/** Every `dark:` utility in the web's sources, with the file it is in. */
function darkUtilities(): { file: string; utility: string }[] {
  const found: { file: string; utility: string }[] = [];
  for (const file of readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(tsx?|css)$/.test(file)) continue;
    const text = readFileSync(`${WEB_SRC}${file}`, 'utf8');
    for (const [, utility] of text.matchAll(/\bdark:([^\s'"`]+)/g)) found.push({ file, utility: utility! });
  }
  return found;
}

/**
 * The dark colour scheme changes colours only: nothing is shown, hidden, moved or resized by it. The
 * browser tests rely on it (web/e2e/fixtures.ts): a page checked with every axe rule in the light scheme
 * is checked in the dark one for the rules colours decide.
 */
describe('the dark colour scheme (web/src/index.css: the dark: variant)', () => {
  it('sets colours only', () => {
    const utilities = darkUtilities();
    expect(utilities.length).toBeGreaterThan(100);
    const notColours = utilities.filter(({ utility }) => !isColour(utility));
    expect(notColours).toEqual([]);
  });

  it('tells a colour from a layout change', () => {
    for (const colour of [
      'text-zinc-100',
      'hover:bg-white/10',
      'data-[selected]:text-zinc-50',
      '[&_a]:text-accent-300',
      'text-red-400!',
      '[--stats-tooltip-bg:#18181b]',
    ])
      expect(isColour(colour), colour).toBe(true);
    for (const layout of [
      'hidden',
      'block',
      'text-sm',
      'border-2',
      'ring-offset-2',
      'shadow-lg',
      'sr-only',
      'hover:underline',
      'w-full',
      'outline-none',
    ])
      expect(isColour(layout), layout).toBe(false);
  });
});
