import type { Browser, Page } from '@playwright/test';
import {
  test,
  expect,
  awaitingHydration,
  expectNoSeriousA11yViolations,
  registerMember,
  openAs,
  liveProfileReady,
  type Member,
} from './fixtures';
import { chooseHomeTab, createProject, expectToast, openMenuIfPhone } from './public-helpers';
import { E2E_BASE_URL } from '../../scripts/e2e/constants';

/**
 * Follows and the notification centre: a member follows a maker on their profile, the maker publishes
 * in another browser, and the member's bell counts up live; the bell's panel (by keyboard) and the
 * centre list it, link to it and mark it read; the home page's Following tab lists the followed makers'
 * projects; the mail settings save. Axe-clean in light and dark, down to 360 px.
 */

/** The header's bell (in the phone menu, opened first). */
async function bell(page: Page) {
  await openMenuIfPhone(page);
  const button = page.getByRole('button', { name: /^Notifications/ }).locator('visible=true');
  await expect(button).toBeVisible();
  return button;
}

/** A maker and a member who may follow them, each signed in in a browser of their own. */
async function makerAndFan(browser: Browser) {
  const request = (await browser.newContext()).request;
  const maker = await registerMember(request);
  const fan = await registerMember(request);
  return { request, maker, fan, makerPage: await openAs(browser, maker), fanPage: await openAs(browser, fan) };
}

