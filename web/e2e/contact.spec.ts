import type { APIRequestContext, Browser } from '@playwright/test';
import {
  test,
  expect,
  awaitingHydration,
  expectNoSeriousA11yViolations,
  registerMember,
  signIn,
  E2E_ADMIN,
} from './fixtures';
import { expectToast, openMenuIfPhone } from './public-helpers';

/** A subject no other test uses. */
function uniqueSubject(base: string): string {
  return `${base} ${Math.random().toString(36).slice(2, 8)}`;
}

/** The admin inbox as the admin sees it through the API (its own context). */
async function adminMessages(
  browser: Browser,
): Promise<
  Array<{ subject: string; senderName: string | null; senderEmail: string | null; senderUserId: number | null }>
> {
  const context = await browser.newContext();
  const page = awaitingHydration(await context.newPage());
  await signIn(page, E2E_ADMIN);
  const res = await page.request.get('/api/admin/messages');
  expect(res.status()).toBe(200);
  const body = await res.json();
  await context.close();
  return body;
}

/** The logged-in member's id. */
async function me(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/auth/me');
  return ((await res.json()) as { id: number }).id;
}

// Cancel, and a refused send said once under the form (not also as a toast): web/src/pages/contact.dom.test.tsx.
test.describe('contact page', () => {
  test('a visitor: platform and email modes, the product texts, success panel and Send Another Message; the Contact Admin dialog with all four fields reaches the admins', async ({
    page,
    browser,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(390_000);
    await test.step('a visitor: platform and email modes, the product texts, success panel and Send Another Message', async () => {
      await page.goto('/contact');
      await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Platform Message' })).toHaveAttribute('aria-selected', 'true');
      let panel = page.getByRole('tabpanel', { name: 'Platform Message' });

      // Platform mode, logged out: name, no email, no copy checkbox, a suggestion to log in.
      await expect(panel.getByLabel('Your Name')).toBeVisible();
      await expect(panel.getByLabel('Your Email')).toHaveCount(0);
      await expect(panel.getByText('Send me a copy via email')).toHaveCount(0);
      await expect(panel.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
      // The side panel's quick links.
      const aside = page.getByRole('complementary', { name: 'Contact information' });
      await expect(aside.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
      await expect(aside.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
      await expect(aside.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
      await expectNoSeriousA11yViolations(page);

      await panel.getByRole('button', { name: 'Send Message' }).click();
      await expect(panel.getByText('Subject must be at least 3 characters')).toBeVisible();
      await expect(panel.getByText('Message must be at least 10 characters')).toBeVisible();
      // Focus lands on the first field to fix.
      await expect(panel.getByLabel('Subject')).toBeFocused();

      // Email mode: the email field and the copy checkbox appear; what was typed stays.
      await panel.getByLabel('Your Name').fill('Vera Visitor');
      await panel.getByLabel('Subject').fill('Hi');
      await page.getByRole('tab', { name: 'Email Contact' }).click();
      // Name the panel: while Ark swaps panels, both can be visible for a frame.
      panel = page.getByRole('tabpanel', { name: 'Email Contact' });
      await expect(panel.getByLabel('Your Name')).toHaveValue('Vera Visitor');
      await expect(panel.getByLabel('Your Email')).toBeVisible();
      await expect(panel.getByText('Send me a copy via email')).toBeVisible();
      // A visitor's copy waits for a confirmation of the typed address.
      await expect(
        panel.getByText(
          'We first email a link to confirm the address you provide above; the copy is sent only if you follow it within 24 hours.',
        ),
      ).toBeVisible();
      await expect(panel.getByRole('link', { name: 'Log in' })).toHaveCount(0);
      await panel.getByLabel('Message').fill('Short');
      await panel.getByRole('button', { name: 'Send Message' }).click();
      await expect(panel.getByText('Email is required for email contact')).toBeVisible();
      await expect(panel.getByText('Subject must be at least 3 characters')).toBeVisible();
      await panel.getByLabel('Your Email').fill('not-an-email');
      await panel.getByRole('button', { name: 'Send Message' }).click();
      await expect(panel.getByText('Please enter a valid email address')).toBeVisible();

      const subject = uniqueSubject('Visitor question');
      await panel.getByLabel('Your Email').fill('vera@example.com');
      await panel.getByLabel('Subject').fill(subject);
      await panel.getByLabel('Message').fill('Hello admins,\nhow do I get the verified badge?');
      await panel.getByText('Send me a copy via email').click();
      await panel.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('heading', { name: 'Message Sent Successfully' })).toBeVisible();
      const sent = page.getByRole('status').filter({ hasText: 'Message Sent Successfully' });
      await expect(
        sent.getByText("Your message has been sent successfully. We'll get back to you soon."),
      ).toBeVisible();
      // Said once, in the panel: no toast repeats it.
      await expect(page.getByText('Message sent', { exact: true })).toHaveCount(0);
      await expect(
        page.getByText('Check your inbox: follow the confirmation link we sent within 24 hours to receive your copy.', {
          exact: true,
        }),
      ).toBeVisible();
      // Visitors get no inbox link.
      await expect(page.getByRole('link', { name: 'Go to Messages' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      const stored = (await adminMessages(browser)).find((m) => m.subject === subject);
      expect(stored).toMatchObject({ senderName: 'Vera Visitor', senderEmail: 'vera@example.com', senderUserId: null });

      await page.getByRole('button', { name: 'Send Another Message' }).click();
      await expect(page.getByRole('tabpanel', { name: 'Email Contact' }).getByLabel('Subject')).toHaveValue('');
    });
    await test.step('a visitor fills all four fields and the admins receive it', async () => {
      await page.goto('/');
      await openMenuIfPhone(page);
      await page.getByRole('button', { name: 'Contact Admin' }).click();
      const dialog = page.getByRole('dialog', { name: 'Contact Admin' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Send a message to the site administrators')).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await dialog.getByRole('button', { name: 'Send Message' }).click();
      await expect(dialog.getByText('Please enter your name')).toBeVisible();
      await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
      await expect(dialog.getByText('Subject must be at least 3 characters')).toBeVisible();
      await expect(dialog.getByText('Message must be at least 10 characters')).toBeVisible();
      await expect(dialog.getByLabel('Name')).toBeFocused();

      const subject = uniqueSubject('Dialog hello');
      await dialog.getByLabel('Name').fill('Dana Dialog');
      await dialog.getByLabel('Email').fill('dana@example.com');
      await dialog.getByLabel('Subject').fill(subject);
      await dialog.getByLabel('Message').fill('Just saying hi from the quick dialog.');
      await dialog.getByRole('button', { name: 'Send Message' }).click();
      await expectToast(page, 'Message sent');
      await expect(page.getByText('Your message has been sent to the administrators.')).toBeVisible();
      await expect(dialog).toBeHidden();

      const stored = (await adminMessages(browser)).find((m) => m.subject === subject);
      expect(stored).toMatchObject({ senderName: 'Dana Dialog', senderEmail: 'dana@example.com', senderUserId: null });
    });
  });

  test('a member: no name or email fields, the copy hint (a copy needs a confirmed address), and a link to the inbox after sending', async ({
    page,
    request,
    browser,
  }) => {
    const member = await registerMember(request);
    await signIn(page, member);
    await page.goto('/contact');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByLabel('Subject')).toBeVisible();
    await expect(panel.getByLabel('Your Name')).toHaveCount(0);
    await expect(panel.getByLabel('Your Email')).toHaveCount(0);
    await expect(panel.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expect(panel.getByText('Send me a copy via email')).toBeVisible();
    // The new member's address is not confirmed yet, so no copy can be asked for.
    await expect(
      panel.getByText('Confirm your email address in Settings to receive a copy of your message.'),
    ).toBeVisible();
    await expect(panel.getByRole('checkbox', { name: 'Send me a copy via email' })).toBeDisabled();

    const subject = uniqueSubject('Member note');
    await panel.getByLabel('Subject').fill(subject);
    await panel.getByLabel('Message').fill('I would like to suggest a new category.');
    await panel.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Message Sent Successfully' })).toBeVisible();
    await expect(page.getByText('Message sent', { exact: true })).toHaveCount(0);
    const stored = (await adminMessages(browser)).find((m) => m.subject === subject);
    expect(stored?.senderUserId).toBe(await me(page.request));

    await page.getByRole('link', { name: 'Go to Messages' }).click();
    await expect(page).toHaveURL(/\/messages$/);
    const card = page.getByRole('article').filter({ hasText: subject });
    await expect(card.getByText('To: Admin')).toBeVisible();
  });
});
