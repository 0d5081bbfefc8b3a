import type { Page } from '@playwright/test';
import {
  test,
  expect,
  awaitingHydration,
  expectNoSeriousA11yViolationsLightAndDark,
  registerMember,
  signIn,
  E2E_ADMIN,
  openAs,
  liveSocketReady,
} from './fixtures';
import { createProject, expectToast } from './public-helpers';
import { E2E_BASE_URL } from '../../scripts/e2e/constants';

/**
 * Comments on a project's page: two browsers, one writes, the other sees the comment and the reply
 * appear without a reload (Socket.IO), keeping what it was typing; the server render shows the
 * comments without JavaScript; a mention links to the member named, who is told; a card's comment
 * count goes up live; an admin reads a reported comment
 * in its thread and hides it; the section is axe-clean light and dark, wide and at 360 px.
 */

/** Posts a comment through the API as the page's member; answers its id. */
async function postComment(page: Page, projectId: number, body: string, parentId?: number): Promise<number> {
  const res = await page.request.post(`/api/projects/${projectId}/comments`, {
    headers: { Origin: E2E_BASE_URL },
    data: parentId === undefined ? { body } : { body, parentId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const section = (page: Page) => page.getByRole('region', { name: /^Comments/ });

test.describe('comments', () => {
  test("a comment and a reply appear live in another browser, which keeps its draft; a mention links to the member named, who is told; a card's comment count and the project page's go up live", async ({
    browser,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(810_000);
    await test.step('a comment and a reply appear live in another browser, which keeps its draft', async () => {
      const request = (await browser.newContext()).request;
      const maker = await registerMember(request);
      const makerPage = await openAs(browser, maker);
      const project = await createProject(makerPage);
      const writer = await openAs(browser, await registerMember(request));
      await writer.goto(`/projects/${project.id}`);
      await makerPage.goto(`/projects/${project.id}`);
      await expect(section(makerPage).getByText('No comments yet.')).toBeVisible();

      // The maker starts typing; the writer's comment arrives meanwhile.
      const makerBox = section(makerPage).getByRole('textbox', { name: 'Add a comment' });
      await makerBox.fill('A draft in progress');
      const writerBox = section(writer).getByRole('textbox', { name: 'Add a comment' });
      await writerBox.fill('Lovely *project*, well done');
      await section(writer).getByRole('button', { name: 'Post comment' }).click();
      await expect(section(writer).getByText('Lovely project, well done')).toBeVisible();
      await expect(section(makerPage).getByText('Lovely project, well done')).toBeVisible();
      await expect(section(makerPage).getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
      await expect(makerBox).toHaveValue('A draft in progress');

      // The maker replies; the reply carries the Maker badge in the writer's browser.
      await section(makerPage).getByRole('button', { name: 'Reply' }).click();
      await section(makerPage)
        .getByRole('textbox', { name: /^Reply to/ })
        .fill('Thank you!');
      await section(makerPage).getByRole('button', { name: 'Post reply' }).click();
      const reply = section(writer).getByRole('article', { name: `Comment by ${maker.username}` });
      await expect(reply.getByText('Thank you!')).toBeVisible();
      await expect(reply.getByText('Maker', { exact: true })).toBeVisible();
      await expect(section(writer).getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
      await expect(makerBox).toHaveValue('A draft in progress');
    });
    await test.step('a mention links to the member named, who is told and led back to the comment', async () => {
      const request = (await browser.newContext()).request;
      const maker = await registerMember(request);
      const friend = await registerMember(request);
      const makerPage = await openAs(browser, maker);
      const project = await createProject(makerPage);
      await makerPage.goto(`/projects/${project.id}`);
      await section(makerPage)
        .getByRole('textbox', { name: 'Add a comment' })
        .fill(`Have a look, @${friend.username}: the new level is up.`);
      await section(makerPage).getByRole('button', { name: 'Post comment' }).click();
      const mention = section(makerPage).getByRole('link', { name: `@${friend.username}` });
      await expect(mention).toHaveAttribute('href', `/users/${friend.username}`);

      // The member named finds it in the notification centre, which leads to the project's page.
      const friendPage = await openAs(browser, friend);
      await friendPage.goto('/notifications');
      const told = friendPage
        .getByRole('main')
        .getByRole('link', { name: new RegExp(`${maker.username} mentioned you on`) });
      await expect(told).toBeVisible({ timeout: 60_000 });
      await told.click();
      await expect(friendPage).toHaveURL(new RegExp(`/projects/${project.id}`));
      await expect(section(friendPage).getByText('the new level is up.')).toBeVisible();
    });
    await test.step("a card's comment count and the project page's go up live as comments arrive", async () => {
      const request = (await browser.newContext()).request;
      const maker = await registerMember(request);
      const makerPage = await openAs(browser, maker);
      const project = await createProject(makerPage);
      const watcher = await openAs(browser);
      const watching = liveSocketReady(watcher, project.id);
      await watcher.goto(`/?q=${encodeURIComponent(project.title)}`);
      await watching;
      const card = watcher
        .getByRole('region', { name: 'Latest Submissions' })
        .getByRole('article')
        .filter({ has: watcher.getByRole('link', { name: project.title }) });
      const count = card.getByTestId('card-comments');
      await expect(count).toHaveText('0 comments');
      const writer = await openAs(browser, await registerMember(request));
      const first = await postComment(writer, project.id, 'Counted on the card');
      await expect(count).toHaveText('1 comment');
      await postComment(makerPage, project.id, 'And a reply', first);
      await expect(count).toHaveText('2 comments');

      const watchingPage = liveSocketReady(watcher, project.id);
      await watcher.goto(`/projects/${project.id}`);
      await watchingPage;
      await expect(watcher.getByText('2 comments', { exact: true })).toBeVisible();
      await postComment(writer, project.id, 'Third');
      await expect(watcher.getByText('3 comments', { exact: true })).toBeVisible();
      await expect(section(watcher).getByRole('heading', { name: 'Comments (3)' })).toBeVisible();
    });
  });

  test('a report of a comment reaches the admins live and is handled; the server render shows the comments without JavaScript and in the JSON-LD; the section is axe-clean in light and dark, wide and at 360 px', async ({
    browser,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(810_000);
    await test.step('a report of a comment reaches the admins live with its thread; the admin hides the comment and reviews the report', async () => {
      const request = (await browser.newContext()).request;
      const makerPage = await openAs(browser, await registerMember(request));
      const project = await createProject(makerPage);
      const writer = await openAs(browser, await registerMember(request));
      const opening = await postComment(makerPage, project.id, 'Welcome, tell me what you think');
      const word = `Rude${Math.random().toString(36).slice(2, 8)}`;
      await postComment(writer, project.id, `${word} words here`, opening);
      const reader = await openAs(browser);
      await reader.goto(`/projects/${project.id}`);
      await expect(section(reader).getByText(`${word} words here`)).toBeVisible();

      const admin = await openAs(browser, E2E_ADMIN);
      await admin.goto('/admin');
      await admin.getByRole('tab', { name: /^Reports/ }).click();
      const queue = admin
        .getByRole('heading', { name: 'Comment Reports' })
        .locator('xpath=ancestor::*[@data-focus-region]');
      await expect(queue).toBeVisible();

      const reporter = await openAs(browser, await registerMember(request));
      const commentId = await (async () => {
        const res = await reporter.request.get(`/api/projects/${project.id}/comments`);
        const threads = (await res.json()) as Array<{ replies: Array<{ id: number }> }>;
        return threads[0]!.replies[0]!.id;
      })();
      const filed = await reporter.request.post(`/api/comments/${commentId}/report`, {
        headers: { Origin: E2E_BASE_URL },
        data: { reason: 'offensive', additionalDetails: 'Insults the maker' },
      });
      expect(filed.status(), await filed.text()).toBe(201);

      // Live: the card arrives without a reload, with the comment's text and its thread.
      const card = queue.getByRole('article').filter({ hasText: `${word} words here` });
      await expect(card).toBeVisible();
      await expect(card.getByText('Insults the maker')).toBeVisible();
      await card.getByText(/^Thread \(2 comments\)$/).click();
      await expect(card.getByText('Welcome, tell me what you think')).toBeVisible();
      // The Reports tab's panel: the header and the tab list are checked on other pages and in
      // web/src/pages/admin.dom.test.tsx.
      await expectNoSeriousA11yViolationsLightAndDark(admin, '[role="tabpanel"]');

      await card.getByRole('button', { name: 'Hide comment' }).click();
      await expectToast(admin, 'Comment hidden');
      await expect(card.getByRole('button', { name: 'Show comment' })).toBeVisible();
      await expect(section(reader).getByText('[removed by a moderator]')).toBeVisible();
      await expect(section(reader).getByText(`${word} words here`)).toBeHidden();

      await card.getByRole('button', { name: 'Review' }).click();
      await expectToast(admin, 'Report updated');
      await expect(queue.getByRole('article').filter({ hasText: `${word} words here` })).toHaveCount(0);
    });
    await test.step('the server render shows the comments to a reader without JavaScript, and in the JSON-LD', async () => {
      const request = (await browser.newContext()).request;
      const maker = await openAs(browser, await registerMember(request));
      const project = await createProject(maker);
      const reader = await openAs(browser, await registerMember(request));
      await postComment(reader, project.id, 'Readable without *scripts*');
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/projects/${project.id}`);
      await expect(page.getByText('Readable without scripts')).toBeVisible();
      await expect(page.locator('em', { hasText: 'scripts' })).toBeVisible();
      const jsonLd = await page.locator('script[type="application/ld+json"][data-json-ld="project"]').textContent();
      expect(JSON.parse(jsonLd!)).toMatchObject({
        commentCount: 1,
        comment: [{ '@type': 'Comment', text: 'Readable without *scripts*' }],
      });
      await context.close();
    });
    await test.step('the comment section is axe-clean in light and dark, wide and at 360 px', async () => {
      const request = (await browser.newContext()).request;
      const maker = await openAs(browser, await registerMember(request));
      const project = await createProject(maker);
      const thread = await postComment(maker, project.id, 'Made with `care`: see https://docs.example/');
      const reader = await registerMember(request);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = awaitingHydration(await context.newPage());
      await signIn(page, reader);
      await postComment(page, project.id, '> quoted\n\n- one\n- two', thread);
      await page.goto(`/projects/${project.id}`);
      await expect(section(page).getByText('quoted')).toBeVisible();
      await expect(section(page).getByText('Maker', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolationsLightAndDark(page, 'section[aria-labelledby="comments-heading"]');
      await page.setViewportSize({ width: 360, height: 800 });
      await section(page).getByRole('button', { name: 'Reply' }).first().click();
      await expect(section(page).getByRole('textbox', { name: /^Reply to/ })).toBeFocused();
      await expectNoSeriousA11yViolationsLightAndDark(page, 'section[aria-labelledby="comments-heading"]');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
      await context.close();
    });
  });
});
