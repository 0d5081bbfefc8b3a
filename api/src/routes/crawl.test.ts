import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Koa from 'koa';
import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { makeTestApp, type TestApp } from '../testing';
import type { AppContextExtras, AppState } from '../context';
import { createLimiters } from '../middleware/rate-limit';
import { crawlRoutes } from './crawl';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (_name, jpath) => ARRAYS.includes(String(jpath)),
});
const ARRAYS = ['feed.entry', 'rss.channel.item', 'urlset.url', 'sitemapindex.sitemap'];

/** An element's text, whether or not it carries attributes (Atom's `<title type="html">`). */
function text(node: unknown): string {
  return typeof node === 'object' && node !== null && '#text' in node ? String(node['#text']) : String(node);
}

/** Parses an XML answer after checking it is well-formed. */
function parseXml(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed XML is walked by path in the assertions
  return parser.parse(text) as Record<string, any>;
}

interface AtomEntry {
  id: string;
  title: unknown;
  author?: { name: string };
}
interface RssItem {
  title: string;
  link: string;
  guid: unknown;
}

async function atomEntries(path: string): Promise<AtomEntry[]> {
  const res = await t.agent().get(path);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  const doc = parseXml(res.text);
  expect(doc.feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
  expect(text(doc.feed.title)).toMatch(/ \| Vitrine$/);
  return doc.feed.entry ?? [];
}

async function rssItems(path: string): Promise<RssItem[]> {
  const res = await t.agent().get(path);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  const doc = parseXml(res.text);
  expect(doc.rss['@_version']).toBe('2.0');
  expect(text(doc.rss.channel.title)).toMatch(/ \| Vitrine$/);
  return doc.rss.channel.item ?? [];
}

/** A moment later than anything the other test files make, so these projects lead the latest lists. */
function future(minutes: number): Date {
  return new Date(Date.now() + 365 * 24 * 3600_000 + minutes * 60_000);
}

describe('feeds', () => {
  it('latest (Atom at /feed.xml and RSS) lists the newest projects, newest first, and never a hidden one', async () => {
    const author = await buildUser(t.deps.sql);
    const older = await buildProject(t.deps.sql, {
      userId: author.id,
      createdAt: future(1),
      title: 'Feed & <older> project',
    });
    const newer = await buildProject(t.deps.sql, { userId: author.id, createdAt: future(2) });
    const hidden = await buildProject(t.deps.sql, { userId: author.id, createdAt: future(3), isHidden: true });
    const entries = await atomEntries('/feed.xml');
    const ids = entries.map((e) => e.id);
    expect(ids.indexOf(`${t.origin}/projects/${newer.id}`)).toBeLessThan(
      ids.indexOf(`${t.origin}/projects/${older.id}`),
    );
    expect(ids).toContain(`${t.origin}/projects/${older.id}`);
    expect(ids).not.toContain(`${t.origin}/projects/${hidden.id}`);
    const entry = entries.find((e) => e.id.endsWith(`/projects/${older.id}`))!;
    // Atom's title is type="html": the user's text arrives escaped, so a reader shows it as typed.
    expect(text(entry.title)).toBe('Feed &amp; &lt;older&gt; project');
    expect(entry.author?.name).toBe(author.username);

    const items = await rssItems('/feeds/latest.rss');
    const links = items.map((i) => i.link);
    expect(links).toContain(`${t.origin}/projects/${newer.id}`);
    expect(links).not.toContain(`${t.origin}/projects/${hidden.id}`);
    expect((await atomEntries('/feeds/latest.atom')).map((e) => e.id)).toEqual(ids);
  });

  it("a user's feeds list their visible projects only; an unknown user is 404", async () => {
    const author = await buildUser(t.deps.sql);
    const shown = await buildProject(t.deps.sql, { userId: author.id });
    const hidden = await buildProject(t.deps.sql, { userId: author.id, isHidden: true });
    await buildProject(t.deps.sql);
    const entries = await atomEntries(`/feeds/users/${author.username.toUpperCase()}.atom`);
    expect(entries.map((e) => e.id)).toEqual([`${t.origin}/projects/${shown.id}`]);
    const items = await rssItems(`/feeds/users/${author.username}.rss`);
    expect(items.map((i) => i.link)).toEqual([`${t.origin}/projects/${shown.id}`]);
    expect(items.map((i) => i.link)).not.toContain(`${t.origin}/projects/${hidden.id}`);
    const missing = await t.agent().get('/feeds/users/nobody_at_all_here.atom');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'User not found' });
  });

  it('a category feed lists that category only, never hidden; unknown slugs and formats are 404', async () => {
    const game = await buildProject(t.deps.sql, { category: 'AI/ML', createdAt: future(10) });
    const hidden = await buildProject(t.deps.sql, { category: 'AI/ML', createdAt: future(11), isHidden: true });
    const other = await buildProject(t.deps.sql, { category: 'Game', createdAt: future(12) });
    const ids = (await atomEntries('/feeds/categories/ai-ml.atom')).map((e) => e.id);
    expect(ids).toContain(`${t.origin}/projects/${game.id}`);
    expect(ids).not.toContain(`${t.origin}/projects/${hidden.id}`);
    expect(ids).not.toContain(`${t.origin}/projects/${other.id}`);
    expect((await rssItems('/feeds/categories/ai-ml.rss')).map((i) => i.link)).toContain(
      `${t.origin}/projects/${game.id}`,
    );
    expect((await t.agent().get('/feeds/categories/nope.atom')).status).toBe(404);
    expect((await t.agent().get('/feeds/latest.json')).status).toBe(404);
  });

  it('trending parses in both formats and holds no hidden project', async () => {
    const hidden = await buildProject(t.deps.sql, { isHidden: true, votes: 50 });
    for (const entries of [await atomEntries('/feeds/trending.atom'), await rssItems('/feeds/trending.rss')]) {
      expect(JSON.stringify(entries)).not.toContain(`/projects/${hidden.id}"`);
    }
  });
});

