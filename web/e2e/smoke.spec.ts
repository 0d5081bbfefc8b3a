import { test, expect } from './fixtures';

test('the home page loads and shows the brand; the contact form (zod schemas) raises no Content-Security-Policy violation', async ({
  page,
}) => {
  // zod v4 probes `new Function` unless jitless (domain/src/zod.ts); the CSP reports that as an eval violation.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await test.step('the home page', async () => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Vitrine/);
    await expect(page.getByRole('banner').getByText('Vitrine', { exact: false }).first()).toBeVisible();
  });
  await test.step('the contact form', async () => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
});
