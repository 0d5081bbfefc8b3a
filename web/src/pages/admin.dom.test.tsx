import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '../lib/api';
import { expectNoAxeViolations } from '../testing/axe';
import { aMessage, anAdmin, anAdminUser, aProject, aReport, aTestRequest } from '../testing/answers';
import { renderRoute } from '../testing/render-route';
import { answer, refusal, server } from '../testing/server';

const admin = anAdmin();

/** The admin dashboard at `tab`, with one row in each list (a pending report badges the Reports tab). */
function dashboard(tab: string) {
  server.use(
    answer(endpoints.admin.users, [anAdminUser(), anAdminUser({ id: 1, username: admin.username, isAdmin: true })]),
    answer(endpoints.admin.projects, [aProject()]),
    answer(endpoints.admin.messages, [aMessage()]),
    answer(endpoints.admin.reports, (request) =>
      new URL(request.url).searchParams.get('status') === 'pending' ? [aReport()] : [],
    ),
    answer(endpoints.comments.reports, []),
    answer(endpoints.adminTestRequests.list, [aTestRequest({ testerCount: 1, feedbackCount: 1 })]),
  );
  return renderRoute(`/admin?tab=${tab}`, { user: admin });
}

/** The open tab's panel. */
const panel = (name: RegExp) => screen.findByRole('tabpanel', { name });

describe('/admin tabs, each with no serious axe violations', () => {
  it('Users lists the members with their actions', async () => {
    const { container } = dashboard('users');
    const users = await panel(/^Users/);
    expect((await within(users).findAllByText('ada_dev'))[0]).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('Projects lists the projects', async () => {
    const { container } = dashboard('projects');
    const projects = await panel(/^Projects/);
    expect((await within(projects).findAllByText('Pixel Garden'))[0]).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('Messages lists the messages to the admins', async () => {
    const { container } = dashboard('messages');
    const messages = await panel(/^Messages/);
    expect((await within(messages).findAllByText('A question about my project'))[0]).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('Reports badges its tab with the pending count and lists them', async () => {
    const { container } = dashboard('reports');
    // "Reports, 1 pending" in a browser; jsdom's name computation drops the spaces of the inline parts.
    expect(await screen.findByRole('tab', { name: /^Reports,\s*1\s*pending$/ })).toBeVisible();
    const reports = await panel(/^Reports/);
    expect((await within(reports).findAllByText('Checked in dark mode.'))[0]).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('Test Requests lists the requests', async () => {
    const { container } = dashboard('test-requests');
    expect(await screen.findByRole('heading', { name: 'Test Requests' })).toBeVisible();
    expect((await screen.findAllByRole('link', { name: 'Axe round' }))[0]).toBeVisible();
    await expectNoAxeViolations(container);
  });
});

describe('/admin states', () => {
  it("shows a failed list's error panel with the server's message, and an empty list's text", async () => {
    server.use(
      answer(endpoints.admin.projects, refusal(500, 'Database unavailable')),
      answer(endpoints.admin.reports, (request) =>
        new URL(request.url).searchParams.get('status') === 'removed' ? [] : refusal(500, ''),
      ),
      answer(endpoints.comments.reports, []),
    );
    const { user } = renderRoute('/admin?tab=projects', { user: admin });
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('Error loading projects');
    expect(within(failed).getByText('Database unavailable')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: /^Reports/ }));
    const reports = await screen.findByText('Error loading reports');
    expect(reports.closest('[role="alert"]')).toHaveTextContent(
      'There was an error loading the reports. Please try again later.',
    );
    await user.click(screen.getByRole('tab', { name: 'Removed' }));
    expect(await screen.findByText('No removed reports found')).toBeVisible();
  });
});

describe("an admin's /contact and /messages", () => {
  it('/contact has its form, with no serious axe violations', async () => {
    const { container } = renderRoute('/contact', { user: admin });
    expect(await screen.findByRole('heading', { name: 'Contact Us' })).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('/messages lists the inbox, with no serious axe violations', async () => {
    server.use(
      answer(endpoints.messages.list, [aMessage({ recipientUserId: admin.id, recipientUsername: admin.username })]),
    );
    const { container } = renderRoute('/messages', { user: admin });
    expect(await screen.findByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    expect((await screen.findAllByRole('article'))[0]).toHaveTextContent('A question about my project');
    await expectNoAxeViolations(container);
  });
});

describe("the dashboard's dialogs, each with no serious axe violations", () => {
  it("Delete on a user's row asks first, with focus inside; Escape cancels and hands focus back", async () => {
    const { container, user } = dashboard('users');
    const rows = within(await screen.findByRole('table'));
    const remove = await rows.findByRole('button', { name: 'Delete ada_dev' });
    await user.click(remove);
    const confirm = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(
      within(confirm).getByText(
        'Are you sure you want to delete the user "ada_dev"? This will also delete all of their projects and cannot be undone.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(confirm).toContainElement(document.activeElement as HTMLElement));
    await expectNoAxeViolations(container);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(remove).toHaveFocus());
  });

  it("Reply to a member's message: who gets it, the subject, and a message too short said at its field", async () => {
    const { container, user } = dashboard('messages');
    const card = (await screen.findAllByRole('article')).find((a) =>
      a.textContent?.includes('A question about my project'),
    )!;
    await user.click(within(card).getByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to Message' });
    expect(
      within(dialog).getByText(
        'Your response will be sent to ada_dev, who will be notified by email if they provided an address.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Subject')).toHaveValue('Re: A question about my project');
    await user.type(within(dialog).getByLabelText('Message'), 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reply' }));
    expect(await within(dialog).findByText('Your message must be at least 10 characters.')).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it("Reply to a visitor's message says it is emailed, quoting theirs", async () => {
    server.use(
      answer(endpoints.admin.messages, [
        aMessage({ senderUserId: null, senderUsername: null, senderName: 'Vera', senderEmail: 'vera@example.com' }),
      ]),
      answer(endpoints.admin.reports, []),
      answer(endpoints.comments.reports, []),
    );
    const { container, user } = renderRoute('/admin?tab=messages', { user: admin });
    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent(/Address:\s*vera@example\.com/);
    await user.click(within(card).getByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to Message' });
    expect(
      within(dialog).getByText(
        'Your response will be emailed to vera@example.com, with their message quoted below it.',
      ),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText('Message'), 'Yes, for up to twenty people.');
    await expectNoAxeViolations(container);
  });
});
