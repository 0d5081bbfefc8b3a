import { E2E_BASE_URL } from '../../scripts/e2e/constants';
import { expect, expectNoSeriousA11yViolations, registerMember, signIn, test } from './fixtures';

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
