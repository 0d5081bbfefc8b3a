import { test, expect, registerMember, expectNoSeriousA11yViolationsLightAndDark, openAs } from './fixtures';
import { createProject } from './public-helpers';

/** The owner's Stats tab on the project page (features/stats, GET /api/projects/{id}/stats). */
test.describe('the Stats tab', () => {
  test('the owner opens it by keyboard; charts with tables, axe-clean in light and dark, wide and at 360 px; a visitor has no tab', async ({
    browser,
  }) => {
    const request = (await browser.newContext()).request;
    const owner = await registerMember(request);
    const page = await openAs(browser, owner, { viewport: { width: 1280, height: 900 } });
    const project = await createProject(page, { title: 'Stats Garden' });

    await page.goto(`/projects/${project.id}`);
    const tabs = page.getByRole('tablist', { name: 'Project views' });
    const overview = tabs.getByRole('tab', { name: 'Overview' });
    await expect(overview).toHaveAttribute('aria-selected', 'true');
    await overview.focus();
    await page.keyboard.press('ArrowRight');
    const stats = tabs.getByRole('tab', { name: 'Stats' });
    await expect(stats).toBeFocused();
    await expect(stats).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Stats' });
    await expect(panel.getByRole('heading', { name: 'Stats', level: 2 })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Views and visitors' })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}#stats$`));

    // The window: 7 days gives seven rows in each chart's table.
    await panel.getByRole('radio', { name: '7 days' }).check();
    const chart = panel.getByRole('group', { name: 'Clicks to the project' });
    await chart.getByText('Show as table').click();
    await expect(chart.getByRole('table')).toBeVisible();
    await expect(chart.getByRole('table').getByRole('row')).toHaveCount(8);
    await expect(
      panel.getByRole('table', { name: 'Votes of the period by why they weigh what they do' }),
    ).toBeVisible();
    // The chart is one tab stop: its arrow keys walk the days, the tooltip telling each.
    const views = panel.getByRole('group', { name: 'Views and visitors' });
    const surface = views.locator('.recharts-wrapper > svg.recharts-surface');
    await expect(surface).toHaveAttribute('tabindex', '0');
    await surface.focus();
    await page.keyboard.press('ArrowRight');
    await expect(views.locator('.recharts-tooltip-wrapper')).toBeVisible();
    await expectNoSeriousA11yViolationsLightAndDark(page, '#project-stats');

    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoSeriousA11yViolationsLightAndDark(page, '#project-stats');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The explained score is one press away: the Overview comes back with the disclosure open.
    await page.setViewportSize({ width: 1280, height: 900 });
    await panel.getByRole('button', { name: 'See how this rank is computed' }).click();
    await expect(overview).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#project-score')).toHaveAttribute('open', '');
    await expect(page.getByText('How this rank is computed')).toBeFocused();

    // A link to the #stats address opens the tab, and so does a reload of it.
    await page.goto(`/projects/${project.id}#stats`);
    await expect(page.getByRole('tabpanel', { name: 'Stats' }).getByRole('heading', { name: 'Stats' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tabpanel', { name: 'Stats' }).getByRole('heading', { name: 'Stats' })).toBeVisible();

    const visitor = await openAs(browser);
    await visitor.goto(`/projects/${project.id}`);
    await expect(visitor.getByRole('heading', { name: 'Uptime' })).toBeVisible();
    await expect(visitor.getByRole('tablist', { name: 'Project views' })).toHaveCount(0);
    const other = await openAs(browser, await registerMember(request));
    await other.goto(`/projects/${project.id}#stats`);
    await expect(other.getByRole('heading', { name: 'Uptime' })).toBeVisible();
    await expect(other.getByRole('tab', { name: 'Stats' })).toHaveCount(0);
  });
});
