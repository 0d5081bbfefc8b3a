/**
 * `npm run lighthouse`: Lighthouse 12 (mobile, its default simulated throttling) against a fresh
 * server on a throwaway database with the demo data, for the home page and a project page. Prints
 * performance, accessibility, best practices, SEO, LCP, TBT and CLS. Chromium: CHROME_PATH or
 * /usr/bin/chromium. Run `npm run build` first. With LIGHTHOUSE_JSON_DIR set (e.g. /tmp/lh), each
 * page's full report (lhr) is also written there as <page>.json, to read the diagnostics. The
 * projects on the home page's first screen and the project audited get a cover first, uploaded by
 * their owners through the API, so the pages are measured with their pictures.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { createTestDatabase } from '../db/src/testing';
import { createSql } from '../db/src/sql';
import { DEMO_PASSWORD, seedDemo } from '../db/src/seed/demo';
import { createMediaStore } from '../api/src/media/storage';
import { demoPictureStorer } from '../api/src/media/demo-pictures';
import { loadConfig } from '../runtime/src/config';
import { startApi } from '../api/src/server';
import { deleteRedisPrefix } from './lib/redis-cleanup';
import { LOOPBACK_ONLY_RESOLVER } from './lib/off-site';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3254);
/** Chrome's flags: host names other than localhost do not resolve, so the audit reaches nothing off the machine. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  LOOPBACK_ONLY_RESOLVER,
];

const db = await createTestDatabase('vitrine_lighthouse');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `vitrine-lh:${randomBytes(4).toString('hex')}:`;
// The site's address is the one audited, so canonical and og:url links point at the pages themselves.
const config = loadConfig({
  ...process.env,
  DATABASE_URL: db.url,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: redisPrefix,
  PORT: String(PORT),
  SITE_URL: `http://localhost:${PORT}`,
  MEDIA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-lh-media-')),
});
const seedSql = createSql(db.url, { max: 2 });
await seedDemo(seedSql, { storePicture: demoPictureStorer(createMediaStore(config.media)) });
await seedSql.end();
const api = await startApi(config);

/** A screenshot-like picture: a gradient with a few panels, as a PNG of 1280 x 720. */
async function screenshot(hue: number): Promise<Blob> {
  const panels = [0, 1, 2].map((i) => ({
    input: {
      create: { width: 360, height: 420, channels: 3 as const, background: `hsl(${hue}, 30%, ${88 - i * 6}%)` },
    },
    left: 40 + i * 410,
    top: 240,
  }));
  const png = await sharp({
    create: { width: 1280, height: 720, channels: 3, background: `hsl(${hue}, 55%, 45%)` },
  })
    .composite(panels)
    .png()
    .toBuffer();
  return new Blob([png], { type: 'image/png' });
}

/** Uploads a cover to each project as its owner (signed in with the demo password). */
async function addCovers(siteUrl: string, projects: Array<{ id: number; author: { username: string } | null }>) {
  for (const [i, project] of projects.entries()) {
    if (!project.author) continue;
    const login = await fetch(`${siteUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: siteUrl },
      body: JSON.stringify({ username: project.author.username, password: DEMO_PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const form = new FormData();
    form.append('alt', 'The main screen');
    form.append('file', await screenshot((i * 47) % 360), 'screen.png');
    const upload = await fetch(`${siteUrl}/api/projects/${project.id}/media`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: siteUrl },
      body: form,
    });
    if (upload.status !== 201)
      throw new Error(`cover of project ${project.id}: ${upload.status} ${await upload.text()}`);
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
try {
  type Listed = { id: number; author: { username: string } | null };
  const [project] = (await (await fetch(`${api.url}/api/projects?offset=0&limit=1&sort=votes`)).json()) as Listed[];
  const firstScreen = (await (await fetch(`${api.url}/api/projects?offset=0&limit=6`)).json()) as Listed[];
  await addCovers(config.siteUrl, [project!, ...firstScreen.filter((p) => p.id !== project!.id)]);
  const pages = [
    ['home', '/'],
    ['project', `/projects/${project!.id}`],
  ] as const;
  // A server that has just started answers its first pages slower (JIT, first queries and pool
  // connections): warm it up the way any running server is, so the document's latency measured is
  // that of a server in service, not of its boot.
  for (let round = 0; round < 3; round++) for (const [, path] of pages) await (await fetch(`${api.url}${path}`)).text();
  for (const [name, path] of pages) {
    const result = await lighthouse(`${api.url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { categories, audits } = result.lhr;
    if (process.env.LIGHTHOUSE_JSON_DIR)
      writeFileSync(`${process.env.LIGHTHOUSE_JSON_DIR}/${name}.json`, JSON.stringify(result.lhr));
    // A failed trace (NO_NAVSTART and the like, seen on a loaded machine) scores 0: say why; rerun.
    if (result.lhr.runtimeError)
      console.log(`${name.padEnd(8)} Lighthouse error: ${result.lhr.runtimeError.code}, rerun`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    console.log(
      `${name.padEnd(8)} performance ${score('performance')}  accessibility ${score('accessibility')}  best practices ${score('best-practices')}  SEO ${score('seo')}  ` +
        `LCP ${audits['largest-contentful-paint']?.displayValue}  TBT ${audits['total-blocking-time']?.displayValue}  CLS ${audits['cumulative-layout-shift']?.displayValue}`,
    );
  }
} finally {
  chrome.kill();
  await api.close();
  await db.drop();
  await deleteRedisPrefix(redisUrl, redisPrefix);
  rmSync(config.media.dir, { recursive: true, force: true });
}
