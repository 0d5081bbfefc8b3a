/**
 * `npx tsx scripts/layout-shift.ts <baseUrl> [path ...]`: the cumulative layout shift of each page while
 * it loads, for a visitor and for a member (LOGIN=username:password, default the demo's ada_dev), at a
 * desktop and a phone width, in Debian's Chromium with the CPU slowed 6x (THROTTLE=n to change it), as
 * a mid-range phone loads the site. Prints one table; docs/performance.md keeps the figures. Only
 * `baseUrl` is reached: other host names do not resolve and requests to other origins are aborted.
 *
 * The shift is summed from the `layout-shift` entries without recent input, from the first byte until
 * the page has been quiet (no request) for half a second and a further second has passed; the site's
 * pushes are cut off, so news arriving from other users never counts as the page loading.
 */
import { chromium, type BrowserContext } from '@playwright/test';
import { blockOffSite, LOOPBACK_ONLY_RESOLVER } from './lib/off-site';

const [base = 'http://localhost:3000', ...given] = process.argv.slice(2);
const paths = given.length
  ? given
  : ['/', '/?tab=trending', '/leaderboard', '/test-requests', '/projects/1', '/users/ada_dev', '/about'];
const memberPaths = ['/notifications', '/messages', '/settings'];
const [username, password] = (process.env.LOGIN ?? 'ada_dev:demo-gallery-visitor').split(':');
const throttle = Number(process.env.THROTTLE ?? 6);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync', LOOPBACK_ONLY_RESOLVER],
});

/** The layout shift of `path` loaded in a fresh page of `context`. */
async function shiftOf(context: BrowserContext, path: string): Promise<number> {
  const page = await context.newPage();
  await page.routeWebSocket(/\/socket\.io\//, () => {});
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.addInitScript(() => {
    const w = window as unknown as { shift: number };
    w.shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) w.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(new URL(path, base).toString(), { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const shift = await page.evaluate(() => (window as unknown as { shift: number }).shift);
  await page.close();
  return shift;
}

const rows: Array<Record<string, string>> = [];
for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 780 },
]) {
  for (const who of ['visitor', 'member'] as const) {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    await blockOffSite(context, new URL(base).origin, (url) => console.error(`blocked off-site request: ${url}`));
    if (who === 'member') {
      const res = await context.request.post(new URL('/api/auth/login', base).toString(), {
        headers: { Origin: new URL(base).origin },
        data: { username, password },
      });
      if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
    }
    for (const path of who === 'member' ? [...paths, ...memberPaths] : paths) {
      rows.push({ width: viewport.name, who, path, 'layout shift': (await shiftOf(context, path)).toFixed(3) });
    }
    await context.close();
  }
}
await browser.close();
console.table(rows);
const worst = Math.max(...rows.map((r) => Number(r['layout shift'])));
console.log(`worst: ${worst.toFixed(3)} (target <= 0.02), CPU slowed ${throttle}x`);
