import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminReport, AdminUser, Project, TestRequestView } from '@vitrine/domain/answers';
import { endpoints } from '../lib/api';
import { anAdmin, anAdminUser, aProject, aReport, aRequestDetail, aTestRequest } from '../testing/answers';
import { renderRoute } from '../testing/render-route';
import { answer, server } from '../testing/server';

/**
 * Where focus lands after an admin's row action changes or removes what was focused (lib/focus.ts):
 * the same button when its row stays, the next row's first action when the row goes, the tab's heading
 * when the list is empty. jsdom draws both layouts of a table (the desktop table and the phone cards):
 * these tests act in the table.
 */
const admin = anAdmin();

/** The desktop table of the open tab. */
const table = async () => within(await screen.findByRole('table'));

/** The dashboard's own reads beside the open tab: the pending counts of the Reports tab's badge. */
function badgeReads() {
  server.use(answer(endpoints.admin.reports, []), answer(endpoints.comments.reports, []));
}

/** The id in a route's `:param`. */
const idOf = (params: Record<string, string>, name: string) => Number(params[name]);

describe('focus after user row actions', () => {
  it('users: Pause and Unpause keep focus on the button; a confirmed Delete moves it to the next row, the last to the heading', async () => {
    let users: AdminUser[] = [
      anAdminUser({ id: 8, username: 'newer_member', email: 'newer@example.com' }),
      anAdminUser({ id: 7, username: 'older_member', email: 'older@example.com' }),
    ];
    badgeReads();
    server.use(
      answer(endpoints.admin.users, () => users),
      answer(endpoints.admin.setPaused, async (request, params) => {
        const { isPaused } = (await request.json()) as { isPaused: boolean };
        users = users.map((u) => (u.id === idOf(params, 'userId') ? { ...u, isPaused } : u));
        return users.find((u) => u.id === idOf(params, 'userId'))!;
      }),
      answer(endpoints.admin.removeUser, (_request, params) => {
        users = users.filter((u) => u.id !== idOf(params, 'userId'));
        return null;
      }),
    );
    const { user } = renderRoute('/admin?tab=users', { user: admin });
    const rows = await table();

    // The newer member's row comes first (newest first).
    await user.click((await rows.findAllByRole('button', { name: 'Pause User' }))[0]!);
    const unpause = await rows.findByRole('button', { name: 'Unpause User' });
    await waitFor(() => expect(unpause).toHaveFocus());
    await user.click(unpause);
    await waitFor(() => expect(rows.getAllByRole('button', { name: 'Pause User' })).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Pause User'));

    // Newest first: the newer member's row is above the older one's, which takes focus once it is gone.
    await user.click(rows.getByRole('button', { name: 'Delete newer_member' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete user' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows.queryByRole('button', { name: 'Delete newer_member' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Contact older_member'));

    // The last row gone, focus goes to the tab's heading.
    await user.click(rows.getByRole('button', { name: 'Delete older_member' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('No users found')).toBeVisible();
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Users Management'));
    expect(document.activeElement?.tagName).toBe('H2');
  });
});

describe('focus after project and test-request row actions', () => {
  it('projects: Hide and Unhide keep focus on the button; a confirmed Delete moves it to the next row', async () => {
    let projects: Project[] = [
      aProject({ id: 21, title: 'Newer Garden' }),
      aProject({ id: 20, title: 'Older Garden' }),
    ];
    badgeReads();
    server.use(
      answer(endpoints.admin.projects, () => projects),
      answer(endpoints.admin.setProjectVisibility, async (request, params) => {
        const { hidden } = (await request.json()) as { hidden: boolean };
        projects = projects.map((p) => (p.id === idOf(params, 'projectId') ? { ...p, isHidden: hidden } : p));
        return projects.find((p) => p.id === idOf(params, 'projectId'))!;
      }),
      answer(endpoints.admin.removeProject, (_request, params) => {
        projects = projects.filter((p) => p.id !== idOf(params, 'id'));
        return null;
      }),
    );
    const { user } = renderRoute('/admin?tab=projects', { user: admin });
    const rows = await table();

    await user.click(await rows.findByRole('button', { name: 'Hide Newer Garden' }));
    const unhide = await rows.findByRole('button', { name: 'Unhide Newer Garden' });
    await waitFor(() => expect(unhide).toHaveFocus());
    await user.click(unhide);
    const hide = await rows.findByRole('button', { name: 'Hide Newer Garden' });
    await waitFor(() => expect(hide).toHaveFocus());

    await user.click(rows.getByRole('button', { name: 'Delete Newer Garden' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows.queryByRole('button', { name: 'Delete Newer Garden' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Hide Older Garden'));
  });

  it('test requests: Hide keeps focus on the button; a confirmed Cancel leaves it in the row', async () => {
    let request: TestRequestView = aTestRequest({ title: 'Focus round' });
    badgeReads();
    server.use(
      answer(endpoints.adminTestRequests.list, () => [request]),
      answer(endpoints.adminTestRequests.setVisibility, async (sent) => {
        const { hidden } = (await sent.json()) as { hidden: boolean };
        request = { ...request, isHidden: hidden };
        return { id: request.id, hidden };
      }),
      answer(endpoints.testRequests.update, () => {
        request = { ...request, status: 'cancelled' };
        return aRequestDetail({ ...request });
      }),
    );
    const { user } = renderRoute('/admin?tab=test-requests', { user: admin });
    const rows = await table();

    await user.click(await rows.findByRole('button', { name: 'Hide Focus round' }));
    const unhide = await rows.findByRole('button', { name: 'Unhide Focus round' });
    await waitFor(() => expect(unhide).toHaveFocus());

    // Cancel is gone once the request is cancelled: focus stays in its row, on Unhide.
    await user.click(rows.getByRole('button', { name: 'Cancel Focus round' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(rows.queryByRole('button', { name: 'Cancel Focus round' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Unhide Focus round'));
  });
});

describe('focus after report actions', () => {
  it('a reviewed report leaves the pending list and a deleted one the reviewed list: focus goes to the neighbour, then the heading', async () => {
    let reports: AdminReport[] = [
      aReport({ id: 62, projectId: 14, projectTitle: 'Reported Garden' }),
      aReport({ id: 61, projectId: 12, projectTitle: 'Neighbour Garden' }),
    ];
    server.use(
      answer(endpoints.comments.reports, []),
      answer(endpoints.admin.reports, (sent) => {
        const status = new URL(sent.url).searchParams.get('status') ?? 'pending';
        return reports.filter((r) => r.status === status);
      }),
      answer(endpoints.admin.updateReport, async (sent, params) => {
        const { status } = (await sent.json()) as Pick<AdminReport, 'status'>;
        reports = reports.map((r) => (r.id === idOf(params, 'id') ? { ...r, status } : r));
        return reports.find((r) => r.id === idOf(params, 'id'))!;
      }),
      answer(endpoints.admin.removeReport, (_sent, params) => {
        reports = reports.filter((r) => r.id !== idOf(params, 'id'));
        return null;
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    try {
      const { user } = renderRoute('/admin?tab=reports', { user: admin });
      const pending = await table();
      await pending.findAllByText('Reported Garden');
      const row = pending.getAllByRole('row').find((r) => r.textContent?.includes('Reported Garden'))!;
      await user.click(within(row).getByRole('button', { name: 'Review' }));
      await waitFor(() => expect(pending.queryByText('Reported Garden')).toBeNull());
      await waitFor(() =>
        expect(document.activeElement).toHaveAccessibleName('View Neighbour Garden (opens in a new tab)'),
      );

      await user.click(screen.getByRole('tab', { name: 'Reviewed' }));
      const reviewed = within(await screen.findByRole('table', { name: 'reviewed reports' }));
      await user.click(await reviewed.findByRole('button', { name: 'Delete Report' }));
      expect(confirm).toHaveBeenCalledWith(
        'Are you sure you want to delete this report? This action cannot be undone.',
      );
      await waitFor(() => expect(document.activeElement).toHaveTextContent('Content Reports'));
      expect(document.activeElement?.tagName).toBe('H2');
    } finally {
      confirm.mockRestore();
    }
  });
});
