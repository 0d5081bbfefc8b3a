import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type WebSocket,
} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import { E2E_ADMIN, E2E_BASE_URL } from '../../scripts/e2e/constants';
import { blockOffSite } from '../../scripts/lib/off-site';

export { expect, E2E_ADMIN };

/** A fresh member: username and password, registered through the API. */
export interface Member {
  username: string;
  password: string;
  email: string;
}

/** A username no other test uses. */
export function uniqueUsername(base = 'e2e'): string {
  return `${base}_${randomBytes(4).toString('hex')}`;
}

/** Registers a member through the API with its own context (cookies are not shared with the page). */
export async function registerMember(request: APIRequestContext, overrides: Partial<Member> = {}): Promise<Member> {
  const username = overrides.username ?? uniqueUsername();
  const member = {
    username,
    password: overrides.password ?? 'e2e-lantern-harbour-1',
    email: overrides.email ?? `${username}@example.com`,
  };
  const res = await request.post('/api/auth/register', {
    headers: { Origin: E2E_BASE_URL },
    data: { ...member, confirmPassword: member.password, role: 'both' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return member;
}

/** Signs the page in through the API, sharing the page's cookies. */
export async function signIn(page: Page, who: { username: string; password: string }): Promise<void> {
  const res = await page.request.post('/api/auth/login', { headers: { Origin: E2E_BASE_URL }, data: who });
  expect(res.status(), await res.text()).toBe(200);
}

/** The axe rule sets every accessibility check runs. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'];

/**
 * The rules of AXE_TAGS whose outcome a colour decides. The dark colour scheme sets colours only
 * (scripts/lint/dark-scheme.test.ts keeps every `dark:` utility a colour), so a page checked with every
 * rule in the light scheme needs only these in the dark one.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Fails on serious or critical accessibility violations of the current page. With a dialog open, call
 * it once focus is inside the dialog: while it opens, the page behind is hidden before focus moves in.
 */
export async function expectNoSeriousA11yViolations(page: Page, scope?: string): Promise<void> {
  await scanStep(page, scope);
}

/** A scan as a step of its own, so the report says how long each scan took. */
async function scanStep(page: Page, scope?: string, rules?: string[]): Promise<void> {
  const title = `axe${rules ? `, ${rules.join(' and ')}` : ''}${scope ? ` of ${scope}` : ''}`;
  await base.step(title, () => scan(page, scope, rules), { box: true });
}

/** expectNoSeriousA11yViolations' scan: every rule of AXE_TAGS, or only `rules`. */
async function scan(page: Page, scope?: string, rules?: string[]): Promise<void> {
  // AXE_TAGS: every WCAG 2.x A/AA rule, axe's best practices and its experimental rules
  // (label-content-name-mismatch among them).
  // `scope` (a CSS selector) checks only that part: the rest of a page already checked as it is.
  // Colours are measured as they end: a dialog fading in has not reached its contrast yet.
  await settleAnimations(page);
  // A scoped part is checked where a reader sees it, just under the sticky header: scrolled under the
  // header (a reload restores the scroll position), its controls would count as covered (target-size).
  if (scope)
    await page.evaluate((selector) => {
      const part = document.querySelector(selector);
      const header = document.querySelector('header');
      if (!part) return;
      const below = header?.getBoundingClientRect().bottom ?? 0;
      window.scrollBy({ top: part.getBoundingClientRect().top - below, behavior: 'instant' });
    }, scope);
  // Two settings that change how fast a scan is, never what it finds (the same rules run, every
  // violation keeps all its nodes): `resultTypes` spares axe the selectors and markup of every node that
  // passed, and legacy mode runs axe.run in the page instead of a blank page opened for each scan.
  // Legacy mode leaves out cross-origin frames, which here are only a project's preview of another site
  // (blocked by the off-site guard); the frame element itself is still checked in the page.
  // `options` replaces the whole option object, so it comes before `withTags` or `withRules`.
  const options = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const builder = (rules ? options.withRules(rules) : options.withTags(AXE_TAGS)).setLegacyMode();
  const results = await (scope ? builder.include(scope) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * expectNoSeriousA11yViolations in the light colour scheme, then the rules colours decide in the dark
 * one (the site follows the system's): one page set up once, checked in both. The page follows the
 * context's scheme again after.
 */
export async function expectNoSeriousA11yViolationsLightAndDark(page: Page, scope?: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoSeriousA11yViolations(page, scope);
  await page.emulateMedia({ colorScheme: 'dark' });
  await scanStep(page, scope, COLOUR_RULES);
  await page.emulateMedia({ colorScheme: null });
}

/**
 * Waits for the page's running animations and transitions to end: endless ones (a skeleton's pulse)
 * are left, and a paused one cannot hold the check for more than a few seconds.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]),
  );
}

/**
 * Makes `page.goto` and `page.reload` resolve once React has hydrated the server-rendered page
 * (`<html data-hydrated>`, set by app/hydrated-mark.tsx once start.tsx has hydrated it, its lazily
 * loaded route included): a click on the server's markup before that does nothing.
 * The `page` fixture has it; call it on pages a test opens itself.
 */
export function awaitingHydration(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    await hydrated();
    return res;
  };
  page.reload = async (options) => {
    const res = await reload(options);
    await hydrated();
    return res;
  };
  return page;
}

/**
 * What the off-site guard saw during a test: every request that tried to leave the site. The preview
 * frames of `*.example` projects are expected; a test that provokes another one on purpose says so
 * with `expectBlocked` (web/e2e/off-site.spec.ts).
 */
export interface OffSiteGuard {
  /** Every URL blocked so far, expected or not. */
  blocked: string[];
  /** Marks blocked URLs matching `pattern` as expected in this test. */
  expectBlocked(pattern: RegExp): void;
}

/**
 * E2E_CPU_SLOWDOWN=n (for a run by hand, e.g. 6 for a mid-range phone) slows the CPU of every page of
 * `context` n times (Chrome DevTools' throttling): the same journeys, as a slow phone runs them.
 */
const CPU_SLOWDOWN = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);
async function slowDownCpu(context: BrowserContext): Promise<void> {
  if (!(CPU_SLOWDOWN > 1)) return;
  const throttle = async (page: Page) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  };
  context.on('page', (page) => void throttle(page).catch(() => undefined));
  await Promise.all(context.pages().map(throttle));
}

/**
 * Playwright's test whose `page` waits for hydration after goto and reload (awaitingHydration), and
 * whose browser contexts (the default one and any made with `browser.newContext()` during the test,
 * closed when it ends) reach the site and nothing else: any other request is aborted before it leaves the browser, and
 * the test fails on one it did not expect (docs/operations.md "Nothing leaves the machine").
 */
export const test = base.extend<{ offSite: OffSiteGuard }>({
  offSite: [
    async ({ context, browser }, use) => {
      const site = new URL(E2E_BASE_URL).origin;
      const blocked: string[] = [];
      const unexpected: string[] = [];
      const allowed: RegExp[] = [];
      const guard = async (c: BrowserContext) => {
        await slowDownCpu(c);
        await blockOffSite(c, site, (url, expected) => {
          blocked.push(url);
          if (!expected) unexpected.push(url);
        });
      };
      await guard(context);
      const newContext = browser.newContext.bind(browser);
      const opened: BrowserContext[] = [];
      browser.newContext = async (options) => {
        const c = await newContext(options);
        opened.push(c);
        await guard(c);
        return c;
      };
      try {
        await use({ blocked, expectBlocked: (pattern) => allowed.push(pattern) });
      } finally {
        browser.newContext = newContext;
        // The browser lives as long as the worker: the test's own contexts (and their live sockets) end with it.
        await Promise.all(opened.map((c) => c.close().catch(() => undefined)));
      }
      const surprises = unexpected.filter((url) => !allowed.some((pattern) => pattern.test(url)));
      expect(surprises, 'requests to somewhere other than the site (blocked)').toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    await use(awaitingHydration(page));
  },
});

/** A page in a browser context of its own (its own cookies), signed in as `who` when given. */
export async function openAs(
  browser: Browser,
  who?: Pick<Member, 'username' | 'password'>,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext(options);
  const page = awaitingHydration(await context.newPage());
  if (who) await signIn(page, who);
  return page;
}

/**
 * Resolves once the page's live socket has connected or, given `projectId`, has asked to watch that
 * project. Call it before the page loads, and await it before acting on what the page should see live:
 * a push sent before the socket joined its rooms never reaches the page (a visitor's page refetches
 * nothing when it connects; a member's refetches what it shows, but a toast comes from the push only).
 */
export function liveSocketReady(page: Page, projectId?: number): Promise<void> {
  return socketFrame(page, (sent, payload) =>
    projectId === undefined
      ? !sent && payload.startsWith('40')
      : sent && payload.startsWith('42["projects:watch"') && new RegExp(`[[,]${projectId}[,\\]]`).test(payload),
  );
}

/**
 * Resolves once the page's live socket has asked to watch the profile `username` (its follower count).
 * Call it before the page loads, like liveSocketReady.
 */
export function liveProfileReady(page: Page, username: string): Promise<void> {
  const asked = `42${JSON.stringify(['profile:watch', username])}`;
  return socketFrame(page, (sent, payload) => sent && payload === asked);
}

/** Resolves at the first frame of the page's live socket, sent or received, that `wanted` accepts. */
function socketFrame(page: Page, wanted: (sent: boolean, payload: string) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const onSocket = (ws: WebSocket) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framesent', (frame) => {
        if (wanted(true, String(frame.payload))) done();
      });
      ws.on('framereceived', (frame) => {
        if (wanted(false, String(frame.payload))) done();
      });
    };
    const done = () => {
      page.off('websocket', onSocket);
      resolve();
    };
    page.on('websocket', onSocket);
  });
}
