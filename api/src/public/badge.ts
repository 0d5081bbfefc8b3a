import { escapeHtml } from '@vitrine/domain/html';
import type { BadgeFacts, BadgeMetric, BadgeOptions, BadgeTheme } from '@vitrine/domain/badges';

/**
 * Advance widths of Verdana's glyphs in font units (2048 to the em), the font badges are drawn in
 * (as shields.io draws them): a text's width is the sum of its characters'. A character not listed
 * counts as WIDE_GLYPH, wider than any listed one, so text in another script never overflows; and
 * every text also carries `textLength`, which fits it to the computed width whatever font the
 * viewer's system substitutes.
 */
const VERDANA_WIDTHS: Record<string, number> = {
  ' ': 720,
  '!': 823,
  '"': 938,
  '#': 1802,
  $: 1302,
  '%': 2203,
  '&': 1465,
  "'": 550,
  '(': 936,
  ')': 936,
  '*': 1302,
  '+': 1802,
  ',': 745,
  '-': 856,
  '.': 745,
  '/': 1028,
  ':': 897,
  ';': 897,
  '<': 1802,
  '=': 1802,
  '>': 1802,
  '?': 1116,
  '@': 2048,
  '[': 936,
  '\\': 1028,
  ']': 936,
  _: 1302,
  '|': 936,
  '·': 745,
  '…': 1679,
  '–': 1302,
  '—': 2048,
  ...Object.fromEntries([...'0123456789'].map((d) => [d, 1302])),
  ...Object.fromEntries(
    [...'abcdefghijklmnopqrstuvwxyz'].map((c, i) => [
      c,
      [
        1229, 1276, 1067, 1276, 1220, 720, 1276, 1296, 562, 705, 1212, 562, 1992, 1296, 1243, 1276, 1276, 874, 1067,
        807, 1296, 1212, 1675, 1212, 1212, 1051,
      ][i]!,
    ]),
  ),
  ...Object.fromEntries(
    [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
      c,
      [
        1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 862, 941, 1423, 1145, 1712, 1532, 1614, 1234, 1614, 1468, 1399,
        1257, 1500, 1401, 2025, 1405, 1257, 1405,
      ][i]!,
    ]),
  ),
};
/** The width of a character the table does not list (a CJK ideograph is a full em). */
const WIDE_GLYPH = 2048;
/** Bold glyphs are this much wider than regular ones, at most (Verdana Bold). */
const BOLD_FACTOR = 1.12;
const UNITS_PER_EM = 2048;
const FONT_FAMILY = 'Verdana,Geneva,DejaVu Sans,sans-serif';

/** Flat badge: height, font size, and padding each side of each half. */
const FLAT_HEIGHT = 20;
const FLAT_FONT = 11;
const FLAT_PADDING = 6;
/** Card badge: padding, the three lines' font sizes and baselines, height, narrowest width. */
const CARD_PADDING = 12;
const CARD_FONTS = { site: 10, title: 13, metric: 11 } as const;
const CARD_BASELINES = [18, 36, 52] as const;
const CARD_HEIGHT = 62;
const CARD_MIN_WIDTH = 140;
/** A card's title longer than this is cut with an ellipsis (the accessible name keeps it whole). */
const CARD_TITLE_MAX_CHARS = 40;

/** Colours of each theme, with at least 4.5:1 contrast between every text and its background. */
const THEMES: Record<
  BadgeTheme,
  {
    label: { bg: string; fg: string };
    value: { bg: string; fg: string };
    neutral: { bg: string; fg: string };
    card: { bg: string; border: string; muted: string; text: string; accent: string };
  }
> = {
  light: {
    label: { bg: '#e4e4e7', fg: '#18181b' },
    value: { bg: '#4f46e5', fg: '#ffffff' },
    neutral: { bg: '#71717a', fg: '#ffffff' },
    card: { bg: '#ffffff', border: '#d4d4d8', muted: '#52525b', text: '#18181b', accent: '#4338ca' },
  },
  dark: {
    label: { bg: '#27272a', fg: '#fafafa' },
    value: { bg: '#818cf8', fg: '#09090b' },
    neutral: { bg: '#52525b', fg: '#fafafa' },
    card: { bg: '#18181b', border: '#3f3f46', muted: '#a1a1aa', text: '#fafafa', accent: '#a5b4fc' },
  },
};

/** Characters XML 1.0 does not allow (C0 controls but tab and newlines, lone surrogates, U+FFFE/F). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching the control characters XML forbids is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** User text made safe for SVG text and attributes: escaped, and what XML forbids removed. */
export function svgText(text: string): string {
  return escapeHtml(text.replace(NOT_XML, ''));
}

/** The width of `text` in Verdana at `size` px (bold when asked), rounded up. */
export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const char of text) units += VERDANA_WIDTHS[char] ?? WIDE_GLYPH;
  return Math.ceil(((units * size) / UNITS_PER_EM) * (bold ? BOLD_FACTOR : 1));
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** An uptime share as shown: one decimal, never rounded up to 100% (99.96% reads 99.9%). */
function percent(share: number): string {
  const tenths = Math.floor(share * 1000);
  return tenths === 1000 ? '100%' : `${(tenths / 10).toFixed(1)}%`;
}

