import { expect, type Page } from '@playwright/test';
import { E2E_BASE_URL } from '../../scripts/e2e/constants';

/** True when the page runs at the phone viewport (the home tabs become a dropdown there). */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** Picks a home listing: the tab on wide screens, the dropdown on phones. */
export async function chooseHomeTab(
  page: Page,
  label: 'Latest Projects' | 'Trending' | 'Leaderboard' | 'Following',
): Promise<void> {
  if (isPhone(page)) {
    await page.getByLabel('Project listing', { exact: true }).selectOption({ label });
  } else {
    await page.getByRole('tab', { name: label }).click();
  }
}

/** Opens the header's mobile menu on phones (no-op on desktop). */
export async function openMenuIfPhone(page: Page): Promise<void> {
  if (page.viewportSize() && page.viewportSize()!.width < 1024) {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
}

/** Creates a project through the API as the page's signed-in user; returns its id. */
export async function createProject(
  page: Page,
  overrides: Partial<Record<'title' | 'description' | 'replitUrl' | 'category' | 'tags', string>> = {},
): Promise<{ id: number; title: string }> {
  const title = overrides.title ?? `E2E ${Math.random().toString(36).slice(2, 8)}`;
  const res = await page.request.post('/api/projects', {
    headers: { Origin: E2E_BASE_URL },
    data: {
      title,
      description: overrides.description ?? 'A project made by the end-to-end tests.',
      replitUrl: overrides.replitUrl ?? 'https://e2e.example/',
      category: overrides.category ?? 'Utility',
      tags: overrides.tags ?? 'e2e, testing',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: number };
  return { id: body.id, title };
}

/** The toast region's text must contain `title`. */
export async function expectToast(page: Page, title: string): Promise<void> {
  await expect(page.getByText(title, { exact: true }).last()).toBeVisible();
}
