import { readFile } from 'node:fs/promises';
import { E2E_BASE_URL } from '../../scripts/e2e/constants';
import { expect, expectNoSeriousA11yViolations, registerMember, signIn, test } from './fixtures';
import { expectToast } from './public-helpers';

/** /settings "Your data": the JSON export and the account's deletion (docs/api.md "Your data"). */
test.describe('settings: your data', () => {
  test('downloads the member’s data as JSON; deleting the account asks for the password and a confirmation, signs out, and the member cannot sign in again', async ({
    page,
    request,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(180_000);
    await test.step('downloads the member’s data as JSON', async () => {
      const member = await registerMember(request);
      await signIn(page, member);
      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'Your data' });
      await expect(section).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      const downloading = page.waitForEvent('download');
      await section.getByRole('button', { name: 'Download my data' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^vitrine-${member.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
      );
      const data = JSON.parse(await readFile(await download.path(), 'utf8'));
      expect(data.profile).toMatchObject({ username: member.username, email: member.email });
      expect(JSON.stringify(data)).not.toContain('argon2');
      await expectToast(page, 'Download started');
    });
    await page.context().clearCookies();
    await test.step('deleting the account asks for the password and a confirmation, signs out, and the member cannot sign in again', async () => {
      const member = await registerMember(request);
      await signIn(page, member);
      await page.goto('/settings');
      const opener = page.getByRole('button', { name: 'Delete my account' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Password')).toBeFocused();
      await expectNoSeriousA11yViolations(page);

      // Nothing happens without the confirmation, nor with a wrong password.
      await dialog.getByLabel('Password').fill('not-my-password');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await expect(dialog.getByText('Tick the box to confirm that you want to delete your account')).toBeVisible();
      await dialog.getByText('I understand that my account and my data will be deleted for good.').click();
      await dialog.getByLabel('Password').press('Enter');
      await expectToast(page, 'Account not deleted');
      await expect(dialog.getByText('Password is incorrect')).toBeVisible();

      // Escape closes the dialog and gives focus back to its button; the keyboard alone deletes.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      // Keys go where focus is: the dialog puts it in the password field once it has opened.
      await expect(dialog.getByLabel('Password')).toBeFocused();
      await dialog.getByLabel('Password').fill(member.password);
      await page.keyboard.press('Tab');
      const confirm = dialog.getByRole('checkbox', {
        name: 'I understand that my account and my data will be deleted for good.',
      });
      await expect(confirm).toBeFocused();
      await page.keyboard.press('Space');
      await expect(confirm).toBeChecked();
      await dialog.getByLabel('Password').press('Enter');

      await expectToast(page, 'Account deleted');
      await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
      expect((await page.request.get('/api/auth/me')).status()).toBe(401);
      const again = await request.post('/api/auth/login', {
        headers: { Origin: E2E_BASE_URL },
        data: { username: member.username, password: member.password },
      });
      expect(again.status()).toBe(401);
    });
  });
});