/** What a badge says: its short value, and the sentence its accessible name carries. */
export function badgeWords(facts: BadgeFacts, metric: BadgeMetric): { value: string; sentence: string } {
  if (metric === 'votes') {
    const votes = plural(facts.votes, 'vote', 'votes');
    return { value: votes, sentence: votes };
  }
  if (metric === 'rank') {
    return facts.rank === null
      ? { value: 'not ranked', sentence: 'not on the all-time leaderboard' }
      : { value: `#${facts.rank} all time`, sentence: `ranked #${facts.rank} on the all-time leaderboard` };
  }
  const uptime = facts.uptime === null ? 'not checked' : `${percent(facts.uptime)} up`;
  const testers = plural(facts.testers, 'tester', 'testers');
  const addressed = `${facts.feedbackAddressed.toLocaleString('en-US')} feedback addressed`;
  return {
    value: `${uptime} · ${testers} · ${addressed}`,
    sentence: `${facts.uptime === null ? 'uptime not checked' : `${percent(facts.uptime)} uptime over 30 days`}, ${testers} took part, ${plural(facts.feedbackAddressed, 'feedback item', 'feedback items')} addressed`,
  };
}

function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : text;
}

/** The `<svg>` opening with its accessible name (role img, aria-label and a `<title>`). */
function open(width: number, height: number, name: string): string {
  const label = svgText(name);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"` +
    ` role="img" aria-label="${label}"><title>${label}</title>`
  );
}

function text(x: number, y: number, width: number, fill: string, content: string, extra = ''): string {
  return `<text x="${x}" y="${y}" fill="${fill}" textLength="${width}" lengthAdjust="spacingAndGlyphs"${extra}>${svgText(content)}</text>`;
}

/** A one-line badge: `label` on the left, `value` on the right, each half as wide as its text. */
function flat(label: string, value: string, name: string, theme: BadgeTheme, neutral: boolean): string {
  const colors = THEMES[theme];
  const right = neutral ? colors.neutral : colors.value;
  const labelText = textWidth(label, FLAT_FONT);
  const valueText = textWidth(value, FLAT_FONT);
  const left = labelText + 2 * FLAT_PADDING;
  const width = left + valueText + 2 * FLAT_PADDING;
  // Rounded ends without a clipPath: its id could clash with another badge's inlined in the same page.
  return (
    open(width, FLAT_HEIGHT, name) +
    `<rect width="${width}" height="${FLAT_HEIGHT}" rx="3" fill="${right.bg}"/>` +
    `<rect width="${left}" height="${FLAT_HEIGHT}" rx="3" fill="${colors.label.bg}"/>` +
    `<rect x="${left - 4}" width="4" height="${FLAT_HEIGHT}" fill="${colors.label.bg}"/>` +
    `<g font-family="${FONT_FAMILY}" font-size="${FLAT_FONT}" aria-hidden="true">` +
    text(FLAT_PADDING, 14, labelText, colors.label.fg, label) +
    text(left + FLAT_PADDING, 14, valueText, right.fg, value) +
    `</g></svg>`
  );
}

/** A card's lines: the site's name, a bold heading, and the metric (left out when null). */
interface CardLines {
  site: string;
  heading: string;
  metric: string | null;
}

/** A card: its lines one under the other, as wide as the widest. */
function card(lines: CardLines, name: string, theme: BadgeTheme, neutral: boolean): string {
  const colors = THEMES[theme].card;
  const heading = cut(lines.heading, CARD_TITLE_MAX_CHARS);
  const widths = {
    site: textWidth(lines.site, CARD_FONTS.site),
    heading: textWidth(heading, CARD_FONTS.title, true),
    metric: lines.metric === null ? 0 : textWidth(lines.metric, CARD_FONTS.metric),
  };
  const width = Math.max(CARD_MIN_WIDTH, ...Object.values(widths).map((w) => w + 2 * CARD_PADDING));
  const size = (px: number, bold = false) => ` font-size="${px}"${bold ? ' font-weight="700"' : ''}`;
  const [siteY, headingY, metricY] = CARD_BASELINES;
  return (
    open(width, CARD_HEIGHT, name) +
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${CARD_HEIGHT - 1}" rx="6" fill="${colors.bg}" stroke="${colors.border}"/>` +
    `<g font-family="${FONT_FAMILY}" aria-hidden="true">` +
    text(CARD_PADDING, siteY, widths.site, colors.muted, lines.site, size(CARD_FONTS.site)) +
    text(
      CARD_PADDING,
      headingY,
      widths.heading,
      neutral ? colors.muted : colors.text,
      heading,
      size(CARD_FONTS.title, true),
    ) +
    (lines.metric === null
      ? ''
      : text(CARD_PADDING, metricY, widths.metric, colors.accent, lines.metric, size(CARD_FONTS.metric))) +
    `</g></svg>`
  );
}

/** The SVG of a visible project's badge. */
export function renderBadge(siteName: string, facts: BadgeFacts, options: BadgeOptions): string {
  const words = badgeWords(facts, options.metric);
  const name = `${siteName}: ${facts.title}: ${words.sentence}`;
  return options.style === 'card'
    ? card({ site: siteName, heading: facts.title, metric: words.value }, name, options.theme, false)
    : flat(siteName, words.value, name, options.theme, false);
}

/** What a neutral badge says. */
export const NOT_AVAILABLE = 'not available';

/** The neutral badge of a missing or hidden project: the site's name and NOT_AVAILABLE, whatever the metric. */
export function renderNeutralBadge(siteName: string, options: BadgeOptions): string {
  const name = `${siteName}: project ${NOT_AVAILABLE}`;
  return options.style === 'card'
    ? card({ site: siteName, heading: NOT_AVAILABLE, metric: null }, name, options.theme, true)
    : flat(siteName, NOT_AVAILABLE, name, options.theme, true);
}
