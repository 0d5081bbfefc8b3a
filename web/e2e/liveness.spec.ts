import { test, expect, registerMember, expectNoSeriousA11yViolations, openAs } from './fixtures';
import { createProject } from './public-helpers';
import { E2E_HOSTED_PORT } from '../../scripts/e2e/constants';

/**
 * Live-or-down checks: the e2e server checks only its loopback stand-in of a hosted project
 * (scripts/e2e/server.ts), and one failed check makes a project down there.
 */

test.describe('live or down', () => {
  test("the owner's Check now makes a failing project down, and its badge appears live for a visitor", async ({
    browser,
    offSite,
  }) => {
    // The page's preview frame asks for the stand-in: the browser is kept off it like any other address.
    offSite.expectBlocked(new RegExp(`^http://127\\.0\\.0\\.1:${E2E_HOSTED_PORT}/`));
    const request = (await browser.newContext()).request;
    const owner = await registerMember(request);
    const ownerPage = await openAs(browser, owner);
    const project = await createProject(ownerPage, { replitUrl: `http://127.0.0.1:${E2E_HOSTED_PORT}/down` });
    const visitorPage = await openAs(browser);

    await visitorPage.goto(`/projects/${project.id}`);
    await expect(visitorPage.getByRole('heading', { name: 'Uptime' })).toBeVisible();
    await expect(visitorPage.getByText(/^Down since/)).toHaveCount(0);
    await expect(visitorPage.getByRole('button', { name: 'Check now' })).toHaveCount(0);

    await ownerPage.goto(`/projects/${project.id}`);
    await ownerPage.getByRole('button', { name: 'Check now' }).click();
    await expect(ownerPage.getByText('Check queued', { exact: true }).last()).toBeVisible();

    // The visitor's page never reloads: the badge comes with the push of the project going down. The
    // check waits its turn in the worker's liveness queue, so a busy machine gets a longer wait.
    await expect(visitorPage.getByText(/^Down since/)).toBeVisible({ timeout: 60_000 });
    await expectNoSeriousA11yViolations(visitorPage);

    // A second ask within 5 minutes is refused with the server's reason.
    await ownerPage.getByRole('button', { name: 'Check now' }).click();
    await expect(ownerPage.getByText(/A check was asked for in the last 5 minutes/).last()).toBeVisible();
  });
});
