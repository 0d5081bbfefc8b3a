import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
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
