import { E2E_BASE_URL } from '../../scripts/e2e/constants';
import { awaitingHydration, expect, test } from './fixtures';

/**
 * The off-site guard of every spec (fixtures.ts): a page of the site cannot reach any other address,
 * by fetch, image, WebSocket or navigation, in the default context or one a test makes; the preview
 * frame of a project hosted at a reserved `*.example` name is blocked as expected.
 */
test.describe('nothing leaves the machine', () => {
  test('off-site fetches, images and WebSockets are aborted and recorded; the site itself loads', async ({ page, offSite }) => {
    offSite.expectBlocked(/^(https?|wss?):\/\/(off-site\.example\.com|93\.184\.215\.14|192\.0\.2\.1)\//);
    await page.goto('/about');
    const outcome = await page.evaluate(async () => {
      const attempt = async (url: string) => {
        try {
          await fetch(url, { mode: 'no-cors' });
          return 'reached';
        } catch {
          return 'blocked';
        }
      };
      const image = await new Promise<string>((resolve) => {
        const img = new Image();
        img.onload = () => resolve('reached');
        img.onerror = () => resolve('blocked');
        img.src = 'http://192.0.2.1/pixel.png';
      });
      const socket = await new Promise<string>((resolve) => {
        const ws = new WebSocket('wss://off-site.example.com/socket');
        ws.onopen = () => resolve('reached');
        ws.onclose = () => resolve('blocked');
      });
      const site = (await fetch('/api/health')).status;
      return { byName: await attempt('https://off-site.example.com/tracker.js'), byAddress: await attempt('http://93.184.215.14/'), image, socket, site };
    });
    expect(outcome).toEqual({ byName: 'blocked', byAddress: 'blocked', image: 'blocked', socket: 'blocked', site: 200 });
    expect(offSite.blocked).toEqual(
      expect.arrayContaining(['https://off-site.example.com/tracker.js', 'http://93.184.215.14/', 'http://192.0.2.1/pixel.png', 'wss://off-site.example.com/socket']),
    );
  });

  test('a context made during the test is guarded too, and a project preview frame is the one expected block', async ({ browser, offSite }) => {
    const page = awaitingHydration(await (await browser.newContext()).newPage());
    const [project] = (await (await page.request.get(`${E2E_BASE_URL}/api/projects?offset=0&limit=1&sort=votes`)).json()) as Array<{ id: number; replitUrl: string }>;
    test.skip(!project, 'no project to open');
    expect(new URL(project!.replitUrl).hostname).toMatch(/\.example$/);
    await page.goto(`/projects/${project!.id}`);
    await expect.poll(() => offSite.blocked.some((url) => url.startsWith(project!.replitUrl))).toBe(true);
    offSite.expectBlocked(/^https:\/\/off-site\.example\.com\//);
    expect(await page.evaluate(() => fetch('https://off-site.example.com/x').then(() => 'reached', () => 'blocked'))).toBe('blocked');
  });
});
