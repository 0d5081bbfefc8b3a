import { E2E_BASE_URL, E2E_HOSTED_PORT } from '../../scripts/e2e/constants';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSeriousA11yViolationsLightAndDark,
  registerMember,
  signIn,
  test,
} from './fixtures';
import { createProject, expectToast } from './public-helpers';

/** The e2e server's stand-in on loopback, allowed by WEBHOOK_ALLOWED_HOSTS: it answers /up with 200. */
const RECEIVER = `http://127.0.0.1:${E2E_HOSTED_PORT}/up`;

/** /settings "Webhooks": add one with the keyboard, its secret once, its deliveries, redeliver, delete. */
test.describe('settings: webhooks', () => {
  test('adds a webhook, shows its secret once, logs a delivery, redelivers it and deletes it; fits a 360 px screen, axe-clean in light and dark, refusing a loopback address it does not allow', async ({
    page,
    request,
    browser,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(180_000);
    await test.step('adds a webhook, shows its secret once, logs a delivery, redelivers it and deletes the webhook', async () => {
      const owner = await registerMember(request);
      await signIn(page, owner);
      const project = await createProject(page);
      await page.goto('/settings#webhooks');
      const section = page.getByRole('region', { name: 'Webhooks' });
      await expect(section.getByText('No webhooks yet. Add one below.')).toBeVisible();
      await expectNoSeriousA11yViolations(page, '#webhooks');

      // A refused submit focuses the first field in error; the schema's texts show.
      await section.getByRole('button', { name: 'Add webhook' }).click();
      const url = section.getByLabel('Payload URL');
      await expect(url).toBeFocused();
      await expect(section.getByText('Choose at least one event')).toBeVisible();

      // The keyboard alone: the address, the project, one event, submit.
      await url.fill(RECEIVER);
      await section.getByLabel('Projects').selectOption(String(project.id));
      await section.getByRole('checkbox', { name: /Someone commented on a project/ }).focus();
      await page.keyboard.press('Space');
      await url.press('Enter');
      await expectToast(page, 'Webhook added');

      const secret = section.getByLabel('Signing secret');
      await expect(secret).toHaveValue(/^whsec_/);
      await expect(section.getByRole('button', { name: 'Copy secret' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, '#webhooks');
      await section.getByRole('button', { name: 'Done' }).click();
      await expect(secret).toBeHidden();
      const item = section.getByRole('listitem').filter({ hasText: RECEIVER });
      await expect(item.getByText('Active')).toBeVisible();
      await expect(item.getByText(project.title)).toBeVisible();

      // Another member comments: the worker delivers the event to the receiver.
      const commenter = await registerMember(request);
      const other = await page.context().browser()!.newContext();
      try {
        const login = await other.request.post(`${E2E_BASE_URL}/api/auth/login`, {
          headers: { Origin: E2E_BASE_URL },
          data: commenter,
        });
        expect(login.status()).toBe(200);
        const comment = await other.request.post(`${E2E_BASE_URL}/api/projects/${project.id}/comments`, {
          headers: { Origin: E2E_BASE_URL },
          data: { body: 'A comment for the webhook.' },
        });
        expect(comment.status(), await comment.text()).toBe(201);
      } finally {
        await other.close();
      }

      const deliveries = item.getByRole('button', { name: 'Deliveries' });
      await expect(async () => {
        await page.reload();
        await section.getByRole('button', { name: 'Deliveries' }).click();
        await expect(section.getByText('Delivered')).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      await expect(deliveries).toHaveAttribute('aria-expanded', 'true');
      await expect(section.getByText('answered 200')).toBeVisible();
      await expectNoSeriousA11yViolations(page, '#webhooks');
      await section.getByRole('button', { name: /^Redeliver comment\.created/ }).click();
      await expectToast(page, 'Redelivery queued');

      // Deleting asks first; Escape keeps it, the confirmation deletes it.
      const remove = section.getByRole('button', { name: `Delete the webhook to ${RECEIVER}` });
      await remove.click();
      const dialog = page.getByRole('dialog', { name: 'Delete this webhook?' });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();
      await remove.click();
      await dialog.getByRole('button', { name: 'Delete webhook' }).click();
      await expectToast(page, 'Webhook deleted');
      await expect(section.getByText('No webhooks yet. Add one below.')).toBeVisible();
    });
    await test.step('fits a 360 px screen, axe-clean in light and dark, refusing a loopback address it does not allow', async () => {
      const member = await registerMember(request);
      const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
      const page = await context.newPage();
      try {
        await signIn(page, member);
        await page.goto(`${E2E_BASE_URL}/settings#webhooks`);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        const section = page.getByRole('region', { name: 'Webhooks' });
        await section.getByLabel('Payload URL').fill('http://127.0.0.1:6379/');
        await section.getByRole('checkbox', { name: /A project went down/ }).check();
        await section.getByRole('button', { name: 'Add webhook' }).click();
        await expect(section.getByText(/never to loopback, private or link-local ones/)).toBeVisible();
        await expect(section.getByLabel('Payload URL')).toBeFocused();
        await expectNoSeriousA11yViolationsLightAndDark(page, '#webhooks');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(360);
      } finally {
        await context.close();
      }
    });
  });
});
