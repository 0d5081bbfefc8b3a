import { test, expect, expectNoSeriousA11yViolations } from './fixtures';

test.describe('project search', () => {
  test('the SearchAction address /?q= lists matching projects only; typing in the search box narrows the list and keeps the search in the address', async ({
    page,
  }) => {
    const projects = page.locator('#projects');
    const box = page.getByRole('searchbox', { name: 'Search projects' });
    await test.step('the SearchAction address /?q=', async () => {
      await page.goto('/?q=budget%20buddy');
      await expect(projects.getByRole('heading', { name: 'Budget Buddy' })).toBeVisible();
      await expect(projects.getByRole('heading', { name: 'Snake Reloaded' })).toHaveCount(0);
      await expect(box).toHaveValue('budget buddy');
    });

    await test.step('typing in the search box', async () => {
      await page.goto('/');
      await expect(projects.getByRole('heading', { level: 3 }).first()).toBeVisible();
      await box.fill('orbit golf');
      await expect(projects.getByRole('heading', { name: 'Orbit Golf' })).toBeVisible();
      await expect(projects.getByRole('heading', { name: 'Dungeon Dice' })).toHaveCount(0);
      await expect(page).toHaveURL(/\?q=orbit\+golf|\?q=orbit%20golf/);
      await box.fill('no-such-project-anywhere');
      await expect(projects.getByText('No projects found')).toBeVisible();
      await expect(
        projects.getByText('Nothing matches "no-such-project-anywhere". Try a different search.'),
      ).toBeVisible();
      await box.fill('');
      await expect(projects.getByRole('heading', { level: 3 }).nth(1)).toBeVisible();
      await expect(page).not.toHaveURL(/q=/);
      await expectNoSeriousA11yViolations(page);
    });
  });
});
