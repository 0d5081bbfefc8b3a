import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import satori from 'satori';
import { createElement, type JSXNode } from 'satori/jsx';
import { Resvg } from '@resvg/resvg-js';
import {
  SHARE_CARD_HEIGHT,
  SHARE_CARD_WIDTH,
  shareCardVersion,
  type ShareCardFields,
} from '@vitrine/domain/share-card';

const require = createRequire(import.meta.url);

/** Inter from @fontsource (satori reads woff, not woff2): shipped with the package, no network. */
const FONTS = [
  { name: 'Inter', weight: 400 as const, file: '@fontsource/inter/files/inter-latin-400-normal.woff' },
  { name: 'Inter', weight: 700 as const, file: '@fontsource/inter/files/inter-latin-700-normal.woff' },
];
let fonts: Array<{ name: string; data: Buffer; weight: 400 | 700; style: 'normal' }> | undefined;

/** Cards kept in memory; each is keyed by its version, so an edited project simply gets a new one. */
const CARD_CACHE_SIZE = 200;
/** A title longer than this is cut with an ellipsis (three lines at the card's title size). */
const TITLE_MAX_CHARS = 80;

/** Margins of the card's content. */
const MARGIN_X = 72;
const MARGIN_Y = 56;

const COLORS = {
  background: '#09090b',
  panel: '#18181b',
  text: '#fafafa',
  muted: '#a1a1aa',
  accent: '#818cf8',
  badge: '#312e81',
};

/** A satori style: CSS properties in camelCase. */
type Style = Record<string, string | number>;

/** A flex `<div>` for satori (every satori element with children must be display: flex). */
function div(style: Style, ...children: JSXNode[]): JSXNode {
  // satori/jsx's createElement types its props generically; a plain style object is all we pass.
  return createElement('div', { style } as object, ...children) as JSXNode;
}

