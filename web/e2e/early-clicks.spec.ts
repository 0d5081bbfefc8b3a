import type { Browser, Page } from '@playwright/test';
import { test, expect, registerMember, signIn, type Member } from './fixtures';
import { createProject } from './public-helpers';

/**
 * What a person does before React has hydrated the server's page is kept and done once hydrated
 * (src/early-clicks.ts, docs/web-client.md "Before hydration"): on a phone-speed CPU (6x slower),
 * with the application's chunk held back so the page is surely not hydrated yet, each click is made
 * the moment its button shows.
 */

/** The CPU slowdown of a mid-range phone, as Lighthouse's mobile preset uses 4x; a slower one here. */
const CPU_SLOWDOWN = 6;

/** A fresh context's page on a 6x slower CPU whose application chunk waits for `release()`. */
async function slowPage(browser: Browser, who?: Member): Promise<{ page: Page; release: () => void }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (who) await signIn(page, who);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { page, release };
}

/** Opens `path` and resolves once its markup is there (the server's, not hydrated). */
async function openUnhydrated(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
}

async function expectNotHydrated(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

async function votesOf(page: Page, id: number): Promise<number> {
  const res = await page.request.get(`/api/projects/${id}`);
  return ((await res.json()) as { votes: number }).votes;
}

test.describe('clicks before hydration', () => {
  test.slow();

  test('a visitor before hydration: Vote clicked twice is counted once; Log in opens the sign-in dialog; a form sent never goes to the address bar', async ({
    browser,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(810_000);
    await test.step('a visitor clicks Vote twice before hydration: the vote is counted once', async () => {
      const maker = await registerMember((await browser.newContext()).request);
      const makerPage = await browser.newPage();
      await signIn(makerPage, maker);
      const project = await createProject(makerPage);
      const { page, release } = await slowPage(browser);
      await openUnhydrated(page, `/projects/${project.id}`);
      const vote = page.getByRole('button', { name: `Vote, 0 votes, for ${project.title}` });
      await vote.click();
      await vote.click();
      await expectNotHydrated(page);
      // Shown as taken meanwhile.
      await expect(vote).toHaveAttribute('data-early-click', '');
      release();
      await hydrated(page);
      await expect(page.getByRole('button', { name: `Voted, 1 vote, for ${project.title}` })).toBeVisible();
      // The page's own vote went through once; a reload shows the server's count.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await hydrated(page);
      await expect(page.getByRole('button', { name: `Voted, 1 vote, for ${project.title}` })).toBeVisible();
      expect(await votesOf(page, project.id)).toBe(1);
    });
    await test.step('Log in clicked before hydration opens the sign-in dialog', async () => {
      const { page, release } = await slowPage(browser);
      await openUnhydrated(page, '/about');
      await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
      await expectNotHydrated(page);
      release();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
    await test.step('a form sent before hydration never goes to the address bar', async () => {
      const { page, release } = await slowPage(browser);
      await openUnhydrated(page, '/');
      const search = page.getByRole('searchbox').first();
      await search.fill('kept query');
      await search.press('Enter');
      await expectNotHydrated(page);
      expect(new URL(page.url()).search).toBe('');
      release();
      await hydrated(page);
      await expect(page).toHaveURL(/q=kept/);
    });
  });

  test('a member follows, rates and comments before hydration; each happens once', async ({ browser }) => {
    const request = (await browser.newContext()).request;
    const maker = await registerMember(request);
    const fan = await registerMember(request);
    const makerPage = await browser.newPage();
    await signIn(makerPage, maker);
    const project = await createProject(makerPage);

    // Follow, on the maker's profile.
    const profile = await slowPage(browser, fan);
    await openUnhydrated(profile.page, `/users/${maker.username}`);
    await profile.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expectNotHydrated(profile.page);
    profile.release();
    await hydrated(profile.page);
    await expect(profile.page.getByRole('button', { name: 'Following' })).toBeVisible({ timeout: 30_000 });
    await expect(profile.page.getByText(/^1\s+follower$/)).toBeVisible();

    // A rating chosen, and a comment typed and posted, on the project's page.
    const { page, release } = await slowPage(browser, fan);
    await openUnhydrated(page, `/projects/${project.id}`);
    await page.getByLabel(`Rate ${project.title}`).selectOption('7');
    const box = page.getByLabel('Add a comment');
    await box.fill('Typed before the page woke up');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expectNotHydrated(page);
    release();
    await hydrated(page);
    const comments = page.getByRole('region', { name: /^Comments/ });
    await expect(comments.getByText('Typed before the page woke up')).toHaveCount(1, { timeout: 30_000 });
    await expect(box).toHaveValue('');
    // The choice reached React: its Save button names it.
    await page.getByRole('button', { name: `Save rating 7/10 for ${project.title}` }).click();
    // The panel's line (the toast says it too, with the rating: 'You rated this project 7/10.').
    await expect(page.getByText('You rated this project', { exact: true })).toBeVisible();
    const listed = await page.request.get(`/api/projects/${project.id}/comments`);
    const listedComments = (await listed.json()) as Array<{ body: string }>;
    expect(listedComments.filter((c) => c.body === 'Typed before the page woke up')).toHaveLength(1);
  });
});
