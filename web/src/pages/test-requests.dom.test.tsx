import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '../lib/api';
import { expectNoAxeViolations } from '../testing/axe';
import { aFeedback, aMember, aProfile, aRequestDetail, aTester, aTestRequest } from '../testing/answers';
import { renderRoute } from '../testing/render-route';
import { answer, listPage, server } from '../testing/server';

const owner = aMember();
const tester = aMember({ id: 8, username: 'grace_maker', email: 'grace@example.com', role: 'tester' });
const OWNER_VIEW = { isOwner: true, joined: false, canJoin: false };

describe('/test-requests Load More', () => {
  it('Load More reads the page the Link header names, and stops when none follows', async () => {
    const next = '/api/test-requests?sort=newest&limit=6&after=31';
    const asked: Array<{ url: string; body: unknown }> = [];
    server.use(
      answer(
        endpoints.testRequests.list,
        (request) =>
          new URL(request.url).searchParams.get('after') === '31'
            ? listPage([aTestRequest({ id: 30, title: 'Second page round', viewer: OWNER_VIEW })], null)
            : listPage([aTestRequest({ viewer: OWNER_VIEW })], next),
        asked,
      ),
      answer(endpoints.users.profile, aProfile(owner.username)),
    );
    const { user } = renderRoute('/test-requests', { user: owner });
    const list = await screen.findByRole('region', { name: 'Open test requests' });
    expect(await within(list).findByRole('link', { name: 'Axe round' })).toBeVisible();
    // One request on the page: only the Link says another page follows.
    await user.click(await screen.findByRole('button', { name: 'Load More' }));
    expect(await within(list).findByRole('link', { name: 'Second page round' })).toBeVisible();
    expect(asked.map((call) => new URL(call.url).pathname + new URL(call.url).search)).toEqual([
      '/api/test-requests?sort=newest&limit=6',
      next,
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument());
  });
});

describe('/test-requests', () => {
  it('lists the open requests with their filters, and has no serious axe violations', async () => {
    server.use(
      answer(endpoints.testRequests.list, [aTestRequest({ viewer: OWNER_VIEW })]),
      answer(endpoints.users.profile, aProfile(owner.username)),
    );
    const { container } = renderRoute('/test-requests', { user: owner });
    const list = await screen.findByRole('region', { name: 'Open test requests' });
    expect(await within(list).findByRole('link', { name: 'Axe round' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Filter by skill' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Open a test request' })).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('says when no request is open; a member without projects who asks to open one is offered Submit, saying why', async () => {
    server.use(
      answer(endpoints.testRequests.list, []),
      answer(endpoints.users.profile, aProfile(tester.username, { projects: [] })),
    );
    const { container, user } = renderRoute('/test-requests', { user: tester });
    expect(await screen.findByRole('heading', { level: 2, name: 'No open test requests' })).toBeVisible();
    await expectNoAxeViolations(container);
    // The button is there from the first render (it never appears later and moves the page).
    await user.click(screen.getByRole('button', { name: 'Open a test request' }));
    const submit = await screen.findByRole('dialog', { name: 'Submit Your Project' });
    expect(submit).toHaveAccessibleDescription(/^A test request is about one of your projects: submit one first\./);
    expect(screen.queryByRole('dialog', { name: 'Open a test request' })).not.toBeInTheDocument();
    // Closed as a member would, so the page is free again (the dialog locks the body while open).
    await user.keyboard('{Escape}');
    await waitFor(() => expect(submit).not.toBeInTheDocument());
  });

  it('opens a request for the project the member picks, refusing to send without one', async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    const opened = aRequestDetail({ id: 77, title: 'Picked from the list', viewer: OWNER_VIEW });
    server.use(
      answer(endpoints.testRequests.list, []),
      answer(endpoints.users.profile, aProfile(owner.username)),
      answer(endpoints.testRequests.open, opened, sent),
      answer(endpoints.testRequests.detail, opened),
    );
    const { user } = renderRoute('/test-requests', { user: owner });
    await user.click(await screen.findByRole('button', { name: 'Open a test request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a test request' });
    await user.type(within(dialog).getByLabelText('Title'), 'Picked from the list');
    await user.type(within(dialog).getByLabelText('What should testers do?'), 'Open the app and try the search.');
    await user.click(within(dialog).getByRole('button', { name: 'Open Request' }));
    expect(await within(dialog).findByText('Please choose a project')).toBeVisible();
    expect(sent).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Project'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Open Request' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Picked from the list' })).toBeVisible();
    expect(window.location.pathname).toBe('/test-requests/77');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ projectId: 12, title: 'Picked from the list' });
  });
});

describe('/test-requests/:id', () => {
  it('shows the owner the testers, the feedback to mark helpful and the next step, with no serious axe violations', async () => {
    server.use(
      answer(
        endpoints.testRequests.detail,
        aRequestDetail({
          viewer: OWNER_VIEW,
          testerCount: 1,
          feedbackCount: 1,
          testers: [aTester()],
          feedback: [aFeedback()],
        }),
      ),
    );
    const { container } = renderRoute('/test-requests/31', { user: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Axe round' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'grace_maker' })).toBeVisible();
    expect(screen.getByText('Level two stutters.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark helpful' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start testing' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join as tester' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('shows a tester who joined their own feedback to edit, with no serious axe violations', async () => {
    const mine = aFeedback();
    server.use(
      answer(
        endpoints.testRequests.detail,
        aRequestDetail({
          viewer: { isOwner: false, joined: true, canJoin: false },
          testerCount: 1,
          feedbackCount: 1,
          testers: [aTester()],
          feedback: [mine],
          myFeedback: mine,
        }),
      ),
    );
    const { container } = renderRoute('/test-requests/31', { user: tester });
    expect(await screen.findByRole('heading', { level: 2, name: 'Your feedback' })).toBeVisible();
    expect(screen.getByLabelText('Problems found')).toHaveValue('Level two stutters.');
    expect(screen.getByRole('button', { name: 'Leave' })).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('offers a tester a place while one is free', async () => {
    server.use(
      answer(
        endpoints.testRequests.detail,
        aRequestDetail({ viewer: { isOwner: false, joined: false, canJoin: true } }),
      ),
    );
    renderRoute('/test-requests/31', { user: tester });
    expect(await screen.findByRole('button', { name: 'Join as tester' })).toBeVisible();
    expect(screen.queryByText(/Only testers can join/)).not.toBeInTheDocument();
  });

  it('tells a member with the developer role why they cannot join', async () => {
    const developer = aMember({ id: 9, username: 'dev_only', role: 'developer' });
    server.use(
      answer(
        endpoints.testRequests.detail,
        aRequestDetail({ viewer: { isOwner: false, joined: false, canJoin: false } }),
      ),
    );
    renderRoute('/test-requests/31', { user: developer });
    expect(await screen.findByText('Only testers can join. You can change your role in Settings.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join as tester' })).not.toBeInTheDocument();
  });
});
