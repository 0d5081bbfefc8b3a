import { test, expect, expectNoSeriousA11yViolations, openAs, registerMember } from './fixtures';
import { chooseHomeTab, createProject, isPhone, openMenuIfPhone } from './public-helpers';

// The not-found pages, a profile's tabs, the static pages and the member-only pages' sign-in redirect
// are proven without a browser, with axe: web/src/pages/public.dom.test.tsx.
test.describe('public screens', () => {
  test('home: hero, latest list, Load More keeps the list, sort goes to the server; JSON-LD WebSite with a SearchAction; trending (default This Week) and leaderboard with Top Contributors; project detail: every element, no vote on open, JSON-LD', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    await test.step('hero, latest list, Load More, sort', async () => {
      await page.goto('/');
      await expect(page).toHaveTitle(/Vitrine/);
      await expect(page.getByRole('heading', { name: 'Showcase Your Projects' })).toBeVisible();
      await expect(
        page
          .getByText('Submit your creations, vote for others, and discover amazing projects from the community.')
          .first(),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Browse Projects' })).toHaveAttribute('href', '#projects');
      const cards = page.locator('#projects article');
      await expect(cards).toHaveCount(6);
      const firstTitles = await cards.locator('h3').allInnerTexts();

      const loadMore = page.getByRole('button', { name: 'Load More Projects' });
      // Load More reads the page the Link header names: the one after the last card shown (keyset), not
      // a deeper offset.
      const next = page.waitForRequest(
        (r) => /\/api\/projects\?/.test(r.url()) && /[?&]after=\d+/.test(r.url()) && !/offset=[1-9]/.test(r.url()),
      );
      await loadMore.click();
      await next;
      await expect(cards).toHaveCount(12);
      // The cards shown stay, in order. Other journeys submit projects meanwhile (one submits eight in a
      // row), and a live refresh puts the newer ones on top of the twelve loaded: the first six are looked
      // for anywhere in the list, and those missing must be its oldest, pushed off the end.
      const titles = await cards.locator('h3').allInnerTexts();
      const kept = titles.filter((t) => firstTitles.includes(t));
      const listEnd = kept.length < firstTitles.length ? titles.at(-1) : kept.at(-1);
      expect({ kept, listEnd }).toEqual({ kept: firstTitles.slice(0, kept.length), listEnd: kept.at(-1) });

      const sorted = page.waitForRequest((r) => r.url().includes('sort=votes') && r.url().includes('offset=0'));
      await page.getByLabel('Sort by').selectOption({ label: 'Most Voted' });
      await sorted;
      await expect(cards).toHaveCount(6);
      // The server sorts: votes never increase down the list.
      const counts = await cards.locator('button[aria-pressed] span[aria-hidden="true"]').allInnerTexts();
      const numbers = counts.map((c) => Number(c.replace(/,/g, '')));
      expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);

      await page.getByLabel('Sort by').selectOption({ label: 'Most Viewed' });
      await expect(page.getByLabel('Sort by')).toHaveValue('views');
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('JSON-LD WebSite with a SearchAction', async () => {
      await page.goto('/');
      const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
      const data = JSON.parse(ld ?? '{}') as { '@type': string; potentialAction: { '@type': string } };
      expect(data['@type']).toBe('WebSite');
      expect(data.potentialAction['@type']).toBe('SearchAction');
    });

    await test.step('trending and leaderboard', async () => {
      await page.goto('/');
      const trending = page.waitForRequest((r) => r.url().includes('/api/projects/trending?period=week'));
      await chooseHomeTab(page, 'Trending');
      await trending;
      await expect(page.getByRole('heading', { name: 'Trending Projects' })).toBeVisible();
      await expect(page.getByLabel('Period')).toHaveValue('week');
      const today = page.waitForRequest((r) => r.url().includes('period=today'));
      await page.getByLabel('Period').selectOption({ label: 'Today' });
      await today;

      const board = page.waitForRequest((r) => r.url().includes('/api/projects/leaderboard?timeRange=all'));
      await chooseHomeTab(page, 'Leaderboard');
      await board;
      await expect(page.getByRole('heading', { name: 'Project Leaderboard' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Top Contributors' })).toBeVisible();
      await expect(page.locator('section[aria-label="Project Leaderboard"] ol li').first()).toBeVisible();
      const month = page.waitForRequest((r) => r.url().includes('timeRange=month'));
      await page.getByLabel('Time Range').selectOption({ label: 'This Month' });
      await month;
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('project detail: every element, no vote on open, JSON-LD', async () => {
      // A project of its own: other journeys vote on, rename, hide and delete theirs meanwhile.
      const { title } = await createProject(await openAs(browser, await registerMember(request)));
      await page.goto(`/?q=${encodeURIComponent(title)}`);
      const card = page
        .getByRole('region', { name: 'Latest Submissions' })
        .getByRole('article')
        .filter({ has: page.getByRole('link', { name: title }) });
      const votesBefore = await card.locator('button[aria-pressed] span[aria-hidden="true"]').innerText();
      await card.locator('h3 a').click();
      await expect(page).toHaveURL(/\/projects\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} | Vitrine`);
      await expect(page.getByRole('link', { name: 'Back to projects' })).toBeVisible();
      await expect(page.getByText(/^Posted /)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'About This Project' })).toBeVisible();
      await expect(page.getByText(/^Project ID: \d+$/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Browse more projects' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Login required' })).toBeVisible();
      const external = page.getByRole('link', { name: /^View (Project|on )/ });
      await expect(external).toHaveAttribute('target', '_blank');
      const frame = page.locator('iframe');
      await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
      await expect(frame).toHaveAttribute('src', /embed=true/);
      // Opening the page records a view; it never votes.
      await expect(page.getByRole('button', { name: /^Vote, / })).toContainText(votesBefore);
      await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      const ld = JSON.parse((await page.locator('script[data-json-ld="project"]').textContent()) ?? '{}') as {
        '@type': string;
        aggregateRating?: { bestRating: number; worstRating: number };
        offers: { price: string };
      };
      expect(ld['@type']).toBe('SoftwareApplication');
      expect(ld.offers.price).toBe('0');
      if (ld.aggregateRating) {
        expect(ld.aggregateRating.bestRating).toBe(10);
        expect(ld.aggregateRating.worstRating).toBe(1);
      }
      await expectNoSeriousA11yViolations(page);
    });
  });

  test(
    'header: the #leaderboard link opens the leaderboard tab from another page; the mobile menu holds Terms and Privacy; visitor: report shows the sign-in text, rate says Login required with its tooltip',
    { tag: '@phone' },
    async ({ page }) => {
      await test.step('the #leaderboard link', async () => {
        await page.goto('/about');
        await openMenuIfPhone(page);
        await page
          .getByRole('navigation', { name: isPhone(page) ? 'Mobile' : 'Main' })
          .getByRole('link', { name: 'Leaderboard' })
          .click();
        await expect(page).toHaveURL(/\/(\?tab=leaderboard)?#leaderboard$/);
        await expect(page.getByRole('heading', { name: 'Project Leaderboard' })).toBeVisible();
      });

      if (isPhone(page)) {
        await test.step('the mobile menu holds Terms and Privacy', async () => {
          await page.goto('/');
          await page.getByRole('button', { name: 'Open menu' }).click();
          const menu = page.getByRole('navigation', { name: 'Mobile' });
          await expect(menu.getByRole('link', { name: 'Terms' })).toBeVisible();
          await menu.getByRole('link', { name: 'Privacy' }).click();
          await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
          await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
        });
      }

      await test.step('a visitor on a project: report and rate', async () => {
        await page.goto('/projects/3');
        await page.getByRole('button', { name: 'Report' }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByText('You need to be logged in to report content.')).toBeVisible();
        await expect(
          dialog.getByText('Please sign in or create an account to report inappropriate content.'),
        ).toBeVisible();
        await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText('You need to login to rate this project')).toBeVisible();
        const loginRequired = page.getByRole('button', { name: 'Login required' });
        if (isPhone(page)) {
          // No hover on phones: a tap opens the login dialog instead.
          await loginRequired.click();
          await expect(page.getByRole('dialog', { name: 'Welcome to Vitrine' })).toBeVisible();
        } else {
          await loginRequired.hover();
          await expect(
            page.getByText(
              'You need to be logged in to rate projects. Authenticated ratings help maintain quality and prevent spam.',
            ),
          ).toBeVisible();
        }
      });
    },
  );
});