function loadFonts() {
  fonts ??= FONTS.map((f) => ({
    name: f.name,
    weight: f.weight,
    style: 'normal' as const,
    data: readFileSync(require.resolve(f.file)),
  }));
  return fonts;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** The card's frame: brand line on top, `body` in the middle, `footer` at the bottom. */
function frame(siteName: string, body: JSXNode, footer: JSXNode) {
  // satori sizes boxes without their padding: a fixed inner box inside margins keeps to the card.
  const page: Style = {
    width: '100%',
    height: '100%',
    display: 'flex',
    backgroundColor: COLORS.background,
    color: COLORS.text,
    fontFamily: 'Inter',
    backgroundImage: 'radial-gradient(circle at 85% 0%, #312e81 0%, #09090b 55%)',
  };
  const inner: Style = {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'space-between',
    width: `${SHARE_CARD_WIDTH - 2 * MARGIN_X}px`,
    height: `${SHARE_CARD_HEIGHT - 2 * MARGIN_Y}px`,
    margin: `${MARGIN_Y}px ${MARGIN_X}px`,
  };
  return div(
    page,
    div(
      inner,
      div(
        { display: 'flex', alignItems: 'center', gap: '16px', fontSize: '34px', fontWeight: 700 },
        div(
          {
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: '56px',
            height: '56px',
            borderRadius: '14px',
            backgroundColor: '#4f46e5',
            color: '#fff',
          },
          siteName.charAt(0).toUpperCase(),
        ),
        siteName,
      ),
      body,
      footer,
    ),
  );
}

function stat(label: string) {
  return div(
    {
      display: 'flex',
      padding: '12px 24px',
      borderRadius: '999px',
      backgroundColor: COLORS.panel,
      border: '1px solid #3f3f46',
    },
    label,
  );
}

/** The card of one project: category, title, votes, rating and author. */
function projectCard(project: ShareCardFields, siteName: string) {
  const average = Number(project.averageRating);
  const rating =
    project.totalRatings > 0 ? `Rated ${average.toFixed(1)}/10 (${project.totalRatings})` : 'No ratings yet';
  const votes = `${project.votes} ${project.votes === 1 ? 'vote' : 'votes'}`;
  return frame(
    siteName,
    div(
      { display: 'flex', flexDirection: 'column', gap: '24px' },
      div(
        { display: 'flex' },
        div(
          {
            display: 'flex',
            padding: '8px 20px',
            borderRadius: '999px',
            backgroundColor: COLORS.badge,
            color: '#c7d2fe',
            fontSize: '28px',
          },
          project.category,
        ),
      ),
      div(
        { display: 'flex', fontSize: '64px', fontWeight: 700, lineHeight: 1.15, letterSpacing: '-0.02em' },
        truncate(project.title, TITLE_MAX_CHARS),
      ),
    ),
    div(
      { display: 'flex', alignItems: 'center', justifyContent: 'space-between', fontSize: '30px', color: COLORS.muted },
      div({ display: 'flex', gap: '16px', color: COLORS.text }, stat(votes), stat(rating)),
      div({ display: 'flex' }, `by ${project.username ?? 'Unknown User'}`),
    ),
  );
}

/** The card of every other page: the site's name and what it is. */
function siteCard(siteName: string, tagline: string) {
  return frame(
    siteName,
    div(
      { display: 'flex', flexDirection: 'column', gap: '24px' },
      div({ display: 'flex', fontSize: '84px', fontWeight: 700, letterSpacing: '-0.02em' }, 'Showcase Your Projects'),
      div({ display: 'flex', fontSize: '36px', color: COLORS.muted, lineHeight: 1.35 }, tagline),
    ),
    div({ display: 'flex', fontSize: '30px', color: COLORS.accent }, 'Submit · Vote · Rate · Discover'),
  );
}

/** SVG (satori) to PNG (resvg) at the card size. */
async function toPng(element: JSXNode): Promise<Buffer> {
  // satori/jsx builds React-element-shaped objects without React; satori's types name React's.
  const svg = await satori(element as Parameters<typeof satori>[0], {
    width: SHARE_CARD_WIDTH,
    height: SHARE_CARD_HEIGHT,
    fonts: loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: SHARE_CARD_WIDTH }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
}

/** The PNG of a project's card (CPU-heavy: run in the render pool, render-pool.ts). */
export function renderProjectCard(fields: ShareCardFields, siteName: string): Promise<Buffer> {
  return toPng(projectCard(fields, siteName));
}

/** The PNG of the site's card (CPU-heavy: run in the render pool, render-pool.ts). */
export function renderSiteCard(siteName: string, tagline: string): Promise<Buffer> {
  return toPng(siteCard(siteName, tagline));
}

/** What makes a card's PNG: the render pool's threads (render-pool.ts), or in-process in a script. */
export interface CardRenderer {
  projectCard(fields: ShareCardFields, siteName: string): Promise<Buffer>;
  siteCard(siteName: string, tagline: string): Promise<Buffer>;
}

/** Keeps the most recent share cards, by version, in memory; `renderer` makes the missing ones. */
export class ShareCards {
  private readonly cache = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly siteName: string,
    private readonly renderer: CardRenderer,
  ) {}

  /** A project's card's version (a new version whenever what the card shows changes), and whether its PNG is kept already. */
  projectVersion(id: number, fields: ShareCardFields): { version: string; cached: boolean } {
    const version = shareCardVersion(fields);
    return { version, cached: this.cache.has(`project:${id}:${version}`) };
  }

  /** A project's card and its version. */
  project(id: number, fields: ShareCardFields): { version: string; png: Promise<Buffer> } {
    const version = shareCardVersion(fields);
    return {
      version,
      png: this.cached(`project:${id}:${version}`, () => this.renderer.projectCard(fields, this.siteName)),
    };
  }

  /** The site's card (home, static pages, profiles). */
  site(tagline: string): Promise<Buffer> {
    return this.cached('site', () => this.renderer.siteCard(this.siteName, tagline));
  }

  private cached(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.cache.get(key);
    if (hit) {
      // Refresh its place: the map's order is the eviction order.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const made = make();
    this.cache.set(key, made);
    made.catch(() => this.cache.delete(key));
    while (this.cache.size > CARD_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    return made;
  }
}
