/**
 * `npx tsx scripts/screenshots.ts <baseUrl> <outDir> [path ...]`: full-page screenshots of pages at a
 * desktop and a phone width in Debian's Chromium, for looking at the site the way users see it.
 * LOGIN=username:password signs in first; DARK=1 uses the dark colour scheme. Only `baseUrl` is reached:
 * other host names do not resolve and requests to other origins are aborted (listed on stderr).
 */
import { chromium } from '@playwright/test';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { blockOffSite, LOOPBACK_ONLY_RESOLVER } from './lib/off-site';

const [base = 'http://localhost:3000', out = '.data/screenshots', ...paths] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    LOOPBACK_ONLY_RESOLVER,
  ],
});
const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 360, height: 780 } },
];
for (const { name, viewport } of widths) {
  const context = await browser.newContext({ viewport, colorScheme: process.env.DARK ? 'dark' : 'light' });
  await blockOffSite(context, new URL(base).origin, (url) => console.error(`blocked off-site request: ${url}`));
  const page = await context.newPage();
  if (process.env.LOGIN) {
    const [username, password] = process.env.LOGIN.split(':');
    const res = await page.request.post(new URL('/api/auth/login', base).toString(), {
      headers: { Origin: new URL(base).origin },
      data: { username, password },
    });
    if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  }
  for (const p of paths.length ? paths : ['/']) {
    await page.goto(new URL(p, base).toString(), { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const file = path.join(out, `${name}${p.replace(/[^a-z0-9]+/gi, '_')}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