describe('sitemap and robots', () => {
  let server: Server;
  /** Links are built on SITE_URL (the test app's), whatever server answers. */
  let origin: string;
  /** URLs per projects file: a few files, whatever other test files have written to the shared database. */
  let perFile: number;
  beforeAll(async () => {
    // The same routes with small files, so a handful of rows shows the split. The test database is
    // shared with every other file, which add projects meanwhile: files of a quarter of today's visible
    // projects keep the files to fetch about four, not one per two projects.
    const [visible] = await t.deps.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM projects WHERE NOT is_hidden`;
    perFile = Math.max(2, Math.ceil(visible!.n / 4));
    const app = new Koa<AppState, AppContextExtras>();
    app.context.deps = t.deps;
    // The per-address budget is lifted here (api/src/heavy-reads.test.ts tests it).
    app.context.limiters = createLimiters(t.deps.redis, { ...t.config, rateLimitMultiplier: 1000 });
    app.use(crawlRoutes({ sitemapUrlsPerFile: perFile }).routes());
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = t.config.siteUrl;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('the index names files of at most the limit that together list every visible project and never a hidden one', async () => {
    const hidden = await buildProject(t.deps.sql, { isHidden: true });
    const shown = await buildProject(t.deps.sql);
    const index = parseXml((await request(server).get('/sitemap.xml')).text);
    const files: string[] = index.sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    expect(files[0]).toBe(`${origin}/sitemaps/pages.xml`);
    const urls: string[] = [];
    for (const file of files) {
      const res = await request(server).get(new URL(file).pathname);
      expect(res.status).toBe(200);
      const set = parseXml(res.text).urlset;
      expect(set['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      expect(set.url.length).toBeLessThanOrEqual(file.endsWith('pages.xml') ? 5 : perFile);
      urls.push(...set.url.map((u: { loc: string }) => u.loc));
    }
    expect(urls).toContain(`${origin}/projects/${shown.id}`);
    expect(urls).toContain(`${origin}/about`);
    expect(urls).not.toContain(`${origin}/projects/${hidden.id}`);
    expect(urls.filter((u) => /\/(admin|messages|auth)\b/.test(u))).toEqual([]);
    expect(files.filter((f) => /projects-\d+\.xml$/.test(f)).length).toBeGreaterThan(1);
    expect((await request(server).get('/sitemaps/projects-99999.xml')).status).toBe(404);
  });

  it('robots.txt keeps crawlers out of the private areas and names the sitemap', async () => {
    const res = await t.agent().get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toContain('Disallow: /admin\n');
    expect(res.text).toContain('Disallow: /messages\n');
    expect(res.text).toContain(`Sitemap: ${t.origin}/sitemap.xml`);
  });
});
