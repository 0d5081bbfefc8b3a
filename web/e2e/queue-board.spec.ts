import { test, expect, awaitingHydration, signIn, E2E_ADMIN } from './fixtures';

/**
 * The queue board (Bull Board at /admin/queues) in a browser: an admin sees the queues, and the
 * site's Content-Security-Policy lets its page run with nothing blocked; a visitor is refused.
 */
test.describe('the queue board', () => {
  test('an admin sees the queues with no Content-Security-Policy violation; a visitor is refused', async ({
    browser,
    request,
  }) => {
    expect((await request.get('/admin/queues')).status()).toBe(401);

    const context = await browser.newContext();
    await signIn(awaitingHydration(await context.newPage()), E2E_ADMIN);
    // The board is not the site's React page: a plain page, not one that waits for hydration.
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const answer = await page.goto('/admin/queues');
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    // The board lists each queue of the worker by name once its scripts have run.
    for (const queue of ['events', 'tasks', 'emails'])
      await expect(page.getByText(queue, { exact: true }).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });
});
