import type { Browser, Locator, Page } from '@playwright/test';
import {
  test,
  expect,
  awaitingHydration,
  expectNoSeriousA11yViolations,
  registerMember,
  signIn,
  E2E_ADMIN,
  type Member,
  openAs,
} from './fixtures';
import { createProject, expectToast, isPhone } from './public-helpers';
import { E2E_BASE_URL } from '../../scripts/e2e/constants';

/** A fresh member with a page of their own. */
async function newMember(browser: Browser): Promise<{ member: Member; page: Page }> {
  const context = await browser.newContext();
  const member = await registerMember(context.request);
  const page = awaitingHydration(await context.newPage());
  await signIn(page, member);
  return { member, page };
}

/** The admin on /admin with `tab` open. */
async function adminOn(browser: Browser, tab: 'Users' | 'Projects' | 'Messages' | 'Reports'): Promise<Page> {
  const page = await openAs(browser, E2E_ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  if (tab !== 'Users') await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  return page;
}

/** One row of a moderation table (within `scope`, the page by default): a table row on desktop, a card on phones. */
function rowFor(page: Page, text: string, scope: Page | Locator = page): Locator {
  return (isPhone(page) ? scope.getByRole('listitem') : scope.getByRole('row')).filter({ hasText: text });
}

/** Picks a report status: tabs on wide screens, the dropdown on phones. */
async function chooseStatus(page: Page, label: 'Pending' | 'Reviewed' | 'Dismissed' | 'Removed'): Promise<void> {
  if (isPhone(page)) await page.getByRole('combobox', { name: 'Report status' }).selectOption({ label });
  else await page.getByRole('tab', { name: label, exact: true }).click();
}

/** A member reports a project through the API. */
async function report(page: Page, projectId: number, details: string): Promise<void> {
  const res = await page.request.post(`/api/projects/${projectId}/report`, {
    headers: { Origin: E2E_BASE_URL },
    data: { reason: 'spam', additionalDetails: details },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** A subject no other test uses. */
function unique(base: string): string {
  return `${base} ${Math.random().toString(36).slice(2, 8)}`;
}

test.describe('admin dashboard access', () => {
  test("a visitor is sent to sign-in, told why; a member is sent home, told they lack permission; the queue board's page too", async ({
    browser,
  }) => {
    const visitor = await openAs(browser);
    await test.step('a visitor, on the dashboard', async () => {
      await visitor.goto('/admin?tab=reports');
      await expect(visitor).toHaveURL(`${E2E_BASE_URL}/auth?next=${encodeURIComponent('/admin?tab=reports')}`);
      await expect(visitor.getByText('Please log in to access the admin dashboard')).toBeVisible();
    });
    await test.step('a visitor, on the queue board', async () => {
      await visitor.goto('/admin/queues');
      await expect(visitor).toHaveURL(`${E2E_BASE_URL}/auth?next=%2Fadmin%2Fqueues`);
      await expect(visitor.getByText('Please log in to access the admin dashboard')).toBeVisible();
    });
    const { page } = await newMember(browser);
    await test.step('a member, on the dashboard', async () => {
      await page.goto('/admin');
      await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
      await expectToast(page, 'Access denied');
    });
    await test.step('a member, on the queue board', async () => {
      await page.goto('/admin/queues');
      await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
      await expectToast(page, 'Access denied');
    });
  });
});

// The journeys below prove what the dashboard does; each tab's list and dialog is axe-checked without a
// browser (web/src/pages/admin.dom.test.tsx), and with layout once per tab at 360 px in dark mode (the
// `@phone-only` tests at the end of this file).
test.describe('admin dashboard', () => {
  test('the open tab is in the address: a link opens it, a switch replaces the entry, a reload keeps it; search: the Users and Projects tabs find a row by part of its name, with the keyboard', async ({
    browser,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(180_000);
    await test.step('the open tab is in the address: a link opens it, a switch replaces the entry, a reload keeps it', async () => {
      const page = await openAs(browser, E2E_ADMIN);
      await page.goto('/');
      await page.goto('/admin?tab=integrity');
      await expect(page.getByRole('tab', { name: /^Integrity/ })).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('tab', { name: /^Projects/ }).click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}/admin?tab=projects`);
      await page.reload();
      await expect(page.getByRole('tab', { name: /^Projects/ })).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('tab', { name: /^Users/ }).click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}/admin`);
      // The switches replaced the entry: Back leaves the dashboard.
      await page.goBack();
      await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    });
    await test.step('search: the Users and Projects tabs find a row by part of its name, with the keyboard', async () => {
      const { member, page: memberPage } = await newMember(browser);
      const project = await createProject(memberPage);
      const page = await adminOn(browser, 'Users');

      const users = page.getByRole('tabpanel', { name: /^Users/ });
      const findUser = users.getByRole('searchbox', { name: 'Search users' });
      await findUser.focus();
      await page.keyboard.type(member.username.slice(0, -2).toUpperCase());
      await page.keyboard.press('Enter');
      await expect(rowFor(page, member.username, users)).toHaveCount(1);
      await expect(rowFor(page, E2E_ADMIN.username, users)).toHaveCount(0);
      await findUser.fill('no-such-user-anywhere');
      await expect(users.getByText('No users found')).toBeVisible();
      await expect(users.getByText('No username or email contains "no-such-user-anywhere".')).toBeVisible();
      // The admin's own row, found by name (newer members may fill the first page).
      await findUser.fill(E2E_ADMIN.username);
      await expect(rowFor(page, E2E_ADMIN.username, users).first()).toBeVisible();

      await page.getByRole('tab', { name: /^Projects/ }).click();
      const projects = page.getByRole('tabpanel', { name: /^Projects/ });
      await projects.getByRole('searchbox', { name: 'Search projects' }).fill(project.title.toLowerCase());
      await expect(rowFor(page, project.title, projects)).toHaveCount(1);
      await expect(projects.getByRole('link', { name: project.title })).toHaveAttribute(
        'href',
        `/projects/${project.id}`,
      );
      await projects.getByRole('searchbox', { name: 'Search projects' }).fill('no-such-project-anywhere');
      await expect(projects.getByText('No projects found')).toBeVisible();
    });
  });

  test('users: make admin, pause, unpause, delete; projects: hide and unhide, then delete (each with the confirmation)', async ({
    browser,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(600_000);
    await test.step('users: make admin, pause (the member is then refused writes), unpause, delete with the confirmation', async () => {
      const { member, page: memberPage } = await newMember(browser);
      const page = await adminOn(browser, 'Users');
      await expect(page.getByRole('heading', { name: 'Users Management' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Homepage' })).toHaveAttribute('href', '/');

      // Oneself: no admin toggle, no delete, and admins cannot be paused. Found by name: newer members
      // may fill the first page.
      const findUser = page.getByRole('searchbox', { name: 'Search users' });
      await findUser.fill(E2E_ADMIN.username);
      const self = rowFor(page, E2E_ADMIN.username).first();
      await expect(self.getByRole('button', { name: 'Remove Admin' })).toBeDisabled();
      await expect(self.getByRole('button', { name: 'Pause User' })).toBeDisabled();
      await expect(self.getByRole('button', { name: `Delete ${E2E_ADMIN.username}` })).toBeDisabled();
      // The member's row, found by name too: the list shows the newest members first, a page at a time.
      await findUser.fill(member.username);
      const row = rowFor(page, member.username);
      await expect(row.getByText(`${member.username}@example.com`)).toBeVisible();
      await expect(row.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
      await expect(row.getByText('User', { exact: true })).toBeVisible();

      await row.getByRole('button', { name: 'Make Admin' }).click();
      await expectToast(page, 'User admin status updated successfully');
      await expect(row.getByText('Admin', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: 'Pause User' })).toBeDisabled();
      await row.getByRole('button', { name: 'Remove Admin' }).click();
      await expect(row.getByText('User', { exact: true })).toBeVisible();

      await row.getByRole('button', { name: 'Pause User' }).click();
      await expectToast(page, 'User pause status updated successfully');
      await expect(row.getByText('Paused', { exact: true })).toBeVisible();
      // A paused member may still write to the admins (to ask why), but every other write is refused.
      const refused = await memberPage.request.post('/api/projects', {
        headers: { Origin: E2E_BASE_URL },
        data: {
          title: 'While paused',
          description: 'This should be refused.',
          replitUrl: 'https://paused.example/',
          category: 'Utility',
          tags: '',
        },
      });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toEqual({ message: 'Your account is paused' });
      // Every page they open says so, with the way to ask the admins why.
      await memberPage.goto('/');
      const banner = memberPage.getByRole('status').filter({ hasText: 'Your account is paused' });
      await expect(banner.getByRole('link', { name: 'Write to the admins' })).toHaveAttribute('href', '/contact');
      await row.getByRole('button', { name: 'Unpause User' }).click();
      await expect(row.getByText('Paused', { exact: true })).toHaveCount(0);

      await row.getByRole('button', { name: `Delete ${member.username}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete user' });
      await expect(
        confirm.getByText(
          `Are you sure you want to delete the user "${member.username}"? This will also delete all of their projects and cannot be undone.`,
        ),
      ).toBeVisible();
      await expect
        .poll(() =>
          page.evaluate(() => document.activeElement?.closest('[role="dialog"], [role="alertdialog"]') != null),
        )
        .toBe(true);
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToast(page, 'User deleted successfully');
      await expect(rowFor(page, member.username)).toHaveCount(0);
    });
    await test.step('projects: hide and unhide (gone from public view meanwhile), then delete with the confirmation', async () => {
      const { member, page: memberPage } = await newMember(browser);
      const project = await createProject(memberPage, { title: unique('Moderated') });
      const visitor = await openAs(browser);
      const page = await adminOn(browser, 'Projects');
      await expect(page.getByRole('heading', { name: 'Projects Management' })).toBeVisible();
      // Found by title: the list shows the newest projects first, a page at a time.
      await page.getByRole('searchbox', { name: 'Search projects' }).fill(project.title);
      const row = rowFor(page, project.title);
      await expect(row.getByRole('link', { name: member.username })).toBeVisible();
      await expect(row.getByText('0.0/10 (0 ratings)')).toBeVisible();
      await expect(row.getByText('0 votes')).toBeVisible();

      await row.getByRole('button', { name: `Hide ${project.title}` }).click();
      await expectToast(page, 'Project hidden');
      await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
      expect((await visitor.request.get(`/api/projects/${project.id}`)).status()).toBe(404);

      await row.getByRole('button', { name: `Unhide ${project.title}` }).click();
      await expectToast(page, 'Project unhidden');
      await expect(row.getByText('Hidden', { exact: true })).toHaveCount(0);
      expect((await visitor.request.get(`/api/projects/${project.id}`)).status()).toBe(200);

      // Keyboard: Enter opens the confirmation, Escape cancels it and focus returns to the button.
      const remove = row.getByRole('button', { name: `Delete ${project.title}` });
      await remove.focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Delete project' });
      await expect(confirm).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();
      await expect(remove).toBeFocused();
      await remove.click();
      await expect(
        confirm.getByText(
          `Are you sure you want to delete the project "${project.title}"? This action cannot be undone.`,
        ),
      ).toBeVisible();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToast(page, 'Project deleted successfully');
      await expect(rowFor(page, project.title)).toHaveCount(0);
      expect((await visitor.request.get(`/api/projects/${project.id}`)).status()).toBe(404);
    });
  });

  test('reports: review, hide, restore, delete, dismiss; messages: reply to a member and to a visitor (mailed by the server, shown as Replied); New Message and Contact open the composer', async ({
    browser,
    request,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(690_000);
    await test.step('reports: review with notes, hide, restore, delete; dismiss another', async () => {
      const { page: ownerPage } = await newMember(browser);
      const { member: reporter, page: reporterPage } = await newMember(browser);
      const reviewed = await createProject(ownerPage, { title: unique('Reported') });
      const dismissed = await createProject(ownerPage, { title: unique('Harmless') });
      await report(reporterPage, reviewed.id, 'Looks like spam to me.');
      await report(reporterPage, dismissed.id, 'Not sure about this one.');
      const visitor = await openAs(browser);

      const page = await adminOn(browser, 'Reports');
      await expect(page.getByRole('heading', { name: 'Content Reports' })).toBeVisible();
      let row = rowFor(page, reviewed.title);
      await expect(row.getByText('Spam', { exact: true })).toBeVisible();
      await expect(row.getByText('Looks like spam to me.')).toBeVisible();
      await expect(row.getByText(reporter.username)).toBeVisible();
      await expect(row.getByText(/ago$/)).toBeVisible();
      await expect(row.getByText('Pending', { exact: true })).toBeVisible();
      const view = row.getByRole('link', { name: /^View/ });
      await expect(view).toHaveAttribute('href', `/projects/${reviewed.id}`);
      await expect(view).toHaveAttribute('target', '_blank');
      // Pending reports cannot be deleted yet.
      await expect(row.getByRole('button', { name: 'Delete Report' })).toHaveCount(0);

      await row.getByLabel(/^Admin notes for report/).fill('Checked: a real project.');
      const publicReason = unique('Reported in error');
      await row.getByLabel(/^Public reason for report/).fill(publicReason);
      await row.getByRole('button', { name: 'Review' }).click();
      await expectToast(page, 'Report updated');
      await expect(page.getByText('The report status has been updated.')).toBeVisible();
      await expect(rowFor(page, reviewed.title)).toHaveCount(0);
      // The public reason, never the private notes, reaches the moderation log.
      await visitor.goto('/moderation');
      const entry = visitor.getByRole('listitem').filter({ hasText: publicReason });
      await expect(entry).toContainText('Report reviewed');
      await expect(visitor.getByText('Checked: a real project.')).toHaveCount(0);

      const other = rowFor(page, dismissed.title);
      await other.getByRole('button', { name: 'Dismiss' }).click();
      await expectToast(page, 'Report updated');
      await chooseStatus(page, 'Dismissed');
      await expect(rowFor(page, dismissed.title).getByText('Dismissed', { exact: true })).toBeVisible();

      await chooseStatus(page, 'Reviewed');
      row = rowFor(page, reviewed.title);
      await expect(row.getByText('Checked: a real project.')).toBeVisible();
      await row.getByRole('button', { name: 'Hide' }).click();
      await expectToast(page, 'Project hidden');
      expect((await visitor.request.get(`/api/projects/${reviewed.id}`)).status()).toBe(404);

      await chooseStatus(page, 'Removed');
      row = rowFor(page, reviewed.title);
      await expect(row.getByText('Removed', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: 'Hide' })).toHaveCount(0);
      await row.getByRole('button', { name: 'Restore' }).click();
      await expectToast(page, 'Project unhidden');
      expect((await visitor.request.get(`/api/projects/${reviewed.id}`)).status()).toBe(200);

      await chooseStatus(page, 'Reviewed');
      row = rowFor(page, reviewed.title);
      page.once('dialog', (dialog) => {
        expect(dialog.type()).toBe('confirm');
        expect(dialog.message()).toBe('Are you sure you want to delete this report? This action cannot be undone.');
        void dialog.accept();
      });
      await row.getByRole('button', { name: 'Delete Report' }).click();
      await expectToast(page, 'Report deleted');
      await expect(rowFor(page, reviewed.title)).toHaveCount(0);
    });
    await test.step('messages: reply to a member, who reads it in their inbox; New Message and Contact open the composer', async () => {
      const { member, page: memberPage } = await newMember(browser);
      const subject = unique('Question from a member');
      const sent = await memberPage.request.post('/api/contact', {
        headers: { Origin: E2E_BASE_URL },
        data: { subject, message: 'How do I get my project featured?', recipientUserId: null },
      });
      expect(sent.status(), await sent.text()).toBeLessThan(300);

      const page = await adminOn(browser, 'Messages');
      await expect(page.getByRole('heading', { name: 'User Messages' })).toBeVisible();
      const card = page.getByRole('article').filter({ hasText: subject });
      await expect(card.getByText(`From: ${member.username}`)).toBeVisible();
      await expect(card.getByText('New', { exact: true })).toBeVisible();

      await card.getByRole('button', { name: 'Reply' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reply to Message' });
      await expect(dialog).toBeVisible();
      await expect(
        dialog.getByText(
          `Your response will be sent to ${member.username}, who will be notified by email if they provided an address.`,
        ),
      ).toBeVisible();
      if (!isPhone(page)) await expect(dialog).toHaveCSS('width', '500px');
      await expect(dialog.getByLabel('Subject')).toHaveValue(`Re: ${subject}`);
      await dialog.getByLabel('Message').fill('Too short');
      await dialog.getByRole('button', { name: 'Send Reply' }).click();
      await expect(dialog.getByText('Your message must be at least 10 characters.')).toBeVisible();
      await dialog.getByLabel('Message').fill('Keep shipping updates and collecting votes!');
      await dialog.getByRole('button', { name: 'Send Reply' }).click();
      await expectToast(page, 'Reply sent');
      await expect(dialog).toBeHidden();

      await memberPage.goto('/messages');
      const reply = memberPage.getByRole('article').filter({ hasText: `Re: ${subject}` });
      await expect(reply.getByText(`From: ${E2E_ADMIN.username}`)).toBeVisible();
      await expect(reply.getByText('Keep shipping updates and collecting votes!')).toBeVisible();
      await expect(reply.getByText('New', { exact: true })).toBeVisible();

      // New Message: an empty composer.
      await page.getByRole('button', { name: 'New Message' }).click();
      const composer = page.getByRole('dialog', { name: 'New Message' });
      await expect(composer.getByLabel('Recipient')).toHaveValue('');
      await composer.getByLabel('Recipient').selectOption({ label: member.username });
      await composer.getByLabel('Subject').fill(unique('Welcome'));
      await composer.getByLabel('Message').fill('Thanks for joining the community!');
      await composer.getByRole('button', { name: 'Send Message' }).click();
      await expectToast(page, 'Message sent');
      await expect(composer).toBeHidden();

      // Contact on the Users tab: the composer opens with that user chosen; Escape closes it.
      await page.getByRole('tab', { name: 'Users', exact: true }).click();
      await rowFor(page, member.username)
        .getByRole('button', { name: `Contact ${member.username}` })
        .click();
      await expect(composer).toBeVisible();
      await expect(composer.getByLabel('Recipient').locator('option:checked')).toHaveText(member.username);
      await page.keyboard.press('Escape');
      await expect(composer).toBeHidden();
    });
    await test.step("messages: a visitor's message is answered from the dashboard, mailed by the server, and shown as Replied", async () => {
      const subject = unique('Question from a visitor');
      const email = `visitor-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const sent = await request.post('/api/contact', {
        headers: { Origin: E2E_BASE_URL },
        data: {
          senderName: 'Vera',
          senderEmail: email,
          subject,
          message: 'Do you take group bookings?',
          mode: 'email',
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);

      const page = await adminOn(browser, 'Messages');
      const card = page.getByRole('article').filter({ hasText: subject });
      await expect(card.getByText(`Address: ${email}`)).toBeVisible();
      await expect(card.getByRole('link', { name: 'Reply by email' })).toHaveCount(0);
      await expect(card.getByText('Replied', { exact: true })).toHaveCount(0);
      await card.getByRole('button', { name: 'Reply' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reply to Message' });
      await expect(
        dialog.getByText(`Your response will be emailed to ${email}, with their message quoted below it.`),
      ).toBeVisible();
      await expect(dialog.getByLabel('Subject')).toHaveValue(`Re: ${subject}`);
      await dialog.getByLabel('Message').fill('Yes, for up to twenty people.');
      await dialog.getByRole('button', { name: 'Send Reply' }).click();
      await expectToast(page, 'Reply sent');
      await expect(dialog).toBeHidden();
      await expect(card.getByText('Replied', { exact: true })).toBeVisible();
      // Focus went back to the card's Reply button.
      await expect(card.getByRole('button', { name: 'Reply' })).toBeFocused();
    });
  });
});

/**
 * The dashboard's tabs, their rows, badges, error panels and empty texts, and the axe rules that need no
 * layout, are proven in vitest (web/src/pages/admin.dom.test.tsx); here the rules that need a real page
 * (contrast, target size), once per screen on the narrowest phone in dark mode (following the system).
 */
test.describe('dark mode (follows the system), at 360 px', { tag: '@phone-only' }, () => {
  /** The contexts the tests open: the narrowest phone, dark. */
  const NARROW_DARK = { colorScheme: 'dark', viewport: { width: 360, height: 780 } } as const;

  // A test per screen, each with its own admin page and set-up: axe over a tab's full list is the slowest
  // check of the suite on a loaded machine, and as tests of their own the screens run on both workers.
  test('contact and messages have no serious axe violations', async ({ browser }) => {
    test.setTimeout(300_000);
    const page = await openAs(browser, E2E_ADMIN, NARROW_DARK);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/messages');
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  // A list with a search box is narrowed to one row the test knows: every row is drawn by the same
  // component, and a full page of other journeys' rows only makes the scan longer.
  for (const tab of ['Users', 'Projects', 'Messages', 'Reports', 'Integrity']) {
    test(`the ${tab} tab has no serious axe violations, nothing wider than the phone`, async ({ browser }) => {
      test.setTimeout(180_000);
      let project: { id: number; title: string } | undefined;
      if (tab === 'Reports' || tab === 'Projects') {
        const { page: ownerPage } = await newMember(browser);
        project = await createProject(ownerPage, { title: unique('Dark row') });
      }
      if (tab === 'Reports' && project) {
        // A pending report, so the tab shows its count badge to axe.
        const { page: memberPage } = await newMember(browser);
        await report(memberPage, project.id, 'Checked in dark mode.');
      }
      const page = await openAs(browser, E2E_ADMIN, NARROW_DARK);
      await page.goto('/admin');
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      const panel = page.getByRole('tabpanel', { name: new RegExp(`^${tab}`) });
      await expect(panel.getByRole('heading', { level: 2 }).first()).toBeVisible();
      if (tab === 'Users') {
        await panel.getByRole('searchbox', { name: 'Search users' }).fill(E2E_ADMIN.username);
        await expect(rowFor(page, E2E_ADMIN.username, panel).first()).toBeVisible();
      }
      if (tab === 'Projects' && project) {
        await panel.getByRole('searchbox', { name: 'Search projects' }).fill(project.title);
        await expect(rowFor(page, project.title, panel)).toHaveCount(1);
      }
      await expect(panel.getByRole('status')).toHaveCount(0);
      // The whole page with the first tab; the header and tab list stay the same on the others.
      await expectNoSeriousA11yViolations(page, tab === 'Users' ? undefined : '[role="tabpanel"]');
      // Nothing wider than the phone: no sideways scroll.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
});
