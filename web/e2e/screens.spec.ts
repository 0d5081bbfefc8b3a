import type { Page } from '@playwright/test';
import { test, expect, registerMember, signIn, openAs, E2E_ADMIN } from './fixtures';
import { chooseHomeTab, createProject, expectToast, openMenuIfPhone } from './public-helpers';

/** The page is wider than its viewport (a sideways scroll). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe('a bad connection never leaves a dead end', () => {
  test('a vote while offline reverts, says the connection is gone, and the page stays; back online it works', async ({
    page,
    request,
    context,
    browser,
  }) => {
    // A project of its own, made by another member: other journeys count the votes of theirs.
    const project = await createProject(await openAs(browser, await registerMember(request)));
    const listed = `/?q=${encodeURIComponent(project.title)}`;
    await signIn(page, await registerMember(request));
    await page.goto(listed);
    // Any first key press fetches the toaster, as a visitor's first interaction would. The chunk and
    // every chunk it imports are in once importing it again resolves: only then is the page offline.
    const toaster = page.waitForResponse((r) => /\/assets\/toast-view-[\w-]+\.js$/.test(new URL(r.url()).pathname));
    await page.keyboard.press('Shift');
    const chunk = (await toaster).url();
    await page.evaluate((url) => import(url).then(() => undefined), chunk);
    const name = new RegExp(`^Vote, 0 votes, for ${project.title}`);
    const vote = page.getByRole('button', { name }).first();
    await context.setOffline(true);
    await expect(page.getByTestId('connection-banner')).toHaveText(/You are offline/);
    await vote.click();
    await expectToast(page, 'Vote failed');
    await expect(
      page.getByText('The connection is gone, so this was not saved.', { exact: false }).last(),
    ).toBeVisible();
    // The optimistic vote rolled back: the same button, unvoted, with the same count.
    await expect(page.getByRole('button', { name }).first()).toBeEnabled();
    await expect(page.getByRole('banner')).toBeVisible();

    // A page whose chunk has not been fetched yet waits for the connection instead of blanking.
    await page.evaluate(() => history.pushState(null, '', '/settings'));
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByTestId('connection-banner')).toHaveCount(0);
    await page.goto(listed);
    await page.getByRole('button', { name }).first().click();
    await expect(
      page.getByRole('button', { name: new RegExp(`^Voted, 1 vote, for ${project.title}`) }).first(),
    ).toBeVisible();
  });
});

test.describe('long unbroken words never widen a phone', { tag: '@phone-only' }, () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a 100-character title and a 440-character word stay inside 360 px on the home page, the project and the profile', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    await signIn(page, member);
    const title = 'W'.repeat(100);
    const { id } = await createProject(page, { title, description: 'D'.repeat(440), tags: `${'t'.repeat(30)}, e2e` });
    for (const path of ['/', `/projects/${id}`, `/users/${member.username}`]) {
      await page.goto(path);
      await expect(page.getByText(title).first()).toBeVisible();
      expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
    }
  });
});

// Each width once: the desktop project at 1280 px, the phone project at 360 px.
test.describe('projects above the fold', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    const tag = viewport.width < 768 ? ['@phone-only'] : [];
    test(`the first project card starts on the first screen at ${viewport.width} px`, { tag }, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const card = page.locator('main article').first();
      await expect(card).toBeVisible();
      const top = await card.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      expect(top).toBeLessThan(viewport.height - 100);
    });
  }
});

test.describe('the listing chosen lives in the address', { tag: '@phone' }, () => {
  test('a shared link, reload and Back show the tab, period, range and sort chosen; the server renders it', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/?tab=trending&period=month')).text();
    expect(html.slice(html.indexOf('<div id="root">'))).toContain('Trending Projects</h2>');

    await page.goto('/?tab=trending&period=month');
    await expect(page.getByRole('heading', { name: 'Trending Projects' })).toBeVisible();
    await expect(page.getByLabel('Period', { exact: true })).toHaveValue('month');

    await chooseHomeTab(page, 'Leaderboard');
    await page.getByLabel('Time Range', { exact: true }).selectOption('week');
    await expect(page).toHaveURL(/[?&]tab=leaderboard(&|$)/);
    await expect(page).toHaveURL(/[?&]range=week(&|$)/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Project Leaderboard' })).toBeVisible();
    await expect(page.getByLabel('Time Range', { exact: true })).toHaveValue('week');

    await chooseHomeTab(page, 'Latest Projects');
    await page.getByLabel('Sort by', { exact: true }).selectOption('votes');
    await expect(page).toHaveURL(/[?&]sort=votes(&|$)/);
    await page.locator('main a[href^="/projects/"]').first().click();
    await expect(page).toHaveURL(/\/projects\/\d+$/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Latest Submissions' })).toBeVisible();
    await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('votes');
  });
});

test.describe("the phone's listing picker", { tag: '@phone-only' }, () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('arrow keys only move the choice; Enter opens the listing chosen', async ({ page }) => {
    await page.goto('/');
    const picker = page.getByLabel('Project listing', { exact: true });
    await picker.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(picker).toHaveValue('leaderboard');
    await expect(page).not.toHaveURL(/[?&]tab=/);
    await expect(page.getByRole('heading', { name: 'Latest Submissions' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]tab=leaderboard(&|$)/);
    await expect(page.getByRole('heading', { name: 'Project Leaderboard' })).toBeVisible();
  });
});

test.describe('the phone menu', { tag: '@phone-only' }, () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('Escape closes the menu and hands focus back to its button', async ({ page }) => {
    await page.goto('/about');
    await openMenuIfPhone(page);
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await menu.getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

// Sign-up's refusal at its field and focus after success, the route announcer, and a half-typed
// project kept through Escape are proven without a browser: web/src/app/app.dom.test.tsx.

test.describe('a new member is shown the way', () => {
  test('the first-steps checklist shows what is left, links each step, and stays dismissed', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    await signIn(page, member);
    await page.goto('/');
    const steps = page.getByRole('region', { name: 'Your first steps on Vitrine' });
    await expect(steps).toBeVisible();
    await expect(steps.getByText('0 of 3 done')).toBeVisible();
    await expect(steps.getByText(`Confirm your email address (we sent a link to ${member.email})`)).toBeVisible();
    await expect(steps.getByRole('link', { name: 'join a test request' })).toHaveAttribute('href', '/test-requests');
    await expect(steps.getByRole('link', { name: 'See your profile' })).toHaveAttribute(
      'href',
      `/users/${member.username}`,
    );
    await steps.getByRole('button', { name: 'Dismiss your first steps' }).click();
    await expect(steps).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Latest Submissions' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your first steps on Vitrine' })).toHaveCount(0);
  });
});

test.describe('no layout shift while a page loads', { tag: '@phone' }, () => {
  test('/settings, /messages and /admin: cumulative layout shift stays at most 0.02 on each', async ({ page }) => {
    test.slow();
    await signIn(page, E2E_ADMIN);
    // Without pushes: other journeys' new members, messages and reports would move these lists as
    // they arrive, which is news, not the page loading.
    await page.routeWebSocket(/\/socket\.io\//, () => {});
    await page.addInitScript(() => {
      (window as unknown as { cls: number }).cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Each page is a fresh load (the script above starts the count again at 0 on each).
    for (const path of ['/settings', '/messages', '/admin']) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThanOrEqual(0.02);
      });
    }
  });
});
