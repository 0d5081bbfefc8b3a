import { E2E_BASE_URL } from '../../scripts/e2e/constants';
import { expect, expectNoSeriousA11yViolations, registerMember, signIn, test } from './fixtures';

test.describe('a link to a member-only page', () => {
  test('a next that names another site is dropped; a member already signed in goes straight on; opened signed out (from a mail), it leads to sign-in and back to the page asked for', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await test.step('a next that names another site is dropped: sign-in goes home', async () => {
      await page.goto(`/auth?next=${encodeURIComponent('//elsewhere.example/settings')}`);
      await login.getByLabel('Username').fill(member.username);
      await login.getByLabel('Password').fill(member.password);
      await login.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    });

    await test.step('a member already signed in goes straight on to the page', async () => {
      await page.goto(`/auth?next=${encodeURIComponent('/settings')}`);
      await expect(page).toHaveURL(`${E2E_BASE_URL}/settings`);
      await expect(page.getByRole('heading', { name: 'Notification emails' })).toBeVisible();
    });

    await test.step('opened signed out, sign-in leads back to the page asked for', async () => {
      await page.context().clearCookies();
      await page.goto('/settings');
      await expect(page).toHaveURL(`${E2E_BASE_URL}/auth?next=%2Fsettings`);
      await expect(page.getByText('Please log in to change your settings')).toBeVisible();
      await login.getByLabel('Username').fill(member.username);
      await login.getByLabel('Password').fill(member.password);
      await login.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}/settings`);
      await expect(page.getByRole('heading', { name: 'Notification emails' })).toBeVisible();
    });
  });
});

/**
 * The screen's states, messages and rules that need no layout are proven in web/src/pages/settings.dom.test.tsx;
 * here the axe rules that need a real page (contrast, target size) on the narrowest phone in dark mode.
 */
test.describe('settings with an unconfirmed email, at 360 px in dark mode', { tag: '@phone-only' }, () => {
  test.use({ colorScheme: 'dark', viewport: { width: 360, height: 780 } });

  test('has no serious axe violations', async ({ page, request }) => {
    await signIn(page, await registerMember(request));
    await page.goto('/settings');
    await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
