/**
 * The built web client as the api serves it (api/src/server.ts's composition: the app, then the web
 * client rendering pages through the app's own routes), over real HTTP: precompressed assets chosen by
 * Accept-Encoding, compressed JSON and HTML, and the server-rendered pages' status and title. No browser
 * is needed for any of it; what only a browser shows (hydration, JavaScript off, live updates) is in
 * web/e2e. Needs the build: `npm run build -w web` (`npm test` builds before it runs vitest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { REPO_ROOT } from '@vitrine/db/repo-root';
import request from 'supertest';
import { buildProject, TEST_PASSWORD } from '@vitrine/db/testing';
import { createApp } from './app';
import { makeTestApp, type TestApp } from './testing';
import { webClient } from './web';
import { loadRenderer } from './public/page-renderer';

const DIST_DIR = path.join(REPO_ROOT, 'web/dist');
const MANIFEST = path.join(DIST_DIR, '.vite/manifest.json');
const RENDERER = path.join(REPO_ROOT, 'web/dist-ssr/entry-server.js');

let t: TestApp;
let site: Server;
let base: string;
beforeAll(async () => {
  for (const file of [MANIFEST, RENDERER])
    if (!existsSync(file)) throw new Error(`${file} is missing: build the web client first (npm run build -w web)`);
  t = await makeTestApp();
  const app = createApp(t.deps);
  app.use(webClient(t.config, { api: app.callback() }));
  expect(await loadRenderer()).not.toBeNull();
  site = createServer(app.callback());
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  await t?.close();
});

/** Files of the current build: the manifest's (older hashed files stay in dist on purpose). */
function builtFiles(): string[] {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, { file: string; css?: string[] }>;
  return [...new Set(Object.values(manifest).flatMap((entry) => [entry.file, ...(entry.css ?? [])]))];
}

/** A raw HTTP answer: node:http never decodes, so the bytes are what went over the wire. */
interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function rawGet(pathname: string, acceptEncoding: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${pathname}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

/** Script and stylesheet addresses the HTML shell names. */
function assetPaths(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
}

/** A page's HTML as a visitor's plain GET gets it. */
async function page(pathname: string): Promise<RawAnswer & { html: string }> {
  const answer = await rawGet(pathname, 'identity');
  return { ...answer, html: answer.body.toString('utf8') };
}

describe('compression', () => {
  it('every built script and stylesheet has brotli and gzip twins that decode to the same bytes', () => {
    const files = builtFiles();
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const original = readFileSync(path.join(DIST_DIR, file));
      expect(brotliDecompressSync(readFileSync(path.join(DIST_DIR, `${file}.br`))).equals(original), `${file}.br`).toBe(
        true,
      );
      expect(gunzipSync(readFileSync(path.join(DIST_DIR, `${file}.gz`))).equals(original), `${file}.gz`).toBe(true);
    }
  });

  it('assets are chosen by Accept-Encoding, decode to the plain bytes and stay immutable', async () => {
    const shell = decode(await rawGet('/', 'identity')).toString('utf8');
    const paths = assetPaths(shell);
    expect(paths.length).toBeGreaterThan(0);
    for (const asset of paths) {
      const plain = await rawGet(asset, 'identity');
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await rawGet(asset, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.body.length).toBeLessThan(plain.body.length);
      const gz = await rawGet(asset, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      for (const answer of [br, gz]) {
        expect(decode(answer).equals(plain.body)).toBe(true);
        expect(String(answer.headers['cache-control'])).toContain('immutable');
        expect(String(answer.headers.vary)).toContain('Accept-Encoding');
      }
    }
  });

  it('API JSON above the threshold is compressed; the HTML too', async () => {
    // A document that never changes: a live list could change between the two reads.
    const plain = await rawGet('/api/openapi.json', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await rawGet('/api/openapi.json', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(br).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    const html = await rawGet('/', 'gzip');
    expect(html.headers['content-encoding']).toBe('gzip');
    expect(decode(html).toString('utf8')).toContain('<div id="root">');
  });
});

describe('server-rendered pages', () => {
  it('unknown projects and pages answer 404 with a noindex head', async () => {
    for (const pathname of ['/projects/987654321', '/no/such/page']) {
      const res = await page(pathname);
      expect(res.status).toBe(404);
      expect(res.html).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('every route the client knows answers 200 with its own title; unknown ones 404', async () => {
    const owner = await t.member({ role: 'developer' });
    const project = await buildProject(t.deps.sql, { userId: owner.user.id });
    // A test request of its own, so the title is known.
    const opened = await owner.agent.post('/api/test-requests').send({
      projectId: project.id,
      title: `Try it ${project.title}`,
      description: 'Open it on a phone and say what breaks.',
      skillsNeeded: [],
      maxTesters: 2,
    });
    expect(opened.status, opened.text).toBe(201);
    const testRequest = opened.body as { id: number; title: string };
    const titles: Record<string, string> = {
      '/': 'Showcase Your Projects',
      '/about': 'About',
      '/contact': 'Contact',
      '/terms': 'Terms of Service',
      '/privacy': 'Privacy Policy',
      '/auth': 'Log in',
      '/confirm-email': 'Confirm your email',
      '/test-requests': 'Test Requests',
      [`/users/${owner.user.username}`]: owner.user.username,
    };
    titles[`/test-requests/${testRequest.id}`] = testRequest.title;
    for (const [pathname, title] of Object.entries(titles)) {
      const res = await page(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.html, pathname).toContain(`<title>${title.replace(/&/g, '&amp;')} | Vitrine</title>`);
    }
    // Member-only pages: the member's page; a visitor is sent to sign-in at once, with the way back.
    const member = request.agent(site);
    const login = await member
      .post('/api/auth/login')
      .set('Origin', new URL(t.config.siteUrl).origin)
      .send({ username: owner.user.username, password: TEST_PASSWORD });
    expect(login.status, login.text).toBe(200);
    const memberOnly = { '/messages': 'Messages', '/admin': 'Admin Dashboard', '/settings': 'Settings' };
    for (const [pathname, title] of Object.entries(memberOnly)) {
      const res = await member.get(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.text, pathname).toContain(`<title>${title} | Vitrine</title>`);
      const visitor = await page(`${pathname}?from=mail`);
      expect(visitor.status, pathname).toBe(302);
      expect(visitor.headers.location, pathname).toBe(`/auth?next=${encodeURIComponent(`${pathname}?from=mail`)}`);
    }
    expect((await page(`/projects/${project.id}`)).status).toBe(200);
    for (const pathname of ['/test-requests/987654321', '/test-requests/05', '/settings/nope']) {
      expect((await page(pathname)).status, pathname).toBe(404);
    }
  });
});
