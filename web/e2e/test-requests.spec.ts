import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  test,
  expect,
  awaitingHydration,
  openAs,
  liveSocketReady,
  registerMember,
  expectNoSeriousA11yViolations,
  E2E_ADMIN,
  type Member,
} from './fixtures';
import { createProject, openMenuIfPhone } from './public-helpers';
import { E2E_BASE_URL } from '../../scripts/e2e/constants';
import { DEMO_PASSWORD } from '../../db/src/seed/demo';

/**
 * Test requests in two browsers: the owner opens a request, a tester joins and sends
 * feedback, the owner sees it live, completes it, both rate, and the owner's tier appears after the
 * third developer rating that counts. The pages never reload after their first load: what changes comes live.
 *
 * Only raters with standing on distinct networks count toward a tier (docs/security.md): the raters
 * are demo members (old accounts with projects: standing), each browser from an address of its own
 * /24 (the e2e server trusts X-Forwarded-For).
 */

const ORIGIN = { Origin: E2E_BASE_URL };

/** Demo members (db/src/seed/demo.ts) with standing and the tester role: the raters whose ratings count. */
const EARLIER_TESTERS = ['grace_maker', 'dennis_maker'].map((username) => ({ username, password: DEMO_PASSWORD }));
const JOURNEY_TESTER = { username: 'radia_maker', password: DEMO_PASSWORD };

/** Browser context options whose requests come from a network of their own (X-Forwarded-For). */
const networkOfItsOwn = () => ({
  extraHTTPHeaders: {
    'X-Forwarded-For': `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.7`,
  },
});

/** The signed-in user's id. */
async function myId(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/auth/me')).json()) as { id: number }).id;
}

/** Through the API: a completed request on a new project of `owner`, rated `rating` by `tester` from a network of their own. */
async function completedRating(
  browser: Browser,
  ownerPage: Page,
  rating: number,
  tester: { username: string; password: string },
): Promise<void> {
  const project = await createProject(ownerPage);
  const open = await ownerPage.request.post('/api/test-requests', {
    headers: ORIGIN,
    data: {
      projectId: project.id,
      title: 'Earlier round',
      description: 'An earlier round of testing.',
      skillsNeeded: [],
      maxTesters: 2,
    },
  });
  expect(open.status(), await open.text()).toBe(201);
  const { id } = (await open.json()) as { id: number };
  const testerPage = await openAs(browser, tester, networkOfItsOwn());
  expect((await testerPage.request.post(`/api/test-requests/${id}/testers`, { headers: ORIGIN })).status()).toBe(201);
  for (const status of ['in_progress', 'completed']) {
    expect(
      (await ownerPage.request.patch(`/api/test-requests/${id}`, { headers: ORIGIN, data: { status } })).status(),
    ).toBe(200);
  }
  const rated = await testerPage.request.post(`/api/test-requests/${id}/ratings`, {
    headers: ORIGIN,
    data: { ratedUserId: await myId(ownerPage.request), rating },
  });
  expect(rated.status(), await rated.text()).toBe(201);
  await testerPage.context().close();
}

