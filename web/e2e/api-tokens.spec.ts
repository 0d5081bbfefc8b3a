import { expect, expectNoSeriousA11yViolationsLightAndDark, registerMember, signIn, test } from './fixtures';
import { expectToast } from './public-helpers';

/** /settings' API tokens: make one (shown once), use it as a script would, see its last use, revoke it. */
test.describe('settings: API tokens', () => {
  test('creates a token with the keyboard, shows it once, lists it and revokes it after a confirmation', async ({
    page,
    request,
  }) => {
    await signIn(page, await registerMember(request));
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'API tokens' });
    const form = section.getByRole('form', { name: 'Create a token' });
    await expect(section.getByText('No tokens yet.')).toBeVisible();

    await form.getByRole('button', { name: 'Create token' }).click();
    await expect(form.getByText('Give the token a name')).toBeVisible();
    await expect(form.getByLabel('Token name')).toBeFocused();
    await form.getByLabel('Token name').fill('Release bot');
    await form.getByRole('button', { name: 'Create token' }).click();
    await expect(form.getByText('Choose at least one scope')).toBeVisible();
    await expect(form.getByRole('checkbox').first()).toBeFocused();
    await page.keyboard.press('Space');
    await form.getByRole('checkbox', { name: /write:votes/ }).check();
    await form.getByLabel('Token name').press('Enter');
    await expectToast(page, 'Token created');

    const shown = section.getByRole('region', { name: 'Your new token "Release bot"' });
    await expect(shown).toBeFocused();
    await expect(shown.getByText('it will not be shown again')).toBeVisible();
    const token = await shown.getByRole('textbox').inputValue();
    expect(token).toMatch(/^vtr_/);
    const list = section.getByRole('listitem').filter({ hasText: 'Release bot' });
    await expect(list.getByText('Never used')).toBeVisible();
    await expect(list.getByText('write:votes')).toBeVisible();

    // A script calls with it: no cookie, no Origin; the answer says what is left of its quota.
    const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);
    // The e2e server multiplies every limit (RATE_LIMIT_MULTIPLIER), so the quota's size is not fixed here.
    expect(me.headers()['ratelimit-policy']).toMatch(/^"token";q=\d+;w=60$/);
    expect(me.headers().ratelimit).toMatch(/^"token";r=\d+;t=\d+$/);

    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(shown).toBeHidden();
    await page.reload();
    await expect(section.getByText(/^Last used/)).toBeVisible();

    await section.getByRole('button', { name: 'Revoke Release bot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke "Release bot"?' });
    await expect(dialog.getByText('stop working at once')).toBeVisible();
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await expectToast(page, 'Token revoked');
    await expect(section.getByText('No tokens yet.')).toBeVisible();
    expect((await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  });
});

test.describe('settings: API tokens at 360 px', { tag: '@phone-only' }, () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('has no serious axe violations in light and dark with a new token and the list', async ({ page, request }) => {
    await signIn(page, await registerMember(request));
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'API tokens' });
    await section.getByLabel('Token name').fill('Phone script');
    await section.getByRole('checkbox', { name: /^read/ }).check();
    await section.getByRole('button', { name: 'Create token' }).click();
    await expect(section.getByRole('region', { name: /Your new token/ })).toBeVisible();
    await expect(section.getByRole('listitem').filter({ hasText: 'Phone script' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolationsLightAndDark(page, '[aria-labelledby="api-tokens-heading"]');
  });
});
