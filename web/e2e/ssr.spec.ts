import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { createProject } from './public-helpers';
import { registerMember, signIn } from './fixtures';
import { E2E_SOCIAL } from '../../scripts/e2e/constants';

/** Console errors and warnings, and uncaught errors, of a page from now on. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** A visible project of the demo data: its id, title and author. */
async function someProject(api: Page | APIRequestContext): Promise<{ id: number; title: string; username: string }> {
  const res = await ('request' in api ? api.request : api).get('/api/projects?offset=0&limit=1&sort=votes');
  const [project] = (await res.json()) as Array<{ id: number; title: string; username: string }>;
  return project!;
}

test.describe('server-rendered pages', () => {
  test("reading works with JavaScript off; every public page hydrates without console errors or warnings; the footer links to the site's configured accounts; a project URL answers complete HTML; a signed-in member gets their own page without a second session call", async ({
    browser,
    page,
    request,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(450_000);
    await test.step('reading works with JavaScript off', async () => {
      const project = await someProject(page);
      const context = await browser.newContext({ javaScriptEnabled: false });
      const reader = await context.newPage();
      await reader.goto('/');
      await expect(reader.getByRole('heading', { name: 'Showcase Your Projects' })).toBeVisible();
      // The first page of Latest is in the markup: cards linking to their projects.
      await expect(reader.locator('#projects article a[href^="/projects/"]').first()).toBeVisible();
      await reader.goto(`/projects/${project.id}`);
      await expect(reader.getByRole('heading', { level: 1, name: project.title })).toBeVisible();
      await expect(reader).toHaveTitle(`${project.title} | Vitrine`);
      await reader.goto(`/users/${project.username}`);
      await expect(reader.getByRole('heading', { level: 1, name: project.username })).toBeVisible();
      await reader.goto('/about');
      await expect(reader.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
      await context.close();
    });
    await test.step('every public page hydrates without console errors or warnings', async () => {
      const project = await someProject(page);
      const problems = collectProblems(page);
      for (const path of [
        '/',
        '/about',
        '/terms',
        '/privacy',
        '/contact',
        `/projects/${project.id}`,
        `/users/${project.username}`,
      ]) {
        // goto resolves once the page has hydrated (fixtures.ts); a mismatch is reported by then.
        await page.goto(path);
        expect(problems, path).toEqual([]);
        // A production hydration keeps the server's attributes: ids the client links parts with
        // (useId, Ark UI) must be the server's, so every aria-labelledby still finds its element.
        const dangling = await page.evaluate(() =>
          [...document.querySelectorAll('[aria-labelledby]')].flatMap((el) =>
            (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter((id) => id && !document.getElementById(id)),
          ),
        );
        expect(dangling, path).toEqual([]);
      }
      // Hydrated means interactive: a client-side navigation works without a reload.
      await page.goto(`/users/${project.username}`);
      await page.getByRole('link', { name: project.title }).first().click();
      await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: project.title })).toBeVisible();
      expect(problems).toEqual([]);
    });
    await test.step("the footer links to the site's configured accounts, in the server's HTML and after hydration", async () => {
      const html = await (await request.get('/about')).text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root).toContain(`href="${E2E_SOCIAL.github}"`);
      expect(root).toContain(`href="${E2E_SOCIAL.bluesky}"`);
      expect(root).not.toMatch(/https:\/\/(github\.com|bsky\.app)/);
      await page.goto('/about');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'GitHub (opens in a new tab)' })).toHaveAttribute(
        'href',
        E2E_SOCIAL.github,
      );
      await expect(footer.getByRole('link', { name: 'Bluesky (opens in a new tab)' })).toHaveAttribute(
        'href',
        E2E_SOCIAL.bluesky,
      );
      // A page the client renders after navigating keeps them.
      await page.getByRole('link', { name: 'Contact' }).first().click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(footer.getByRole('link', { name: 'GitHub (opens in a new tab)' })).toBeVisible();
    });
    await test.step('a project URL answers complete HTML: title, description, votes and the OpenGraph tags', async () => {
      await signIn(page, await registerMember(request));
      const { id, title } = await createProject(page, {
        title: `SSR <&> ${Date.now()}`,
        description: 'Rendered on the server, readable without JavaScript.',
      });
      const res = await request.get(`/projects/${id}`);
      expect(res.status()).toBe(200);
      const html = await res.text();
      const escaped = title.replace('<&>', '&lt;&amp;&gt;');
      expect(html).toContain(`<title>${escaped} | Vitrine</title>`);
      expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
      expect(html).toContain(
        '<meta property="og:description" content="Rendered on the server, readable without JavaScript." />',
      );
      const image = new RegExp(
        `<meta property="og:image" content="(http://[^"]+/cards/projects/${id}\\.png\\?v=[0-9a-f]{8})" />`,
      ).exec(html)?.[1];
      expect(image).toBeTruthy();
      // The page names the card's current version: the card answers as immutable under it.
      const card = await request.get(image!);
      expect(card.status()).toBe(200);
      expect(card.headers()['content-type']).toBe('image/png');
      expect(card.headers()['cache-control']).toContain('immutable');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/projects/${id}" />`));
      expect(html).toContain('"@type":"SoftwareApplication"');
      expect(html).toContain('"price":"0"');
      // The body, not only the head: heading, description and the vote count are in the markup.
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root).toContain(`>${escaped}</h1>`);
      expect(root).toContain('Rendered on the server, readable without JavaScript.');
      expect(root).toMatch(/>0(<!-- -->)? votes</);
    });
    await test.step('a signed-in member gets their own page without a second session call', async () => {
      const member = await registerMember(request);
      await signIn(page, member);
      const calls: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/auth/me') calls.push(r.url());
      });
      await page.goto('/about');
      await expect(page.getByText(`Welcome, ${member.username}`).first()).toBeAttached();
      expect(calls).toEqual([]);
    });
  });
});