test.describe('test requests', () => {
  test('owner and tester go from request to mutual ratings, live, and the tier appears after the third rating', async ({
    browser,
  }) => {
    test.slow();
    const request = (await browser.newContext()).request;
    const owner: Member = await registerMember(request);
    const tester = JOURNEY_TESTER;
    const ownerPage = await openAs(browser, owner);
    const testerPage = await openAs(browser, tester, networkOfItsOwn());
    // Two earlier ratings of 10 that count: the journey's rating is the third.
    await completedRating(browser, ownerPage, 10, EARLIER_TESTERS[0]!);
    await completedRating(browser, ownerPage, 10, EARLIER_TESTERS[1]!);
    const project = await createProject(ownerPage, { title: `Tested ${Math.random().toString(36).slice(2, 8)}` });
    const requestTitle = `Please test ${project.title}`;

    // The owner opens a request from the project page.
    await ownerPage.goto(`/projects/${project.id}`);
    await ownerPage.getByRole('button', { name: 'Open a test request' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Open a test request' });
    await dialog.getByLabel('Title').fill(requestTitle);
    await dialog.getByLabel('What should testers do?').fill('Sign up, create a list and share it with a friend.');
    await dialog.getByLabel('Skills needed').fill('Mobile, Accessibility');
    await dialog.getByLabel('Max testers').fill('3');
    await dialog.getByRole('button', { name: 'Open Request' }).click();
    await expect(ownerPage.getByRole('heading', { level: 1, name: requestTitle })).toBeVisible();
    await expect(ownerPage.getByText('No testers have joined yet.')).toBeVisible();

    // The owner also has the home page open in another tab: its header's bell counts the news live.
    const ownerHome = awaitingHydration(await ownerPage.context().newPage());
    // Its toast and bell count come from the pushes alone: the tester joins once its socket is up.
    const connected = liveSocketReady(ownerHome);
    await ownerHome.goto('/');
    await connected;
    await expect(ownerHome.getByRole('main')).toBeVisible();

    // The tester finds it in the list (filtered by skill) and joins.
    await testerPage.goto('/test-requests');
    await testerPage.getByRole('searchbox', { name: 'Filter by skill' }).fill('accessibility');
    await testerPage.getByRole('link', { name: requestTitle }).click();
    await testerPage.getByRole('button', { name: 'Join as tester' }).click();
    await expect(testerPage.getByRole('heading', { name: 'Send your feedback' })).toBeVisible();

    // The owner sees the tester arrive live, with a toast.
    await expect(ownerPage.getByRole('link', { name: tester.username })).toBeVisible();
    await expect(ownerHome.getByText('A tester joined', { exact: true })).toBeVisible();
    // The same news is a notification: the bell counts it (the one count of news not read yet) and its
    // panel lists it.
    await openMenuIfPhone(ownerHome);
    const bell = ownerHome.getByRole('button', { name: /^Notifications/ }).locator('visible=true');
    await expect(bell).toHaveAccessibleName(/\d+ unread/);
    await bell.click();
    await expect(
      ownerHome
        .getByRole('dialog', { name: 'Notifications' })
        .getByRole('link', { name: new RegExp(`${tester.username} joined your test request "${requestTitle}"`) }),
    ).toBeVisible();
    await ownerHome.close();

    // Feedback, seen live by the owner.
    await testerPage.getByLabel('What worked').fill('Sign-up took seconds.');
    await testerPage.getByLabel('Problems found').fill('Sharing fails on the second try.');
    await testerPage.getByLabel('Suggestions').fill('Show a copy-link fallback.');
    await testerPage.getByLabel('Score').selectOption('8');
    await testerPage.getByRole('button', { name: 'Send Feedback' }).click();
    await expect(testerPage.getByRole('heading', { name: 'Your feedback' })).toBeVisible();
    await expect(ownerPage.getByText('Sharing fails on the second try.')).toBeVisible();
    await ownerPage.getByRole('button', { name: 'Mark helpful' }).click();
    await expect(ownerPage.getByText('Helpful', { exact: true })).toBeVisible();

    // The owner moves it along; the tester's page follows live.
    await ownerPage.getByRole('button', { name: 'Start testing' }).click();
    await expect(testerPage.getByText('In progress', { exact: true })).toBeVisible();
    await ownerPage.getByRole('button', { name: 'Mark completed' }).click();
    await expect(testerPage.getByText('Completed', { exact: true }).first()).toBeVisible();

    // Both rate; before the third rating the owner has no tier.
    await ownerPage.goto(`/users/${owner.username}`);
    await ownerPage.getByRole('tab', { name: 'Testing' }).click();
    await expect(ownerPage.getByText('10.0/10')).toBeVisible();
    await expect(ownerPage.getByText(/Platinum|Gold|Silver|Bronze/)).toHaveCount(0);

    const testerRate = testerPage.getByRole('heading', { name: 'Ratings' }).locator('..');
    await expect(testerRate.getByText(`Rate ${owner.username}`)).toBeVisible();
    await testerRate.getByLabel('Rating').selectOption('9');
    await testerRate.getByLabel('Note (optional)').fill('Clear instructions, quick answers.');
    await testerRate.getByRole('button', { name: 'Submit rating' }).click();
    await expect(testerPage.getByText('You rated 9/10', { exact: false })).toBeVisible();

    await ownerPage.goto(
      `/test-requests/${(await (await ownerPage.request.get(`/api/projects/${project.id}/test-request`)).json()).request.id}`,
    );
    const ownerRate = ownerPage.getByRole('heading', { name: 'Ratings' }).locator('..');
    await ownerRate.getByLabel('Rating').selectOption('8');
    await ownerRate.getByRole('button', { name: 'Submit rating' }).click();
    await expect(ownerPage.getByText('You rated 8/10', { exact: false })).toBeVisible();

    // Three developer ratings averaging 9.7: Platinum, on the profile and in the header menu.
    await ownerPage.goto(`/users/${owner.username}`);
    await expect(ownerPage.getByRole('heading', { level: 1 }).getByText('Platinum')).toBeVisible();
    await ownerPage.getByRole('tab', { name: 'Testing' }).click();
    await expect(ownerPage.getByText('3 of 3 ratings count toward the tier')).toBeVisible();
    await openMenuIfPhone(ownerPage);
    await expect(ownerPage.getByRole('banner').getByTitle('Platinum developer').first()).toBeAttached();
    // ...and on the project's page, beside the author.
    await ownerPage.goto(`/projects/${project.id}`);
    await expect(ownerPage.getByRole('main').getByTitle('Platinum developer').first()).toBeVisible();
    await ownerPage.goto(`/users/${tester.username}`);
    await ownerPage.getByRole('tab', { name: 'Testing' }).click();
    await expect(ownerPage.getByText('8.0/10')).toBeVisible();
  });
});

/**
 * Each screen's states, forms and the axe rules that need no layout are proven in vitest
 * (web/src/pages/test-requests.dom.test.tsx, project, user, settings, about and admin .dom.test.tsx);
 * here the rules that need a real page (contrast, target size), once per screen at 360 px in dark mode.
 */
test.describe('test-request screens at 360 px in dark mode', { tag: '@phone-only' }, () => {
  /** The browser contexts of the scan: the narrowest phone, dark. */
  const NARROW_DARK = { colorScheme: 'dark', viewport: { width: 360, height: 780 } } as const;

  test('have no serious axe violations', async ({ browser }) => {
    test.setTimeout(300_000);
    const request = (await browser.newContext(NARROW_DARK)).request;
    const owner = await registerMember(request);
    const tester = await registerMember(request);
    const ownerPage = await openAs(browser, owner, NARROW_DARK);
    const testerPage = await openAs(browser, tester, NARROW_DARK);
    const project = await createProject(ownerPage, { category: 'Game' });
    const open = await ownerPage.request.post('/api/test-requests', {
      headers: ORIGIN,
      data: {
        projectId: project.id,
        title: 'Axe round',
        description: 'Play the first two levels.',
        skillsNeeded: ['Games'],
        maxTesters: 4,
      },
    });
    const { id } = (await open.json()) as { id: number };
    await testerPage.request.post(`/api/test-requests/${id}/testers`, { headers: ORIGIN });
    await testerPage.request.put(`/api/test-requests/${id}/feedback`, {
      headers: ORIGIN,
      data: {
        worked: 'Controls feel right.',
        problems: 'Level two stutters.',
        suggestions: 'Add a pause button.',
        score: 7,
      },
    });

    const screens: Array<[Page, string]> = [
      [ownerPage, '/test-requests'],
      [ownerPage, `/test-requests/${id}`],
      [testerPage, `/test-requests/${id}`],
      [ownerPage, `/projects/${project.id}`],
      // /settings is scanned by settings-security.spec.ts.
      [ownerPage, '/about'],
    ];
    for (const [page, path] of screens) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page);
    }
    await ownerPage.goto(`/users/${owner.username}`);
    await ownerPage.getByRole('tab', { name: 'Testing' }).click();
    await expect(ownerPage.getByText('Activity points')).toBeVisible();
    await expectNoSeriousA11yViolations(ownerPage);

    const adminPage = await openAs(browser, E2E_ADMIN, NARROW_DARK);
    await adminPage.goto('/admin');
    await adminPage.getByRole('tab', { name: 'Test Requests' }).click();
    await expect(adminPage.getByRole('heading', { name: 'Test Requests' })).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);
  });
});
