import type { Locator, Page } from '@playwright/test';
import { DEMO_RINGS } from '../../db/src/seed/demo';

/** The demo's rings (db/src/seed/demo.ts): one an admin confirms here, one that stays open for review. */
const [TO_CONFIRM, OPEN_RING] = DEMO_RINGS;
import {
  test,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSeriousA11yViolationsLightAndDark,
  registerMember,
  E2E_ADMIN,
  openAs,
} from './fixtures';
import { expectToast } from './public-helpers';

/** The admin dashboard's Integrity tab panel. */
async function integrityTab(page: Page): Promise<Locator> {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: /^Integrity/ }).click();
  return page.getByRole('tabpanel', { name: /^Integrity/ });
}

/** The open cluster card of a demo ring, filed by the integrity scan when the site started. */
async function openRing(panel: Locator, ring: (typeof DEMO_RINGS)[number]): Promise<Locator> {
  const card = panel.getByRole('listitem', { name: /^Cluster / }).filter({ hasText: ring.usernames[0] });
  await expect(card).toBeVisible();
  return card;
}

test.describe('fair ranking', () => {
  test('the Integrity tab shows a held ring by keyboard, axe-clean; confirming a ring pauses its accounts and logs it publicly; a project page explains its rank by keyboard; a member paused with a public reason is shown on /moderation', async ({
    browser,
    page,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(960_000);
    await test.step('the Integrity tab shows a held ring with its evidence, by keyboard, axe-clean in light and dark', async () => {
      const admin = await openAs(browser, E2E_ADMIN);
      const panel = await integrityTab(admin);
      const card = await openRing(panel, OPEN_RING);
      await expect(card).toContainText('New accounts, one network');
      await expect(card).toContainText(`Networks: ${OPEN_RING.network}`);
      for (const username of OPEN_RING.usernames) await expect(card).toContainText(username);
      // The timeline opens from the keyboard.
      const timeline = card.locator('summary', { hasText: /^Timeline of \d+ votes$/ });
      await timeline.focus();
      await admin.keyboard.press('Enter');
      await expect(
        card
          .getByRole('listitem')
          .filter({ hasText: `${OPEN_RING.usernames[0]} from` })
          .first(),
      ).toBeVisible();
      // The tab's panel: the header and the tab list are checked on other pages and in
      // web/src/pages/admin.dom.test.tsx.
      await expectNoSeriousA11yViolationsLightAndDark(admin, '[role="tabpanel"]');
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        admin.viewportSize()!.width,
      );
    });
    // Desktop only: the demo's ring can be confirmed once.
    await test.step('confirming the ring pauses its accounts and logs the reason publicly', async () => {
      const admin = await openAs(browser, E2E_ADMIN);
      const panel = await integrityTab(admin);
      const card = await openRing(panel, TO_CONFIRM);
      const reason = `Accounts bought together ${Math.random().toString(36).slice(2, 8)}.`;
      await card.getByLabel('Reason').fill(reason);
      await card.getByRole('button', { name: 'Confirm ring' }).click();
      await expectToast(admin, 'Ring confirmed');
      await panel.getByRole('tab', { name: 'Confirmed' }).click();
      await expect(card).toContainText(`Confirmed: ${reason}`);
      await expect(card.getByText(/· paused$/)).toHaveCount(TO_CONFIRM.usernames.length);

      await page.goto('/moderation');
      const entry = page.getByRole('listitem').filter({ hasText: reason });
      await expect(entry).toContainText('Voting ring confirmed');
    });
    await test.step('a project page explains its rank on request, by keyboard', async () => {
      await page.goto('/?tab=leaderboard');
      await page.locator('section[aria-label="Project Leaderboard"] ol li').first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/projects\/\d+$/);
      const disclosure = page.locator('summary', { hasText: 'How this rank is computed' });
      await disclosure.focus();
      await page.keyboard.press('Enter');
      const table = page.getByRole('table', { name: 'Votes by kind and their weight' });
      await expect(table).toBeVisible();
      await expect(table.getByRole('rowheader', { name: 'Members with standing' })).toBeVisible();
      await expect(page.getByText(/votes weigh [\d.,]+: the Leaderboard ranks by weight/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'The formula and the weights' })).toHaveAttribute(
        'href',
        '/about/ranking',
      );
      await expectNoSeriousA11yViolations(page, 'details');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoSeriousA11yViolations(page, 'details');
    });
    await test.step('an admin pauses a member with a public reason, shown on /moderation', async () => {
      const member = await registerMember((await browser.newContext()).request);
      const reason = `Spammed every comment ${Math.random().toString(36).slice(2, 8)}.`;
      const admin = await openAs(browser, E2E_ADMIN);
      await admin.goto('/admin');
      const users = admin.getByRole('tabpanel', { name: /^Users/ });
      await users.getByRole('searchbox', { name: 'Search users' }).fill(member.username);
      await users.getByRole('button', { name: `Pause with reason: ${member.username}` }).click();
      const dialog = admin.getByRole('dialog', { name: 'Pause user' });
      await dialog.getByLabel('Public reason (optional)').fill(reason);
      await expectNoSeriousA11yViolations(admin, '[role="dialog"]');
      await dialog.getByRole('button', { name: 'Pause User' }).click();
      await expectToast(admin, 'User pause status updated successfully');
      await expect(users.getByRole('button', { name: 'Unpause User' })).toBeVisible();

      await page.goto('/moderation');
      const entry = page.getByRole('listitem').filter({ hasText: reason });
      await expect(entry).toContainText('User paused');
      await expect(entry).toContainText(member.username);
    });
  });
});
