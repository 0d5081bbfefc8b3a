import { E2E_BASE_URL } from '../../scripts/e2e/constants';
import { awaitingHydration, expect, test } from './fixtures';

/**
 * The off-site guard of every spec (fixtures.ts): a page of the site cannot reach any other address,
 * by fetch, image, WebSocket or navigation, in the default context or one a test makes; the preview
 * frame of a project hosted at a reserved `*.example` name is blocked as expected.
 */
test.describe('nothing leaves the machine', () => {
  // The site's Content-Security-Policy would refuse these requests first; without it, the guard is what stops them.
  // Addresses are TEST-NET ones (RFC 5737), unroutable should the guard ever fail.
  test('off-site fetches, images and WebSockets are aborted and recorded, the site itself loads; a context made during the test is guarded too, and a project preview frame is the one expected block', async ({
    browser,
    offSite,
  }) => {
    await test.step('fetches, images and WebSockets', async () => {
      const page = awaitingHydration(await (await browser.newContext({ bypassCSP: true })).newPage());
      offSite.expectBlocked(/^(https?|wss?):\/\/(off-site\.example\.com|198\.51\.100\.7|192\.0\.2\.1)\//);
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
        return {
          byName: await attempt('https://off-site.example.com/tracker.js'),
          byAddress: await attempt('http://198.51.100.7/'),
          image,
          socket,
          site,
        };
      });
      expect(outcome).toEqual({
        byName: 'blocked',
        byAddress: 'blocked',
        image: 'blocked',
        socket: 'blocked',
        site: 200,
      });
      expect(offSite.blocked).toEqual(
        expect.arrayContaining([
          'https://off-site.example.com/tracker.js',
          'http://198.51.100.7/',
          'http://192.0.2.1/pixel.png',
          'wss://off-site.example.com/socket',
        ]),
      );
    });

    await test.step('a context made during the test, and a project preview frame', async () => {
      const page = awaitingHydration(await (await browser.newContext()).newPage());
      const [project] = (await (
        await page.request.get(`${E2E_BASE_URL}/api/projects?offset=0&limit=1&sort=votes`)
      ).json()) as Array<{ id: number; replitUrl: string }>;
      expect(project, 'the seeded projects include one to open').toBeDefined();
      expect(new URL(project!.replitUrl).hostname).toMatch(/\.example$/);
      await page.goto(`/projects/${project!.id}`);
      await expect.poll(() => offSite.blocked.some((url) => url.startsWith(project!.replitUrl))).toBe(true);
      offSite.expectBlocked(/^https:\/\/off-site\.example\.com\//);
      expect(
        await page.evaluate(() =>
          fetch('https://off-site.example.com/x').then(
            () => 'reached',
            () => 'blocked',
          ),
        ),
      ).toBe('blocked');
    });
  });

  test('a request off the site that the test did not expect fails the test', async ({ browser }) => {
    // The guard's check runs when the test ends: this test must fail there, and does.
    test.fail();
    const page = awaitingHydration(await (await browser.newContext({ bypassCSP: true })).newPage());
    await page.goto('/about');
    expect(
      await page.evaluate(() =>
        fetch('http://192.0.2.1/unexpected').then(
          () => 'reached',
          () => 'blocked',
        ),
      ),
    ).toBe('blocked');
  });
});
