import type { Browser, Locator, Page } from '@playwright/test';
import { test, expect, registerMember, signIn, uniqueUsername, E2E_ADMIN, type Member, openAs } from './fixtures';
import { createProject, expectToast, isPhone } from './public-helpers';
import { E2E_BASE_URL } from '../../scripts/e2e/constants';

/**
 * Where focus lands after an action that changes or removes what was focused: never the bare body
 * (docs/web-client.md "Focus and announcements").
 */

/** The admin on /admin with `tab` open, its list narrowed to `search`. */
async function adminTab(browser: Browser, tab: string, searchLabel: string, search: string): Promise<Page> {
  const page = await openAs(browser, E2E_ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  await page.getByRole('searchbox', { name: searchLabel }).fill(search);
  return page;
}

/** One row of a moderation table: a table row on desktop, a card on phones. */
function rowFor(page: Page, text: string): Locator {
  return (isPhone(page) ? page.getByRole('listitem') : page.getByRole('row')).filter({ hasText: text });
}

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

test.describe('focus after admin row actions', () => {
  test('users: Pause and Unpause keep focus on the button; a confirmed Delete moves it to the next row', async ({
    browser,
    request,
  }) => {
    const prefix = uniqueUsername('fx');
    const older = await registerMember(request, { username: `${prefix}_a` });
    const newer = await registerMember(request, { username: `${prefix}_b` });
    const page = await adminTab(browser, 'Users', 'Search users', prefix);
    await expect(rowFor(page, older.username)).toBeVisible();

    await rowFor(page, newer.username).getByRole('button', { name: 'Pause User' }).click();
    await expectToast(page, 'User pause status updated successfully');
    await expect(rowFor(page, newer.username).getByRole('button', { name: 'Unpause User' })).toBeFocused();
    await rowFor(page, newer.username).getByRole('button', { name: 'Unpause User' }).click();
    await expect(rowFor(page, newer.username).getByRole('button', { name: 'Pause User' })).toBeVisible();
    await expect(rowFor(page, newer.username).getByRole('button', { name: 'Pause User' })).toBeFocused();

    // Newest first: the newer member's row is above the older one's, which takes focus once it is gone.
    await rowFor(page, newer.username)
      .getByRole('button', { name: `Delete ${newer.username}` })
      .click();
    await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'User deleted successfully');
    await expect(rowFor(page, newer.username)).toHaveCount(0);
    await expectFocus(page, `BUTTON: Contact ${older.username}`);

    // The last row gone, focus goes to the tab's heading.
    await rowFor(page, older.username)
      .getByRole('button', { name: `Delete ${older.username}` })
      .click();
    await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No users found')).toBeVisible();
    await expectFocus(page, 'H2: Users Management');
  });

  test('projects: Hide and Unhide keep focus on the button; a confirmed Delete moves it to the next row', async ({
    browser,
    request,
  }) => {
    const owner: Member = await registerMember(request);
    const ownerPage = await openAs(browser, owner);
    const prefix = `Focus ${Math.random().toString(36).slice(2, 8)}`;
    const older = await createProject(ownerPage, { title: `${prefix} older` });
    const newer = await createProject(ownerPage, { title: `${prefix} newer` });
    const page = await adminTab(browser, 'Projects', 'Search projects', prefix);
    await expect(rowFor(page, older.title)).toBeVisible();

    await page.getByRole('button', { name: `Hide ${newer.title}` }).click();
    await expect(page.getByRole('button', { name: `Unhide ${newer.title}` })).toBeFocused();
    await page.getByRole('button', { name: `Unhide ${newer.title}` }).click();
    await expect(page.getByRole('button', { name: `Hide ${newer.title}` })).toBeFocused();

    await page.getByRole('button', { name: `Delete ${newer.title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(rowFor(page, newer.title)).toHaveCount(0);
    await expectFocus(page, `BUTTON: Hide ${older.title}`);
  });

  test('test requests: Hide keeps focus on the button; a confirmed Cancel leaves it in the row', async ({
    browser,
    request,
  }) => {
    const owner = await registerMember(request);
    const ownerPage = await openAs(browser, owner);
    const project = await createProject(ownerPage);
    const title = `Focus request ${Math.random().toString(36).slice(2, 8)}`;
    const opened = await ownerPage.request.post('/api/test-requests', {
      headers: { Origin: E2E_BASE_URL },
      data: {
        projectId: project.id,
        title,
        description: 'Try the sign-up flow.',
        skillsNeeded: ['Web'],
        maxTesters: 3,
      },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    const page = await adminTab(browser, 'Test Requests', 'Search test requests', title);

    await page.getByRole('button', { name: `Hide ${title}` }).click();
    await expect(page.getByRole('button', { name: `Unhide ${title}` })).toBeFocused();

    // Cancel is gone once the request is cancelled: focus stays in its row, on Unhide.
    await page.getByRole('button', { name: `Cancel ${title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel request' }).click();
    await expect(page.getByRole('button', { name: `Cancel ${title}` })).toHaveCount(0);
    await expectFocus(page, `BUTTON: Unhide ${title}`);
  });
});

test.describe('focus after report actions', () => {
  test('a reviewed report leaves the pending list and a deleted one the reviewed list: focus goes to a neighbour', async ({
    browser,
    request,
  }) => {
    const owner = await registerMember(request);
    const ownerPage = await openAs(browser, owner);
    const reporter = await openAs(browser, await registerMember(request));
    const project = await createProject(ownerPage, { title: `Focus report ${Math.random().toString(36).slice(2, 8)}` });
    const reported = await reporter.request.post(`/api/projects/${project.id}/report`, {
      headers: { Origin: E2E_BASE_URL },
      data: { reason: 'spam', additionalDetails: 'Checking where focus goes.' },
    });
    expect(reported.status(), await reported.text()).toBeLessThan(300);
    const page = await openAs(browser, E2E_ADMIN);
    await page.goto('/admin');
    await page.getByRole('tab', { name: /^Reports/ }).click();
    // Whatever else is listed, focus lands on a neighbouring report's first action or the tab's heading.
    const neighbour = /^(A: View .* \(opens in a new tab\)|H2: Content Reports)$/;

    await rowFor(page, project.title).getByRole('button', { name: 'Review' }).click();
    await expectToast(page, 'Report updated');
    await expect(rowFor(page, project.title)).toHaveCount(0);
    await expectFocus(page, neighbour);

    if (isPhone(page)) await page.getByRole('combobox', { name: 'Report status' }).selectOption({ label: 'Reviewed' });
    else await page.getByRole('tab', { name: 'Reviewed', exact: true }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    await rowFor(page, project.title).getByRole('button', { name: 'Delete Report' }).click();
    await expectToast(page, 'Report deleted');
    await expect(rowFor(page, project.title)).toHaveCount(0);
    await expectFocus(page, neighbour);
  });
});

test.describe('focus after sending', () => {
  test('Message User and Contact Admin on /messages: focus goes to the Inbox tab they switch to', async ({
    page,
    request,
  }) => {
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

  test('test-request feedback: focus stays on the form button, now Update Feedback', async ({ browser, request }) => {
    const owner = await registerMember(request);
    const ownerPage = await openAs(browser, owner);
    const project = await createProject(ownerPage);
    const opened = await ownerPage.request.post('/api/test-requests', {
      headers: { Origin: E2E_BASE_URL },
      data: {
        projectId: project.id,
        title: `Feedback focus ${Math.random().toString(36).slice(2, 8)}`,
        description: 'Try the sign-up flow.',
        skillsNeeded: ['Web'],
        maxTesters: 3,
      },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    const id = ((await opened.json()) as { id: number }).id;
    const tester = await registerMember(request);
    const page = await openAs(browser, tester);
    const joined = await page.request.post(`/api/test-requests/${id}/testers`, { headers: { Origin: E2E_BASE_URL } });
    expect(joined.status(), await joined.text()).toBe(201);
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
