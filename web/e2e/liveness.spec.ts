import { test, expect, registerMember, expectNoSeriousA11yViolations, openAs, liveSocketReady } from './fixtures';
import { createProject } from './public-helpers';
import { E2E_BASE_URL, E2E_HOSTED_PORT } from '../../scripts/e2e/constants';

/**
 * Live-or-down checks: the e2e server checks only its loopback stand-in of a hosted project
 * (scripts/e2e/server.ts), and one failed check makes a project down there.
 */

test.describe('live or down', () => {
  test("a new project is checked within a minute; the owner's Check now shows its result without a reload, and a visitor sees the down badge live", async ({
    browser,
    offSite,
  }) => {
    // Three waits on the worker's liveness queue: a busy machine needs more than one test's time.
    test.slow();
    // The page's preview frame asks for the stand-in: the browser is kept off it like any other address.
    offSite.expectBlocked(new RegExp(`^http://127\\.0\\.0\\.1:${E2E_HOSTED_PORT}/`));
    const request = (await browser.newContext()).request;
    const owner = await registerMember(request);
    const ownerPage = await openAs(browser, owner);
    const project = await createProject(ownerPage, { replitUrl: `http://127.0.0.1:${E2E_HOSTED_PORT}/up` });

    // Checked at once after its submission, without waiting for the interval (a busy machine waits longer).
    await expect
      .poll(async () => (await (await request.get(`/api/projects/${project.id}/health`)).json()).status, {
        timeout: 60_000,
      })
      .toBe('up');

    // Its address stops answering; the visitor watches the page while the owner asks for a check.
    const edited = await ownerPage.request.patch(`/api/projects/${project.id}`, {
      headers: { Origin: E2E_BASE_URL },
      data: {
        title: project.title,
        description: 'A project made by the end-to-end tests.',
        replitUrl: `http://127.0.0.1:${E2E_HOSTED_PORT}/down`,
        category: 'Utility',
        tags: 'e2e, testing',
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    const visitorPage = await openAs(browser);
    const watching = liveSocketReady(visitorPage, project.id);
    await visitorPage.goto(`/projects/${project.id}`);
    await watching;
    const visitorPanel = visitorPage.getByRole('region', { name: 'Uptime' });
    await expect(visitorPanel.getByText('Up', { exact: true })).toBeVisible();
    await expect(visitorPage.getByText(/^Down since/)).toHaveCount(0);
    await expect(visitorPage.getByRole('button', { name: 'Check now' })).toHaveCount(0);

    await ownerPage.goto(`/projects/${project.id}`);
    await ownerPage.getByRole('button', { name: 'Check now' }).click();
    // The panel's message says what the server answered (a refusal shows its reason in the failure).
    await expect(ownerPage.locator('#uptime-check-message')).toContainText('Check queued');
    // The result comes into the owner's panel without a reload.
    await expect(ownerPage.getByRole('region', { name: 'Uptime' }).getByText('Down', { exact: true })).toBeVisible({
      timeout: 60_000,
    });

    // The visitor's page never reloads: the badge comes with the push of the project going down.
    await expect(visitorPage.getByText(/^Down since/)).toBeVisible({ timeout: 60_000 });
    await expectNoSeriousA11yViolations(visitorPage);

    // A second ask within 5 minutes is refused with the server's reason.
    await ownerPage.getByRole('button', { name: 'Check now' }).click();
    await expect(ownerPage.getByText(/A check was asked for in the last 5 minutes/).last()).toBeVisible();
  });
});
