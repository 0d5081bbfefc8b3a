import type { Browser } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, registerMember, signIn, E2E_ADMIN, openAs } from './fixtures';
import { createProject, expectToast, isPhone } from './public-helpers';

/** A new project by a new member, so the strip has at least one young project. */
async function youngProject(browser: Browser, title?: string): Promise<{ id: number; title: string }> {
  const context = await browser.newContext();
  const member = await registerMember(context.request);
  const page = await context.newPage();
  await signIn(page, member);
  const project = await createProject(page, title ? { title } : {});
  await context.close();
  return project;
}

/** The strip's section, for scoped accessibility checks. */
const STRIP = '[data-testid="rising-strip"]';

// Each test registers a member and runs axe on whole pages: slow on a busy machine.
test.describe.configure({ timeout: 240_000 });

test.describe('New & rising', () => {
  test('the home page shows the New & rising strip and counts the cards on screen, axe-clean in light and dark; an admin hides a project with a reason, which then appears on /moderation for everyone', async ({
    browser,
    page,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(480_000);
    await test.step('the home page shows the strip and counts the cards on screen, axe-clean in light and dark', async () => {
      await youngProject(browser);
      const beacon = page.waitForResponse(
        (r) => r.url().endsWith('/api/impressions') && r.request().method() === 'POST',
      );
      await page.goto('/');
      const strip = page.getByRole('region', { name: 'New & rising' });
      await expect(strip).toBeVisible();
      const cards = strip.getByRole('listitem');
      expect(await cards.count()).toBeGreaterThan(0);
      // The first card is on screen: its impression goes out in the next batch.
      await strip.scrollIntoViewIfNeeded();
      const response = await beacon;
      expect(response.status()).toBe(200);
      const sent = (response.request().postDataJSON() as { projectIds: number[] }).projectIds;
      const shown = await cards.evaluateAll((items) =>
        items.map((li) => Number((li as HTMLElement).dataset.impression)),
      );
      expect(sent.length).toBeGreaterThan(0);
      for (const id of sent) expect(shown).toContain(id);
      // The strip only: the rest of the home page has its own checks (screens.spec.ts, public.spec.ts).
      await expectNoSeriousA11yViolations(page, STRIP);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoSeriousA11yViolations(page, STRIP);
    });
    await test.step('an admin hides a project with a reason, which then appears on /moderation for everyone', async () => {
      const project = await youngProject(browser, `Rising E2E ${Math.random().toString(36).slice(2, 8)}`);
      const reason = `Copied from another site ${Math.random().toString(36).slice(2, 8)}.`;
      const admin = await openAs(browser, E2E_ADMIN);
      await admin.goto('/admin');
      await expect(admin.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
      await admin.getByRole('tab', { name: /^Projects/ }).click();
      const projects = admin.getByRole('tabpanel', { name: /^Projects/ });
      await projects.getByRole('searchbox', { name: 'Search projects' }).fill(project.title);
      await projects.getByRole('button', { name: `Hide with reason: ${project.title}` }).click();
      const dialog = admin.getByRole('dialog', { name: 'Hide project' });
      await dialog.getByLabel('Public reason (optional)').fill(reason);
      await expectNoSeriousA11yViolations(admin, '[role="dialog"]');
      await dialog.getByRole('button', { name: 'Hide', exact: true }).click();
      await expectToast(admin, 'Project hidden');

      await page.goto('/moderation');
      await expect(page.getByRole('heading', { name: 'Moderation log', level: 1 })).toBeVisible();
      const entry = page.getByRole('listitem').filter({ hasText: project.title });
      await expect(entry).toContainText('Project hidden');
      await expect(entry).toContainText(reason);
      await expect(page.getByRole('link', { name: 'Atom feed' })).toHaveAttribute('href', '/feeds/moderation.atom');
      await expectNoSeriousA11yViolations(page, 'main');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoSeriousA11yViolations(page, 'main');
      if (isPhone(page))
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });

  test(
    'the strip fits a 360 px phone and scrolls sideways within itself',
    { tag: '@phone-only' },
    async ({ browser, page }) => {
      await youngProject(browser);
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto('/');
      const strip = page.getByRole('region', { name: 'New & rising' });
      await expect(strip).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoSeriousA11yViolations(page, STRIP);
    },
  );
});
