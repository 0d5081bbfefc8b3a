import { test, expect, registerMember, expectNoSeriousA11yViolations, openAs } from './fixtures';
import { createProject, expectToast } from './public-helpers';
import { E2E_BASE_URL } from '../../scripts/e2e/constants';

/** The owner's badge panel on the project page (features/projects/components/detail/badge-panel.tsx). */
test.describe('badge snippets', () => {
  test('the owner picks a badge, sees it live and copies its embed; a visitor sees no panel', async ({ browser }) => {
    const request = (await browser.newContext()).request;
    const owner = await registerMember(request);
    const page = await openAs(browser, owner, { permissions: ['clipboard-read', 'clipboard-write'] });
    const project = await createProject(page, { title: 'Badge Garden' });

    await page.goto(`/projects/${project.id}`);
    await expect(page.getByRole('heading', { name: 'Badge for your site' })).toBeVisible();

    await page.getByRole('group', { name: 'Style' }).getByRole('radio', { name: 'Card' }).check();
    await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).check();
    await page.getByRole('group', { name: 'Shows' }).getByRole('radio', { name: 'Outcome' }).check();

    const path = `/badges/projects/${project.id}.svg?style=card&theme=dark&metric=outcome`;
    const preview = page.getByRole('img', { name: 'Badge Garden on Vitrine' });
    await expect(preview).toHaveAttribute('src', path);
    // The preview is the live badge itself, drawn by the API.
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    const html = page.getByRole('textbox', { name: 'HTML' });
    await expect(html).toHaveValue(
      `<a href="${E2E_BASE_URL}/projects/${project.id}"><img src="${E2E_BASE_URL}${path.replaceAll('&', '&amp;')}" alt="Badge Garden on Vitrine"></a>`,
    );
    await expect(page.getByRole('textbox', { name: 'Markdown' })).toHaveValue(
      `[![Badge Garden on Vitrine](${E2E_BASE_URL}${path})](${E2E_BASE_URL}/projects/${project.id})`,
    );
    await page.getByRole('button', { name: 'Copy Markdown' }).click();
    await expectToast(page, 'Markdown copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `[![Badge Garden on Vitrine](${E2E_BASE_URL}${path})](${E2E_BASE_URL}/projects/${project.id})`,
    );
    await expectNoSeriousA11yViolations(page);

    const visitor = await openAs(browser);
    await visitor.goto(`/projects/${project.id}`);
    await expect(visitor.getByRole('heading', { name: 'Uptime' })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Badge for your site' })).toHaveCount(0);
  });
});
