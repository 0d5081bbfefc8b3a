import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { test, expect, registerMember, signIn, openAs } from './fixtures';
import { createProject, expectToast } from './public-helpers';
import { E2E_BASE_URL } from '../../scripts/e2e/constants';

/**
 * Where focus lands after an action that changes or removes what was focused: never the bare body
 * (docs/web-client.md "Focus and announcements").
 */

/** The focused element's tag and accessible label (text or aria-label), or 'BODY'. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return `${el.tagName}: ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}`;
  });
}

/** Waits until focus is on `expected` (the tag and label focused() gives). */
async function expectFocus(page: Page, expected: string | RegExp): Promise<void> {
  await expect
    .poll(() => focused(page))
    .toEqual(typeof expected === 'string' ? expected : expect.stringMatching(expected));
}

// After an admin's row actions (users, projects, test requests, reports), focus stays on the button or
// moves to the neighbouring row or the tab's heading: web/src/pages/admin-focus.dom.test.tsx.

test.describe('focus after sending', () => {
  test('after sending: Message User and Contact Admin on /messages focus the Inbox tab they switch to; test-request feedback keeps focus on its button, now Update Feedback', async ({
    page,
    request,
    browser,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(180_000);
    await test.step('Message User and Contact Admin on /messages: focus goes to the Inbox tab they switch to', async () => {
      const to = await registerMember(request);
      const me = await registerMember(request);
      await signIn(page, me);
      await page.goto('/messages');
      await page.getByRole('tab', { name: 'Message User' }).click();
      await page.getByLabel('Recipient').selectOption({ label: to.username });
      await page.getByRole('textbox', { name: 'Subject' }).fill('Focus check');
      await page.getByRole('textbox', { name: 'Message' }).fill('Where does focus go after this?');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expectToast(page, 'Message sent');
      await expect(page.getByRole('tab', { name: /^Inbox/ })).toBeFocused();

      await page.getByRole('tab', { name: 'Contact Admin' }).click();
      await page.getByRole('textbox', { name: 'Subject' }).fill('Focus check');
      await page.getByRole('textbox', { name: 'Message' }).fill('Where does focus go after this one?');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expectToast(page, 'Message sent');
      await expect(page.getByRole('tab', { name: /^Inbox/ })).toBeFocused();
    });
    await test.step('test-request feedback: focus stays on the form button, now Update Feedback', async () => {
      const { page: ownerPage, project } = await ownerWithProject(browser, request);
      const { id, testerPage: page } = await requestWithTester(browser, request, ownerPage, project.id);
      await page.goto(`/test-requests/${id}`);
      await page.getByLabel('What worked').fill('Sign-up took seconds.');
      await page.getByLabel('Problems found').fill('None that I saw.');
      await page.getByLabel('Suggestions').fill('A dark theme.');
      await page.getByLabel('Score').selectOption('8');
      await page.getByRole('button', { name: 'Send Feedback' }).click();
      await expect(page.getByRole('heading', { name: 'Your feedback' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Update Feedback' })).toBeFocused();
    });
  });
});

/** The focused element: its tag, id, accessible label and its own text (a comment's body, a field's value). */
function focusedElement(page: Page): Promise<{ tag: string; id: string; label: string; body: string }> {
  return page.evaluate(() => {
    const el = document.activeElement ?? document.body;
    return {
      tag: el.tagName,
      id: el.id,
      label: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
      // A comment's own text comes before its replies'.
      body: (el.querySelector('.comment-body')?.textContent ?? '').trim(),
    };
  });
}

/** A project of a new member, with that member's signed-in page. */
async function ownerWithProject(browser: Browser, request: APIRequestContext) {
  const owner = await registerMember(request);
  const page = await openAs(browser, owner);
  const project = await createProject(page);
  return { owner, page, project };
}

/** A request opened on `project` by its owner's `page`, joined by a new tester (with their signed-in page). */
async function requestWithTester(browser: Browser, request: APIRequestContext, page: Page, projectId: number) {
  const opened = await page.request.post('/api/test-requests', {
    headers: { Origin: E2E_BASE_URL },
    data: {
      projectId,
      title: `Focus ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Try the sign-up flow.',
      skillsNeeded: ['Web'],
      maxTesters: 3,
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const id = ((await opened.json()) as { id: number }).id;
  const tester = await registerMember(request);
  const testerPage = await openAs(browser, tester);
  const joined = await testerPage.request.post(`/api/test-requests/${id}/testers`, {
    headers: { Origin: E2E_BASE_URL },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  return { id, tester, testerPage };
}

/** A plain PNG of `width` x `height`, as a file for an input or a multipart field. */
async function pngFile(name: string, width = 320, height = 180) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Uploads two images to the project through the API: 'First' then 'Second'. */
async function twoImages(page: Page, projectId: number): Promise<number[]> {
  const ids: number[] = [];
  for (const alt of ['First', 'Second']) {
    const res = await page.request.post(`/api/projects/${projectId}/media`, {
      headers: { Origin: E2E_BASE_URL },
      multipart: { file: await pngFile(`${alt}.png`), alt },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

test.describe('focus on the result of an action', () => {
  test("the result of an action takes focus: a posted comment and reply, a posted update, an image's saved alt text or its delete, Check now's message", async ({
    browser,
    request,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(360_000);
    await test.step('a posted comment, then a posted reply, takes focus', async () => {
      const { project } = await ownerWithProject(browser, request);
      const member = await registerMember(request);
      const page = await openAs(browser, member);
      await page.goto(`/projects/${project.id}`);
      await page.getByRole('textbox', { name: 'Add a comment' }).fill('Where does focus go?');
      await page.getByRole('button', { name: 'Post comment' }).click();
      await expect
        .poll(() => focusedElement(page))
        .toMatchObject({
          tag: 'ARTICLE',
          label: `Comment by ${member.username}`,
          body: 'Where does focus go?',
        });

      const thread = page.getByRole('article', { name: `Comment by ${member.username}` }).first();
      await thread.getByRole('button', { name: 'Reply' }).click();
      await page.getByRole('textbox', { name: `Reply to ${member.username}` }).fill('To the reply, once posted.');
      await page.getByRole('button', { name: 'Post reply' }).click();
      await expect(page.getByRole('textbox', { name: `Reply to ${member.username}` })).toHaveCount(0);
      await expect
        .poll(() => focusedElement(page))
        .toMatchObject({ tag: 'ARTICLE', body: 'To the reply, once posted.' });
    });
    await test.step('Post update: the new update takes focus', async () => {
      const { page, project } = await ownerWithProject(browser, request);
      await page.goto(`/projects/${project.id}`);
      await page.getByRole('textbox', { name: 'Update title' }).fill('Faster sign-up');
      await page.getByRole('textbox', { name: 'What changed' }).fill('Sign-up is one step now.');
      await page.getByRole('button', { name: 'Post update' }).click();
      await expect
        .poll(() => focusedElement(page))
        .toMatchObject({ tag: 'ARTICLE', id: expect.stringMatching(/^update-\d+$/) });
      expect((await focusedElement(page)).label).toContain('Faster sign-up');
    });
    await test.step("saving an image's alt text keeps focus in its row; a delete asks first, then moves it to the next image, then the heading", async () => {
      const { page, project } = await ownerWithProject(browser, request);
      await twoImages(page, project.id);
      await page.goto(`/projects/${project.id}`);
      const field = page.getByRole('textbox', { name: 'Alt text of image 1' });
      await field.fill('The first screen');
      await field.press('Enter');
      await expect(page.getByRole('button', { name: 'Open image 1 of 2: The first screen' })).toBeVisible();
      await expect(field).toBeFocused();
      await field.fill('The very first screen');
      await page.getByRole('button', { name: 'Save' }).first().click();
      await expect(page.getByRole('button', { name: 'Open image 1 of 2: The very first screen' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save' }).first()).toBeFocused();

      // Delete asks first: Cancel keeps the image and hands focus back to its Delete.
      const confirm = page.getByRole('dialog', { name: 'Delete image 1?' });
      await page.getByRole('button', { name: 'Delete image 1' }).click();
      await expect(confirm).toContainText('This cannot be undone.');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('button', { name: 'Delete image 1' })).toBeFocused();
      await expect(page.getByRole('textbox', { name: 'Alt text of image 2' })).toHaveValue('Second');

      // The first image goes: the next one (now image 1) takes focus on its Delete.
      await page.getByRole('button', { name: 'Delete image 1' }).click();
      await confirm.getByRole('button', { name: 'Delete image' }).click();
      await expect(page.getByRole('textbox', { name: 'Alt text of image 2' })).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: 'Alt text of image 1' })).toHaveValue('Second');
      await expect(page.getByRole('button', { name: 'Delete image 1' })).toBeFocused();
      await page.getByRole('button', { name: 'Delete image 1' }).click();
      await confirm.getByRole('button', { name: 'Delete image' }).click();
      await expect(page.getByRole('textbox', { name: 'Alt text of image 1' })).toHaveCount(0);
      await expectFocus(page, 'H2: Manage images');
    });
    await test.step("Check now: focus goes to the Uptime panel's message", async () => {
      const { page, project } = await ownerWithProject(browser, request);
      await page.goto(`/projects/${project.id}`);
      await page.getByRole('button', { name: 'Check now' }).click();
      // Queued, or refused with the server's reason: either way the message takes focus.
      await expectFocus(page, /^P: Check (not )?queued /);
    });
  });

  // Mark helpful and Mark completed: web/src/pages/focus.dom.test.tsx.
  // Delete account with a wrong password: web/src/pages/focus.dom.test.tsx.
});
