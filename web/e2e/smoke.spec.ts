import { test, expect } from './fixtures';

test('the home page loads and shows the brand', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Vitrine/);
  await expect(page.getByRole('banner').getByText('Vitrine', { exact: false }).first()).toBeVisible();
});

test('the API answers 401 to an anonymous /api/auth/me', async ({ request }) => {
  const res = await request.get('/api/auth/me');
  expect(res.status()).toBe(401);
});
