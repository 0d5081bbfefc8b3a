import { E2E_BASE_URL } from '../../scripts/e2e/constants';
import { awaitingHydration, expect, expectNoSeriousA11yViolations, registerMember, signIn, test } from './fixtures';
import { expectToast } from './public-helpers';

test.describe('a link to a member-only page', () => {
  test('opened signed out (from a mail), leads to sign-in and back to the page asked for', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    await page.goto('/settings');
    await expect(page).toHaveURL(`${E2E_BASE_URL}/auth?next=%2Fsettings`);
    await expect(page.getByText('Please log in to change your settings')).toBeVisible();
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill(member.username);
    await login.getByLabel('Password').fill(member.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/settings`);
    await expect(page.getByRole('heading', { name: 'Notification emails' })).toBeVisible();
  });

  test('a member already signed in goes straight on to the page', async ({ page, request }) => {
    await signIn(page, await registerMember(request));
    await page.goto(`/auth?next=${encodeURIComponent('/settings')}`);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/settings`);
    await expect(page.getByRole('heading', { name: 'Notification emails' })).toBeVisible();
  });

  test('a next that names another site is dropped: sign-in goes home', async ({ page, request }) => {
    const member = await registerMember(request);
    await page.goto(`/auth?next=${encodeURIComponent('//elsewhere.example/settings')}`);
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill(member.username);
    await login.getByLabel('Password').fill(member.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  });
});

/** Account security on /settings: the email's confirmation state and resend, the password change; /confirm-email. */
test.describe('settings: email confirmation and password', () => {
  test('an unconfirmed email offers a new link; the password form refuses a common password and signs other devices out', async ({
    page,
    request,
    browser,
  }) => {
    const member = await registerMember(request);
    await signIn(page, member);
    const other = awaitingHydration(await (await browser.newContext()).newPage());
    await signIn(other, member);
    await page.goto('/settings');
    await expect(page.getByText(`${member.email} is not confirmed yet.`)).toBeVisible();
    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    await expectToast(page, 'Confirmation email sent');

    const form = page.locator('form[aria-labelledby="password-heading"]');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByText('Enter your current password')).toBeVisible();
    await expect(form.getByLabel('Current password')).toBeFocused();
    await form.getByLabel('Current password').fill(member.password);
    await form.getByLabel('New password', { exact: true }).fill('password123');
    await form.getByLabel('Confirm new password').fill('password123');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Password not changed');
    await expect(
      page.getByText('This password is too common or has appeared in data breaches. Please choose a different one.'),
    ).toBeVisible();
    // A guessable password the list does not hold: the meter says so, and so does the server.
    await form.getByLabel('New password', { exact: true }).fill('Vitrine2024!');
    await form.getByLabel('Confirm new password').fill('Vitrine2024!');
    await expect(form.getByText(/Strength: Fair\. Too easy to guess\./)).toBeVisible();
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(
      page.getByText(/^This password is too easy to guess\. Please choose a stronger one\./).first(),
    ).toBeVisible();

    // The keyboard alone: fill and submit with Enter.
    await form.getByLabel('New password', { exact: true }).fill('a-much-better-Passphrase-7');
    await form.getByLabel('Confirm new password').fill('a-much-better-Passphrase-7');
    await form.getByLabel('Confirm new password').press('Enter');
    await expectToast(page, 'Password changed');
    await expect(form.getByLabel('Current password')).toHaveValue('');
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    expect((await other.request.get('/api/auth/me')).status()).toBe(401);
    await expectNoSeriousA11yViolations(page);
  });

  test('/confirm-email with a bad token says the link is invalid', async ({ page }) => {
    await page.goto('/confirm-email?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Confirm Email Address' }).click();
    await expect(page.getByRole('heading', { name: 'Not confirmed' })).toBeVisible();
    await expect(page.getByText('This confirmation link is invalid or has expired.')).toBeVisible();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/confirm-email?token=not-a-real-token`);
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`settings with an unconfirmed email (${scheme})`, { tag: '@phone' }, () => {
    test.use({ colorScheme: scheme });

    test('has no serious axe violations', async ({ page, request }) => {
      await signIn(page, await registerMember(request));
      await page.goto('/settings');
      await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
