import type { Page } from '@playwright/test';
import { test, expect, registerMember, E2E_ADMIN, type Member, openAs, liveSocketReady } from './fixtures';
import { createProject, openMenuIfPhone } from './public-helpers';
import { E2E_BASE_URL } from '../../scripts/e2e/constants';

/**
 * Live updates: two browsers, one acts, the other sees it without a reload. The pages
 * never reload after their first load, so every change seen comes through Socket.IO.
 */

/** The id of `member` as another signed-in page sees it in the recipient picker. */
async function userId(page: Page, member: Member): Promise<number> {
  const res = await page.request.get('/api/users');
  expect(res.status()).toBe(200);
  const users = (await res.json()) as { id: number; username: string }[];
  return users.find((u) => u.username === member.username)!.id;
}

test.describe('live updates', () => {
  test('a vote in one browser changes the count in another without a reload; a message changes the recipient’s unread badge live; a report appears in the admin’s Reports tab live', async ({
    browser,
  }) => {
    test.slow();
    const request = (await browser.newContext()).request;
    await test.step('a vote changes the count in another browser', async () => {
      const owner = await registerMember(request);
      const project = await createProject(await openAs(browser, owner));
      // Nobody votes for their own project: another member votes.
      const voterPage = await openAs(browser, await registerMember(request));
      const watcherPage = await openAs(browser);

      const watching = liveSocketReady(watcherPage, project.id);
      await watcherPage.goto(`/projects/${project.id}`);
      await watching;
      await voterPage.goto(`/projects/${project.id}`);
      const watcherButton = watcherPage.getByRole('button', {
        name: new RegExp(`^Vote, 0 votes, for ${project.title}`),
      });
      await expect(watcherButton).toBeVisible();

      await voterPage.getByRole('button', { name: new RegExp(`^Vote, \\d+ votes?, for ${project.title}`) }).click();
      await expect(
        voterPage.getByRole('button', { name: new RegExp(`^Voted, 1 vote, for ${project.title}`) }),
      ).toBeVisible();
      await expect(
        watcherPage.getByRole('button', { name: new RegExp(`^Vote, 1 vote, for ${project.title}`) }),
      ).toBeVisible();
    });

    await test.step('a message changes the recipient’s unread badge', async () => {
      const recipient = await registerMember(request);
      const sender = await registerMember(request);
      const recipientPage = await openAs(browser, recipient);
      const senderPage = await openAs(browser, sender);

      await recipientPage.goto('/');
      await openMenuIfPhone(recipientPage);
      const messagesLink = recipientPage.getByRole('link', { name: /^Messages/ }).first();
      await expect(messagesLink).toBeVisible();
      await expect(messagesLink).not.toHaveAccessibleName(/unread/);

      const res = await senderPage.request.post('/api/messages', {
        headers: { Origin: E2E_BASE_URL },
        data: {
          recipientUserId: await userId(senderPage, recipient),
          subject: 'Live hello',
          message: 'This should light up your badge.',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      await expect(messagesLink).toHaveAccessibleName(/1 unread/);
    });

    await test.step('a report appears in the admin’s Reports tab', async () => {
      const owner = await registerMember(request);
      const reporter = await registerMember(request);
      const ownerPage = await openAs(browser, owner);
      const project = await createProject(ownerPage, { title: `Reported ${Math.random().toString(36).slice(2, 8)}` });
      const adminPage = await openAs(browser, E2E_ADMIN);
      const reporterPage = await openAs(browser, reporter);

      // The toast comes from the push alone (the list would catch up after a late connection).
      const connected = liveSocketReady(adminPage);
      await adminPage.goto('/admin');
      await connected;
      await adminPage.getByRole('tab', { name: 'Reports' }).click();
      await expect(adminPage.getByRole('heading', { name: 'Content Reports' })).toBeVisible();
      await expect(adminPage.getByText(project.title)).toHaveCount(0);
      // Other journeys file reports too, and newer news replaces the toast on screen: record every
      // toast shown, so this report's toast is seen even when another report's follows it at once.
      const toasts = await recordToasts(adminPage);

      const res = await reporterPage.request.post(`/api/projects/${project.id}/report`, {
        headers: { Origin: E2E_BASE_URL },
        data: { reason: 'spam', additionalDetails: 'Reported by the live test.' },
      });
      expect(res.status(), await res.text()).toBeLessThan(300);
      await expect(
        adminPage.getByRole('main').getByText(project.title).filter({ visible: true }).first(),
      ).toBeVisible();
      await expect.poll(toasts).toContainEqual(`New report"${project.title}" was reported and is waiting for review.`);
    });
  });
});

/** Starts recording the text of every toast the page shows; the result reads what was recorded. */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { seenToasts: Set<string> }).seenToasts = seen;
    new MutationObserver(() => {
      for (const t of document.querySelectorAll('[data-scope="toast"][data-part="root"]')) {
        seen.add(
          (t.querySelector('[data-part="title"]')?.textContent ?? '') +
            (t.querySelector('[data-part="description"]')?.textContent ?? ''),
        );
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { seenToasts: Set<string> }).seenToasts]);
}
