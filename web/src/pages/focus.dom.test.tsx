import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { TestRequestDetail } from '@vitrine/domain/answers';
import { endpoints } from '../lib/api';
import { aFeedback, aMember, aProfile, aRequestDetail, aTester, notificationSettings } from '../testing/answers';
import { renderRoute } from '../testing/render-route';
import { answer, refusal, server } from '../testing/server';

const owner = aMember();
const OWNER_VIEW = { isOwner: true, joined: false, canJoin: false };

/** A request page whose answer follows what the owner's actions change, as the API's would. */
function requestThatChanges(initial: TestRequestDetail) {
  let current = initial;
  server.use(
    answer(endpoints.testRequests.detail, () => current),
    answer(endpoints.testRequests.markHelpful, () => {
      current = {
        ...current,
        feedback: (current.feedback ?? []).map((f) => ({ ...f, isHelpful: true, helpfulCount: 1 })),
      };
      return { helpfulCount: 1 };
    }),
    answer(endpoints.testRequests.update, async (request) => {
      const { status } = (await request.json()) as Pick<TestRequestDetail, 'status'>;
      current = { ...current, status };
      return current;
    }),
  );
}

describe('focus on the result of an action', () => {
  it('Mark helpful: focus goes to the feedback card, now badged Helpful', async () => {
    requestThatChanges(
      aRequestDetail({
        viewer: OWNER_VIEW,
        testerCount: 1,
        feedbackCount: 1,
        testers: [aTester()],
        feedback: [aFeedback()],
      }),
    );
    const { user } = renderRoute('/test-requests/31', { user: owner });
    await user.click(await screen.findByRole('button', { name: 'Mark helpful' }));
    expect(await screen.findByText('Marked helpful', { exact: true })).toBeVisible();
    const card = screen.getByRole('article', { name: 'Feedback from grace_maker' });
    await waitFor(() => expect(card).toHaveFocus());
    await waitFor(() => expect(card).toHaveTextContent('Helpful'));
  });

  it('Mark completed: focus goes to the request status, now Completed', async () => {
    requestThatChanges(
      aRequestDetail({ viewer: OWNER_VIEW, status: 'in_progress', testerCount: 1, testers: [aTester()], feedback: [] }),
    );
    const { user } = renderRoute('/test-requests/31', { user: owner });
    await user.click(await screen.findByRole('button', { name: 'Mark completed' }));
    expect(await screen.findByText('Test request completed', { exact: true })).toBeVisible();
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/^Status:\s*Completed$/));
    expect(document.activeElement?.tagName).toBe('P');
  });

  it('Delete account with a wrong password: focus goes to the password field, marked with its error', async () => {
    server.use(
      answer(endpoints.notifications.settings, notificationSettings()),
      answer(endpoints.tokens.list, []),
      answer(endpoints.webhooks.list, []),
      answer(endpoints.users.profile, aProfile(owner.username)),
      answer(endpoints.users.deleteAccount, refusal(400, 'Password is incorrect')),
    );
    const { user } = renderRoute('/settings', { user: owner });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'not-my-password-9');
    await user.click(within(dialog).getByText('I understand that my account and my data will be deleted for good.'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(/Password is incorrect$/);
  });
});
