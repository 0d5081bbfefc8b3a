import { test, expect, expectNoSeriousA11yViolations, registerMember, signIn, openAs } from './fixtures';
import { expectToast, openMenuIfPhone } from './public-helpers';
import { E2E_BASE_URL } from '../../scripts/e2e/constants';

/** A subject no other test uses. */
function uniqueSubject(base: string): string {
  return `${base} ${Math.random().toString(36).slice(2, 8)}`;
}

test.describe('messages page', () => {
  test('a visitor is sent to sign-in, told why, and back to the messages after it; the tabs work with the keyboard; the Contact Admin tab sends to the administrators and shows To: Admin', async ({
    page,
    request,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(270_000);
    await test.step('a visitor is sent to sign-in, told why, and back to the messages after it', async () => {
      const member = await registerMember(request);
      await page.goto('/messages');
      await expect(page).toHaveURL(`${E2E_BASE_URL}/auth?next=%2Fmessages`);
      await expect(page.getByText('Please log in to view your messages')).toBeVisible();
      const login = page.getByRole('tabpanel', { name: 'Login' });
      await login.getByLabel('Username').fill(member.username);
      await login.getByLabel('Password').fill(member.password);
      await login.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}/messages`);
      await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    });
    await page.context().clearCookies();
    await test.step('the tabs work with the keyboard', async () => {
      const member = await registerMember(request);
      await signIn(page, member);
      await page.goto('/messages');
      await page.getByRole('tab', { name: /Inbox/ }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Contact Admin' })).toBeFocused();
      await expect(page.getByRole('tab', { name: 'Contact Admin' })).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Message User' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: 'Message User' }).getByLabel('Recipient')).toBeEnabled();
      // Tab leaves the tab list for the panel (the panel itself while its content has no focusable yet).
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[role="tabpanel"]') !== null)).toBe(true);
    });
    await page.context().clearCookies();
    await test.step('the Contact Admin tab sends to the administrators and shows To: Admin', async () => {
      const member = await registerMember(request);
      await signIn(page, member);
      await page.goto('/messages');
      await page.getByRole('tab', { name: 'Contact Admin' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Contact Admin' });
      await expect(panel.getByText('Send me a copy via email')).toBeVisible();
      await panel.getByRole('button', { name: 'Send Message' }).click();
      await expect(panel.getByText('Subject must be at least 3 characters')).toBeVisible();
      const subject = uniqueSubject('Need help');
      await panel.getByLabel('Subject').fill(subject);
      await panel.getByLabel('Message').fill('My project preview stays blank.');
      await panel.getByRole('button', { name: 'Send Message' }).click();
      await expectToast(page, 'Message sent');
      await expect(page.getByText('Your message has been sent to the administrators.')).toBeVisible();
      await expect(page.getByRole('article').filter({ hasText: subject }).getByText('To: Admin')).toBeVisible();
    });
  });

  test('a member messages another user, who sees it, marks it read and deletes it', async ({ browser }) => {
    // Two browsers and three axe scans: a long journey.
    test.setTimeout(300_000);
    const request = (await browser.newContext()).request;
    const sender = await registerMember(request);
    const recipient = await registerMember(request);
    const senderPage = await openAs(browser, sender);

    await senderPage.goto('/messages');
    await expect(senderPage.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    await expect(senderPage.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(senderPage.getByRole('link', { name: 'Go to Admin Dashboard' })).toHaveCount(0);
    await expect(senderPage.getByText('No messages found')).toBeVisible();
    await expectNoSeriousA11yViolations(senderPage);

    await senderPage.getByRole('tab', { name: 'Message User' }).click();
    const panel = senderPage.getByRole('tabpanel', { name: 'Message User' });
    // The picker lists other users, never the sender.
    const picker = panel.getByLabel('Recipient');
    await expect(picker.locator('option', { hasText: recipient.username })).toHaveCount(1);
    await expect(picker.locator('option', { hasText: sender.username })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Send Message' }).click();
    await expect(panel.getByText('Please select a recipient for your message.')).toBeVisible();
    await expect(panel.getByText('Subject must be at least 3 characters.')).toBeVisible();
    await expect(panel.getByText('Your message must be at least 10 characters.')).toBeVisible();
    await expectNoSeriousA11yViolations(senderPage);

    const subject = uniqueSubject('Collab?');
    await picker.selectOption({ label: recipient.username });
    await panel.getByLabel('Subject').fill(subject);
    await panel.getByLabel('Message').fill('Hi!\nWant to build something together?');
    await panel.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(senderPage, 'Message sent');
    // Back on the Inbox, the sent message reads 'To: {recipient}' and is not 'New' for its sender.
    await expect(senderPage.getByRole('tab', { name: /Inbox/ })).toHaveAttribute('aria-selected', 'true');
    const sent = senderPage.getByRole('article').filter({ hasText: subject });
    await expect(sent.getByText(`To: ${recipient.username}`)).toBeVisible();
    await expect(sent.getByText('New', { exact: true })).toHaveCount(0);
    await expect(sent.getByRole('button', { name: 'Mark as Read' })).toHaveCount(0);

    const recipientPage = await openAs(browser, recipient);
    await recipientPage.goto('/');
    await openMenuIfPhone(recipientPage);
    await expect(recipientPage.getByRole('link', { name: /^Messages/ }).first()).toHaveAccessibleName(/1 unread/);
    await recipientPage.goto('/messages');
    const card = recipientPage.getByRole('article').filter({ hasText: subject });
    await expect(card.getByText('New', { exact: true })).toBeVisible();
    await expect(card.getByText(`From: ${sender.username}`)).toBeVisible();
    await expect(card.getByText('ago')).toBeVisible();
    // Line breaks are kept.
    await expect(card.getByText(/Want to build something together\?/)).toHaveCSS('white-space', 'pre-wrap');
    // Members get Reply only on what an admin sent them.
    await expect(card.getByRole('button', { name: 'Reply' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(recipientPage);

    await card.getByRole('button', { name: 'Mark as Read' }).click();
    await expect(card.getByText('New', { exact: true })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Mark as Read' })).toHaveCount(0);

    await card.getByRole('button', { name: /^Delete/ }).click();
    await expectToast(recipientPage, 'Message deleted successfully');
    await expect(recipientPage.getByText('No messages found')).toBeVisible();
    // Deleting on one side leaves the sender's copy.
    await senderPage.reload();
    await expect(senderPage.getByRole('article').filter({ hasText: subject })).toBeVisible();
  });

  // A long inbox's newest 50 and Load more by keyboard (the Link header's next page):
  // web/src/pages/messages.dom.test.tsx; the server's pages: the API suite.
});
