import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { connect as connectClient } from 'socket.io-client';
import { buildProject, TEST_PASSWORD, uniqueName } from '@vitrine/db/testing';
import { createApp } from './app';
import { endpoints } from '@vitrine/domain/endpoints';
import { call, callLoosely, makeTestApp, randomIp, type TestApp } from './testing';
import { makeRealtimeTestApp, type RealtimeTestApp } from './realtime/testing';
import { webClient } from './web';

/**
 * The site's address is SITE_URL (docs/security.md "Site address"): writes, sign-up and socket
 * handshakes are compared with it (and ALLOWED_ORIGINS), and every absolute link of the public files
 * is built on it, never on Host, X-Forwarded-Host or X-Forwarded-Proto, even under TRUST_PROXY=1.
 */
const SITE = 'https://vitrine.example';
const EVIL = 'https://evil.example';
/** What a client says about the host it reached, to make the answer name another site. */
const FORGED = { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'javascript', Host: 'evil.example' };

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ trustProxy: true, siteUrl: SITE, allowedOrigins: ['https://admin.vitrine.example'] });
});
afterAll(async () => {
  await t.close();
});

describe('origin check', () => {
  it('refuses a write whose Origin matches only the forwarded host', async () => {
    const user = { username: uniqueName(), password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
    const forged = await call(request(t.server), endpoints.auth.register, { body: user })
      .set('Origin', EVIL)
      .set('X-Forwarded-Host', 'evil.example')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-For', randomIp());
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe('Cross-origin request refused');
    const referer = await callLoosely(request(t.server), endpoints.auth.login, { body: {} })
      .set('Referer', `${EVIL}/x`)
      .set('X-Forwarded-Host', 'evil.example')
      .set('X-Forwarded-Proto', 'https');
    expect(referer.status).toBe(403);
    // The request's own host is no longer trusted either: only SITE_URL and ALLOWED_ORIGINS.
    const own = await callLoosely(request(t.server), endpoints.auth.login, { body: {} }).set('Origin', t.origin);
    expect(own.status).toBe(403);
  });

  it("accepts SITE_URL's origin and ALLOWED_ORIGINS", async () => {
    const user = { username: uniqueName(), password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
    expect(
      (
        await call(request(t.server), endpoints.auth.register, { body: user })
          .set('Origin', SITE)
          .set('X-Forwarded-For', randomIp())
      ).status,
    ).toBe(201);
    const login = await call(request(t.server), endpoints.auth.login, {
      body: { username: user.username, password: TEST_PASSWORD },
    }).set('Origin', 'https://admin.vitrine.example');
    expect(login.status).toBe(200);
  });
});

describe('socket handshake', () => {
  let rt: RealtimeTestApp;
  beforeAll(async () => {
    rt = await makeRealtimeTestApp({ trustProxy: true });
  });
  afterAll(async () => {
    await rt.close();
  });

  /** Whether a handshake with these headers connects. */
  async function connects(headers: Record<string, string>): Promise<boolean> {
    const socket = connectClient(rt.origin, { transports: ['websocket'], reconnection: false, extraHeaders: headers });
    const ok = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      socket.once('connect_error', () => resolve(false));
    });
    socket.disconnect();
    return ok;
  }

  it('refuses an Origin that matches only X-Forwarded-Host, accepts SITE_URL', async () => {
    expect(await connects({ Origin: EVIL, 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' })).toBe(
      false,
    );
    expect(await connects({ Origin: rt.config.siteUrl })).toBe(true);
  });
});

describe('absolute links of the public files', () => {
  /** Every absolute http(s)-or-other-scheme address in `text`. */
  const addresses = (text: string) =>
    [...text.matchAll(/[a-z]+:\/\/[^\s"<>]+/gi)]
      .map((m) => m[0])
      .filter(
        (u) => !/^https?:\/\/(www\.w3\.org|validator\.w3\.org|www\.sitemaps\.org|purl\.org|github\.com)\//.test(u),
      );

  it('feeds, sitemaps and robots.txt name SITE_URL whatever the request says', async () => {
    const project = await buildProject(t.deps.sql);
    for (const file of [
      '/feed.xml',
      '/feeds/latest.rss',
      '/feeds/trending.atom',
      '/sitemap.xml',
      '/sitemaps/pages.xml',
      '/sitemaps/projects-1.xml',
      '/robots.txt',
    ]) {
      const res = await request(t.server).get(file).set(FORGED);
      expect(res.status, file).toBe(200);
      expect(res.text, file).not.toMatch(/evil|javascript:/);
      const found = addresses(res.text);
      expect(found.length, file).toBeGreaterThan(0);
      for (const address of found) expect(address.startsWith(`${SITE}/`), `${file}: ${address}`).toBe(true);
    }
    expect((await request(t.server).get('/sitemaps/projects-1.xml').set(FORGED)).text).toContain(
      `${SITE}/projects/${project.id}`,
    );
  });

  it('server-rendered pages get SITE_URL as their origin (canonical and og tags)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-ssr-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
    );
    const rendererPath = path.join(dir, 'entry-server.mjs');
    writeFileSync(
      rendererPath,
      `export async function render(req) {
        return { status: 200, head: '<link rel="canonical" href="' + req.origin + req.url + '">', modules: [], data: '{}', pipe: (d) => d.end('') };
      }`,
    );
    const app = createApp(t.deps);
    app.use(webClient(t.config, { dist: dir, api: app.callback(), rendererPath }));
    const page = await request(app.callback()).get('/projects/1').set(FORGED);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<link rel="canonical" href="${SITE}/projects/1">`);
    expect(page.text).not.toContain('evil');
  });

  it("hands the renderer the footer's social links from the configuration, none when unset", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-ssr-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><!--app-head--></head><body><!--app-html--><!--app-data--></body></html>',
    );
    const rendererPath = path.join(dir, 'entry-server.mjs');
    writeFileSync(
      rendererPath,
      `export async function render(req) {
        return { status: 200, head: '', modules: [], data: JSON.stringify(req.socialLinks), pipe: (d) => d.end('') };
      }`,
    );
    const links = { github: 'https://github.example/vitrine', bluesky: null };
    for (const [socialLinks, expected] of [
      [links, JSON.stringify(links)],
      [{ github: null, bluesky: null }, '{"github":null,"bluesky":null}'],
    ] as const) {
      const app = createApp(t.deps);
      app.use(webClient({ ...t.config, socialLinks }, { dist: dir, api: app.callback(), rendererPath }));
      const page = await request(app.callback()).get('/about');
      expect(page.text).toContain(`<script type="application/json" id="ssr-data">${expected}</script>`);
    }
  });
});
