import type { Browser, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolationsLightAndDark, openAs, registerMember } from './fixtures';
import { createProject } from './public-helpers';
import { E2E_BASE_URL } from '../../scripts/e2e/constants';

/**
 * Devlogs: the owner posts an update from the project page naming a tester's feedback as addressed;
 * the update shows on the page and in the project's Atom feed; the tester sees "Addressed" on their
 * feedback, with a link to the update. The Updates section is axe-clean light and dark, and fits 360 px.
 */

const WIDE = { width: 1280, height: 900 };

/** Opens a test request on the project as the owner's page, and the tester's feedback on it; answers the request id. */
async function feedbackOn(owner: Page, tester: Page, projectId: number): Promise<number> {
  const headers = { Origin: E2E_BASE_URL };
  const deadline = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const opened = await owner.request.post('/api/test-requests', {
    headers,
    data: {
      projectId,
      title: 'Try the charts',
      description: 'Open the charts on a phone and tell me what breaks.',
      skillsNeeded: ['Mobile'],
      deadline,
      maxTesters: 3,
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const requestId = ((await opened.json()) as { id: number }).id;
  const joined = await tester.request.post(`/api/test-requests/${requestId}/testers`, { headers });
  expect(joined.status(), await joined.text()).toBe(201);
  const saved = await tester.request.put(`/api/test-requests/${requestId}/feedback`, {
    headers,
    data: { worked: '', problems: 'The chart overflows on a phone.', suggestions: '', score: 6 },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return requestId;
}

/** A maker's page with a new project of theirs, and a tester's page: two members, each signed in at desktop width. */
async function ownerAndTester(browser: Browser) {
  const request = (await browser.newContext()).request;
  const maker = await registerMember(request);
  const testerMember = await registerMember(request);
  const owner = await openAs(browser, maker, { viewport: WIDE });
  const tester = await openAs(browser, testerMember, { viewport: WIDE });
  return { testerMember, owner, tester, project: await createProject(owner) };
}

const updates = (page: Page) => page.getByRole('region', { name: /^Updates/ });

test.describe('devlogs', () => {
  test('the owner posts an update addressing a tester’s feedback, which the tester sees addressed and the feed carries; the Updates section is axe-clean in light and dark, wide and at 360 px', async ({
    browser,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(540_000);
    await test.step('the owner posts an update addressing a tester’s feedback; the tester sees it addressed; the feed carries it', async () => {
      const { testerMember, owner, tester, project } = await ownerAndTester(browser);
      const requestId = await feedbackOn(owner, tester, project.id);

      await owner.goto(`/projects/${project.id}`);
      await expect(updates(owner).getByRole('heading', { name: 'Updates (0)' })).toBeVisible();
      await updates(owner).getByRole('textbox', { name: 'Update title' }).fill('Charts fit phones');
      await updates(owner).getByRole('textbox', { name: 'What changed' }).fill('The chart now *wraps* at 360 px.');
      // By keyboard: the picker's checkboxes are real inputs.
      const pick = updates(owner).getByRole('checkbox', { name: new RegExp(testerMember.username) });
      await pick.focus();
      await owner.keyboard.press('Space');
      await expect(pick).toBeChecked();
      await updates(owner).getByRole('button', { name: 'Post update' }).click();
      const posted = updates(owner).getByRole('article', { name: 'Charts fit phones' });
      await expect(posted.locator('em', { hasText: 'wraps' })).toBeVisible();
      await expect(posted.getByText(`Addresses feedback from ${testerMember.username}`)).toBeVisible();
      await expect(updates(owner).getByRole('heading', { name: 'Updates (1)' })).toBeVisible();

      await tester.goto(`/test-requests/${requestId}`);
      await expect(tester.getByText('Addressed', { exact: true })).toBeVisible();
      await tester.getByRole('link', { name: 'Charts fit phones' }).click();
      await expect(tester).toHaveURL(new RegExp(`/projects/${project.id}#update-\\d+$`));
      await expect(updates(tester).getByRole('article', { name: 'Charts fit phones' })).toBeVisible();
      // The tester is not the owner: no form, no Edit.
      await expect(updates(tester).getByRole('button', { name: 'Post update' })).toHaveCount(0);

      const feed = await tester.request.get(`/feeds/projects/${project.id}.atom`);
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toContain('application/atom+xml');
      expect(await feed.text()).toContain('Charts fit phones');
      // The server's page names the feed in its head, and carries the update for readers without JavaScript.
      const html = await (await tester.request.get(`/projects/${project.id}`)).text();
      expect(html).toContain(`<link rel="alternate" type="application/atom+xml"`);
      expect(html).toContain(`href="/feeds/projects/${project.id}.atom"`);
      expect(html).toContain('Charts fit phones');

      // Latest's "Recently updated" sort asks the server for that order and lives in the address; the
      // project just updated is among the first (other tests create and update projects meanwhile).
      await tester.goto('/');
      const sorted = tester.waitForRequest((r) => /\/api\/projects\?.*sort=updated/.test(r.url()));
      await tester.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Recently updated' });
      await sorted;
      await expect(tester).toHaveURL(/[?&]sort=updated/);
      const first = (await (await tester.request.get('/api/projects?sort=updated&limit=50')).json()) as Array<{
        id: number;
      }>;
      expect(first.map((p) => p.id)).toContain(project.id);
    });
    await test.step('the Updates section is axe-clean in light and dark, wide and at 360 px', async () => {
      const { testerMember, owner, tester, project } = await ownerAndTester(browser);
      await feedbackOn(owner, tester, project.id);
      const res = await owner.request.post(`/api/projects/${project.id}/updates`, {
        headers: { Origin: E2E_BASE_URL },
        data: { title: 'A first update', body: '- one\n- two\n\n> quoted, see https://docs.example/' },
      });
      expect(res.status(), await res.text()).toBe(201);
      await owner.goto(`/projects/${project.id}`);
      await expect(updates(owner).getByRole('article', { name: 'A first update' })).toBeVisible();
      await expect(updates(owner).getByRole('checkbox', { name: new RegExp(testerMember.username) })).toBeVisible();
      await expectNoSeriousA11yViolationsLightAndDark(owner, 'section[aria-labelledby="updates-heading"]');
      await owner.setViewportSize({ width: 360, height: 800 });
      await updates(owner).getByRole('button', { name: 'Edit "A first update"' }).click();
      await expect(updates(owner).getByRole('button', { name: 'Save update' })).toBeVisible();
      await expectNoSeriousA11yViolationsLightAndDark(owner, 'section[aria-labelledby="updates-heading"]');
      const width = await owner.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    });
  });
});