/** `fanPage`'s member follows `maker`. */
async function follow(fanPage: Page, maker: Member): Promise<void> {
  const res = await fanPage.request.post(`/api/users/${maker.username}/follow`, { headers: { Origin: E2E_BASE_URL } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The bell's panel. */
function panel(page: Page) {
  return page.getByRole('dialog', { name: 'Notifications' });
}

test.describe('follows and notifications', () => {
  // Two browsers and several axe scans each: more room than one page's journey on a busy machine.
  test.describe.configure({ timeout: 300_000 });
  test("the bell counts up live when a followed maker publishes, and the centre links to it; the centre fills live, the panel's item links to its place and Mark all as read clears the bell", async ({
    browser,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(600_000);
    await test.step('the bell counts up live when a followed maker publishes, and the centre links to it', async () => {
      const { maker, makerPage, fanPage } = await makerAndFan(browser);

      await fanPage.goto(`/users/${maker.username}`);
      await fanPage.getByRole('button', { name: 'Follow', exact: true }).click();
      await expect(fanPage.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
      await expect(fanPage.getByText(/^1\s+follower$/)).toBeVisible();
      const button = await bell(fanPage);
      await expect(button).not.toHaveAccessibleName(/unread/);

      const project = await createProject(makerPage, { title: `Followed ${Math.random().toString(36).slice(2, 8)}` });
      await expect(button).toHaveAccessibleName(/1 unread/);
      const text = `${maker.username} published a new project: "${project.title}"`;

      // The panel by keyboard: Enter opens it with focus inside, Escape closes it and focus is back on the bell.
      await button.focus();
      await fanPage.keyboard.press('Enter');
      await expect(panel(fanPage)).toBeVisible();
      await expect(panel(fanPage)).toBeFocused();
      await expect(panel(fanPage).getByRole('link', { name: `Unread: ${text}` })).toBeVisible();
      await fanPage.keyboard.press('Tab');
      await expect(panel(fanPage).getByRole('button', { name: 'Mark all as read' })).toBeFocused();
      await expectNoSeriousA11yViolations(fanPage);
      await fanPage.keyboard.press('Escape');
      await expect(panel(fanPage)).toBeHidden();
      await expect(button).toBeFocused();

      // Again by keyboard, on to the whole centre.
      await fanPage.keyboard.press('Enter');
      await expect(panel(fanPage)).toBeFocused();
      await fanPage.keyboard.press('Tab');
      await fanPage.keyboard.press('Tab');
      await expect(panel(fanPage).getByRole('link', { name: `Unread: ${text}` })).toBeFocused();
      await fanPage.keyboard.press('Tab');
      const seeAll = panel(fanPage).getByRole('link', { name: 'See all notifications' });
      await expect(seeAll).toBeFocused();
      await fanPage.keyboard.press('Enter');
      await expect(fanPage).toHaveURL(/\/notifications$/);
      await expect(panel(fanPage)).toBeHidden();
      const item = fanPage.getByRole('link', { name: `Unread: ${text}` });
      await expect(item).toBeVisible();
      await expectNoSeriousA11yViolations(fanPage);
      await item.click();
      await expect(fanPage).toHaveURL(new RegExp(`/projects/${project.id}$`));
      await expect(await bell(fanPage)).not.toHaveAccessibleName(/unread/);
    });
    await test.step("the centre fills live; the panel's item links to its place and Mark all as read clears the bell", async () => {
      const { maker, makerPage, fanPage } = await makerAndFan(browser);
      await follow(fanPage, maker);
      await fanPage.goto('/notifications');
      await expect(fanPage.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
      const first = await createProject(makerPage);
      await createProject(makerPage);
      await expect(fanPage.getByRole('main').getByRole('link', { name: /^Unread: / })).toHaveCount(2);

      const button = await bell(fanPage);
      await expect(button).toHaveAccessibleName(/2 unread/);
      await button.click();
      await panel(fanPage)
        .getByRole('link', { name: new RegExp(`"${first.title}"$`) })
        .click();
      await expect(fanPage).toHaveURL(new RegExp(`/projects/${first.id}$`));
      // Following a link closes the panel (and the phone menu): the bell is found again.
      const again = await bell(fanPage);
      await expect(again).toHaveAccessibleName(/1 unread/);
      await again.click();
      await panel(fanPage).getByRole('button', { name: 'Mark all as read' }).click();
      await expectToast(fanPage, 'All notifications marked as read');
      await expect(panel(fanPage).getByRole('link', { name: /^Unread: / })).toHaveCount(0);
      await expect(again).not.toHaveAccessibleName(/unread/);

      // The centre's own Mark all as read, once more news has come.
      await createProject(makerPage);
      await fanPage.goto('/notifications');
      await expect(fanPage.getByRole('main').getByRole('link', { name: /^Unread: / })).toHaveCount(1);
      await fanPage.getByRole('main').getByRole('button', { name: 'Mark all as read' }).click();
      await expectToast(fanPage, 'All notifications marked as read');
      await expect(fanPage.getByRole('main').getByRole('link', { name: /^Unread: / })).toHaveCount(0);
      await expect(await bell(fanPage)).not.toHaveAccessibleName(/unread/);
    });
  });

  test("a profile's follower count moves live for everyone looking at it; the home page's Following tab lists the followed makers' projects and pages by keyset", async ({
    browser,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(1_200_000);
    await test.step("a profile's follower count moves live for everyone looking at it, the maker too", async () => {
      const { maker, makerPage, fanPage } = await makerAndFan(browser);
      const visitor = await openAs(browser);
      const pages = [visitor, makerPage, fanPage];
      const watching = pages.map((page) => liveProfileReady(page, maker.username));
      for (const page of pages) await page.goto(`/users/${maker.username}`);
      await Promise.all(watching);
      const followers = (page: Page, count: number) =>
        page.getByText(new RegExp(`^${count}\\s+${count === 1 ? 'follower' : 'followers'}$`));
      for (const page of pages) await expect(followers(page, 0)).toBeVisible();

      await fanPage.getByRole('button', { name: 'Follow', exact: true }).click();
      await expect(fanPage.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
      for (const page of pages) await expect(followers(page, 1)).toBeVisible();

      // Another member follows from elsewhere: every page's count rises, the fan's after their own answer.
      const otherRequest = (await browser.newContext()).request;
      const other = await registerMember(otherRequest);
      const res = await otherRequest.post(`/api/users/${maker.username}/follow`, { headers: { Origin: E2E_BASE_URL } });
      expect(res.status(), `${other.username}: ${await res.text()}`).toBe(200);
      for (const page of pages) await expect(followers(page, 2)).toBeVisible();

      await fanPage.getByRole('button', { name: 'Following' }).click();
      await expect(fanPage.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      for (const page of pages) await expect(followers(page, 1)).toBeVisible();
    });
    await test.step("the home page's Following tab lists the followed makers' projects, says what to do when empty, and asks visitors to log in", async () => {
      const { request, maker, makerPage, fanPage } = await makerAndFan(browser);
      await fanPage.goto('/');
      await chooseHomeTab(fanPage, 'Following');
      await expect(fanPage).toHaveURL(/[?&]tab=following(&|$)/);
      const following = fanPage.getByRole('region', { name: 'Following' });
      await expect(following.getByRole('heading', { name: 'You are not following any makers yet' })).toBeVisible();
      await expectNoSeriousA11yViolations(fanPage, '#projects');

      await follow(fanPage, maker);
      const project = await createProject(makerPage, { title: `Feed ${Math.random().toString(36).slice(2, 8)}` });
      await createProject(await openAs(browser, await registerMember(request)), { title: 'Not followed' });
      // The address keeps the tab: a reload opens it again.
      await fanPage.reload();
      await expect(following.getByRole('link', { name: project.title })).toBeVisible();
      await expect(following.getByRole('article')).toHaveCount(1);
      await expectNoSeriousA11yViolations(fanPage, '#projects');

      const visitor = awaitingHydration(await (await browser.newContext()).newPage());
      await visitor.goto('/?tab=following');
      await expect(
        visitor
          .getByRole('region', { name: 'Following' })
          .getByRole('heading', { name: 'Log in to see the makers you follow' }),
      ).toBeVisible();
    });
    await test.step('Following pages by keyset: Load More adds the older projects of every followed maker, none twice', async () => {
      const request = (await browser.newContext()).request;
      const makers = [await registerMember(request), await registerMember(request)];
      const fan = await registerMember(request);
      const fanPage = await openAs(browser, fan);
      for (const maker of makers) await follow(fanPage, maker);
      // Eight projects, the two makers' in turn: more than a page of six.
      const makerPages = [await openAs(browser, makers[0]), await openAs(browser, makers[1])];
      const titles: string[] = [];
      for (let i = 0; i < 8; i++) {
        titles.push(
          (await createProject(makerPages[i % 2]!, { title: `Paged ${i} ${Math.random().toString(36).slice(2, 6)}` }))
            .title,
        );
      }
      await fanPage.goto('/?tab=following');
      const following = fanPage.getByRole('region', { name: 'Following' });
      const cards = following.getByRole('article');
      await expect(cards).toHaveCount(6);
      const next = fanPage.waitForRequest((r) => /\/api\/feed\/following\?.*after=\d+/.test(r.url()));
      await following.getByRole('button', { name: 'Load More Projects' }).click();
      await next;
      await expect(cards).toHaveCount(8);
      // Newest first, the first page kept above the second, each project once.
      expect(await cards.locator('h3').allInnerTexts()).toEqual([...titles].reverse());
      // A short page ends the list: Load More stays, disabled.
      await expect(following.getByRole('button', { name: 'Load More Projects' })).toBeDisabled();
    });
  });

  // The centre's, the bell's and the profile's Follow states, with axe, are proven without a browser
  // (web/src/pages/notifications.dom.test.tsx); here what needs a real page: contrast, target size and
  // the 360 px width, in dark mode.
  test(
    "the centre and the profile's Follow are axe-clean at 360 px, dark",
    { tag: '@phone-only' },
    async ({ browser }) => {
      const request = (await browser.newContext()).request;
      const maker = await registerMember(request);
      const fan = await registerMember(request);
      const makerPage = await openAs(browser, maker);
      const fanPage = await openAs(browser, fan);
      await fanPage.setViewportSize({ width: 360, height: 740 });
      await fanPage.emulateMedia({ colorScheme: 'dark' });
      await fanPage.goto(`/users/${maker.username}`);
      await fanPage.getByRole('button', { name: 'Follow', exact: true }).click();
      await expect(fanPage.getByRole('button', { name: 'Following' })).toBeVisible();
      await expectNoSeriousA11yViolations(fanPage);
      await createProject(makerPage);
      await fanPage.goto('/notifications');
      await expect(fanPage.getByRole('main').getByRole('link', { name: /^Unread: / })).toHaveCount(1);
      await expectNoSeriousA11yViolations(fanPage);
      const width = await fanPage.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
      await (await bell(fanPage)).click();
      await expect(panel(fanPage).getByRole('link', { name: /^Unread: / })).toHaveCount(1);
      await expectNoSeriousA11yViolations(fanPage);
      const box = await panel(fanPage).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    },
  );
});
