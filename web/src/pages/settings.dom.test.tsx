import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@vitrine/domain/answers';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { endpoints } from '../lib/api';
import { expectNoAxeViolations } from '../testing/axe';
import { aMember, aProfile, notificationSettings } from '../testing/answers';
import { renderRoute } from '../testing/render-route';
import { answer, refusal, server } from '../testing/server';

const TOO_COMMON = 'This password is too common or has appeared in data breaches. Please choose a different one.';

/** Answers the reads of /settings' API tokens and Webhooks sections for `member`: empty (the webhooks' project choice reads the profile). */
function answerEmptySections(member: CurrentUser) {
  server.use(
    answer(endpoints.tokens.list, []),
    answer(endpoints.webhooks.list, []),
    answer(endpoints.users.profile, aProfile(member.username)),
  );
}

/** A member whose address is not confirmed yet, on /settings. */
function unconfirmedSettings() {
  const member = aMember({ emailVerified: false });
  server.use(answer(endpoints.notifications.settings, notificationSettings({ emailConfirmed: false })));
  answerEmptySections(member);
  return { member, ...renderRoute('/settings', { user: member }) };
}

/** Puts `text` into `field` as a paste (a keystroke at a time would run the strength meter on each one). */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/** The password form (labelled by its heading). */
const passwordForm = () => screen.getByRole('form', { name: 'Password' });

describe('/settings with an unconfirmed email', () => {
  it('offers a new confirmation link, and has no serious axe violations', async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    server.use(answer(endpoints.users.resendConfirmation, { message: 'Check your inbox.' }, sent));
    const { member, container, user } = unconfirmedSettings();
    expect(await screen.findByText(`${member.email} is not confirmed yet.`)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Notification emails' })).toBeVisible();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText('Confirmation email sent', { exact: true })).toBeVisible();
    expect(sent).toHaveLength(1);
  });
});

describe('/settings profile', () => {
  it('saves a new role and says so', async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    server.use(
      answer(endpoints.userRatings.updateSettings, () => aMember({ emailVerified: false, role: 'tester' }), sent),
    );
    const { user, session } = unconfirmedSettings();
    await user.selectOptions(await screen.findByLabelText('Role'), 'tester');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved', { exact: true })).toBeVisible();
    expect(sent[0]?.body).toMatchObject({ role: 'tester' });
    expect(session.getState().user?.role).toBe('tester');
  });
});

describe('/settings password change', () => {
  it('asks for the current password first and puts focus on it', async () => {
    const { user } = unconfirmedSettings();
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(await within(passwordForm()).findByText('Enter your current password')).toBeVisible();
    expect(within(passwordForm()).getByLabelText('Current password')).toHaveFocus();
  });

  it("shows the server's refusal at the form and in a toast, and judges a guessable password while it is typed", async () => {
    server.use(answer(endpoints.users.changePassword, refusal(400, TOO_COMMON)));
    const { user } = unconfirmedSettings();
    const form = within(await screen.findByRole('form', { name: 'Password' }));
    await fill(user, form.getByLabelText('Current password'), 'e2e-lantern-harbour-1');
    await fill(user, form.getByLabelText('New password'), 'password123');
    await fill(user, form.getByLabelText('Confirm new password'), 'password123');
    await user.click(form.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password not changed', { exact: true })).toBeVisible();
    expect((await screen.findAllByText(TOO_COMMON)).length).toBeGreaterThan(0);

    await fill(user, form.getByLabelText('New password'), 'Vitrine2024!');
    const meter = (_: string, element: Element | null) =>
      element?.tagName === 'P' && /^Strength: Fair\. Too easy to guess\./.test(element.textContent ?? '');
    expect(await form.findByText(meter)).toBeVisible();
  });

  it('is sent with Enter from the last field; success says so and empties the form', async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    server.use(answer(endpoints.users.changePassword, { message: 'Other devices were signed out.' }, sent));
    const { user } = unconfirmedSettings();
    const form = within(await screen.findByRole('form', { name: 'Password' }));
    await fill(user, form.getByLabelText('Current password'), 'e2e-lantern-harbour-1');
    await fill(user, form.getByLabelText('New password'), 'a-much-better-Passphrase-7');
    await fill(user, form.getByLabelText('Confirm new password'), 'a-much-better-Passphrase-7');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Password changed', { exact: true })).toBeVisible();
    expect(sent.map((r) => r.body)).toEqual([
      {
        currentPassword: 'e2e-lantern-harbour-1',
        newPassword: 'a-much-better-Passphrase-7',
        confirmPassword: 'a-much-better-Passphrase-7',
      },
    ]);
    expect(form.getByLabelText('Current password')).toHaveValue('');
  });
});

describe('/confirm-email', () => {
  it('with a bad token says the link is invalid, on the same address, with no serious axe violations', async () => {
    server.use(answer(endpoints.email.confirm, refusal(400, 'This confirmation link is invalid or has expired')));
    const { container, user } = renderRoute('/confirm-email?token=not-a-real-token');
    expect(await screen.findByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Confirm Email Address' }));
    expect(await screen.findByRole('heading', { name: 'Not confirmed' })).toBeVisible();
    expect(screen.getByText('This confirmation link is invalid or has expired.')).toBeVisible();
    expect(window.location.pathname + window.location.search).toBe('/confirm-email?token=not-a-real-token');
  });
});

describe('/settings notification emails', () => {
  it("sends the mode and kinds chosen, says so, and shows the server's saved settings on the next visit, with no serious axe violations", async () => {
    let stored = notificationSettings({ email: 'instant' });
    const sent: Array<{ url: string; body: unknown }> = [];
    server.use(
      answer(endpoints.notifications.settings, () => stored),
      answer(
        endpoints.notifications.updateSettings,
        async (request) =>
          (stored = { ...stored, ...((await request.json()) as Pick<typeof stored, 'email' | 'kinds'>) }),
        sent,
      ),
    );
    const member = aMember();
    answerEmptySections(member);
    const first = renderRoute('/settings', { user: member });
    const weekly = await screen.findByRole('radio', { name: 'A weekly digest' });
    await first.user.click(weekly);
    await first.user.click(screen.getByRole('checkbox', { name: "Your project in today's Trending top 10" }));
    await first.user.click(screen.getByRole('button', { name: 'Save notification emails' }));
    expect(await screen.findByText('Notification emails saved', { exact: true })).toBeVisible();
    expect(sent[0]?.body).toMatchObject({ email: 'weekly', kinds: { trending: false, newFollower: true } });
    const section = screen.getByRole('heading', { name: 'Notification emails' }).closest('section')!;
    await expectNoAxeViolations(section);
    first.unmount();

    renderRoute('/settings', { user: member });
    expect(await screen.findByRole('radio', { name: 'A weekly digest' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: "Your project in today's Trending top 10" })).not.toBeChecked();
  });
});
