import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT } from '../scripts/e2e/constants';
import { LOOPBACK_ONLY_RESOLVER } from '../scripts/lib/off-site';

/**
 * Debian's headless shell (package chromium-headless-shell, the same Chromium without the browser's
 * interface, which is what Playwright's own headless runs use) when installed, else Debian's Chromium:
 * the same tests took 0.6x of Chromium's CPU in the shell (docs/operations.md "Browser tests").
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * End-to-end tests in Debian's Chromium (never Playwright's own download: CHROMIUM above) against the built site on
 * a throwaway database (scripts/e2e/server.ts), at a desktop and a phone viewport. Nothing but the site
 * is reached: host names other than localhost do not resolve, and every spec's fixture (e2e/fixtures.ts)
 * aborts any request to another origin.
 */
const chromium = {
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    LOOPBACK_ONLY_RESOLVER,
  ],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Generous waits: a shared CI machine can run the suite four or five times slower than a quiet one
  // (27 minutes against 6 seen). A wait only ends early when the page is right, so a broken page
  // still fails; speed is measured by `npm run bench` and `npm run lighthouse`, never here.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // A failed test keeps its screenshot and its page's accessibility tree (error-context.md). A trace
    // records every action's DOM and a screencast, which cost as much CPU as the tests themselves:
    // E2E_TRACE=1 keeps one for each failed test when a failure needs it.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    // The desktop runs every test but those tagged @phone-only: the accessibility scans that need a
    // real page (contrast, target size), made once per screen on the narrowest phone in dark mode.
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    // The phone runs the tests tagged @phone (and @phone-only): the screens whose layout, menus and
    // accessibility change at phone width. Journeys that behave the same at every width (server
    // behaviour, live pushes, admin workflows) run once, at the desktop size. What a screen shows in
    // each state, its messages and keyboard rules are proven without a browser (web/src/**/*.dom.test.tsx).
    {
      name: 'phone',
      grep: /@phone/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
  ],
  webServer: {
    // node itself (no npx or tsx CLI in between) gets the SIGTERM below and removes its database and keys.
    command: 'node --import tsx scripts/e2e/server.ts',
    cwd: '..',
    url: `${E2E_BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    // Warnings and errors only: a line per request would bury the test report.
    env: { E2E_PORT: String(E2E_PORT), LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  },
});
