import { test, expect, expectNoSeriousA11yViolations, registerMember, signIn, uniqueUsername } from './fixtures';
import { createProject, expectToast } from './public-helpers';

test.describe('member journeys', () => {
  test('submit a project from the hero, then find it in Latest; edit a project (owner only), report it, copy its link', async ({
    page,
    request,
    context,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(180_000);
    await test.step('submit a project from the hero, then find it in Latest', async () => {
      const member = await registerMember(request);
      await page.goto('/');
      // Logged out, the submit button opens the login dialog.
      await page.getByRole('button', { name: 'Submit Your Project' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Welcome to Vitrine' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await signIn(page, member);
      await page.reload();
      await page.getByRole('button', { name: 'Submit Your Project' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Submit Your Project' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Submit Project' }).click();
      await expect(dialog.getByText('Title must be at least 3 characters')).toBeVisible();
      await expect(dialog.getByText('Please select a category')).toBeVisible();
      const title = `Submitted ${Date.now().toString(36)}`;
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Description').fill('A project submitted through the dialog by the e2e suite.');
      await dialog.getByLabel('Project URL').fill('ftp://nope');
      await dialog.getByLabel('Category').selectOption('Game');
      await dialog.getByLabel('Tags (optional)').fill('e2e, dialog');
      await dialog.getByRole('button', { name: 'Submit Project' }).click();
      await expect(dialog.getByText('Please enter a valid URL including http:// or https://')).toBeVisible();
      await dialog.getByLabel('Project URL').fill('https://submitted.example/');
      await dialog.getByRole('button', { name: 'Submit Project' }).click();
      await expectToast(page, 'Project submitted!');
      await expect(page.getByText('Your project has been added to the showcase.')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.locator('#projects article').filter({ hasText: title })).toBeVisible();
    });
    await page.context().clearCookies();
    await test.step('edit a project (owner only), report it, copy its link', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const owner = await registerMember(request);
      await signIn(page, owner);
      const project = await createProject(page);
      await page.goto(`/projects/${project.id}`);
      await page.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Project' });
      await expect(edit.getByLabel('Title')).toHaveValue(project.title);
      await edit.getByLabel('Project URL').fill('notaurl');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit.getByText('Must be a valid URL. Include http:// or https://')).toBeVisible();
      await edit.getByLabel('Project URL').fill('https://edited.example/');
      const newTitle = `${project.title} v2`;
      await edit.getByLabel('Title').fill(newTitle);
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();

      await page.getByRole('button', { name: 'Copy link' }).click();
      await expectToast(page, 'Link copied');
      // The owner does not vote for, rate or report their own project: those controls are not shown.
      await expect(page.getByRole('img', { name: '0 votes' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Vote, / })).toHaveCount(0);
      await expect(page.getByLabel(`Rate ${newTitle}`)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Report' })).toHaveCount(0);

      const reporter = await registerMember(request);
      await page.context().clearCookies();
      await signIn(page, reporter);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Report' }).click();
      const report = page.getByRole('dialog', { name: 'Report Content' });
      await report.getByRole('button', { name: 'Submit Report' }).click();
      await expect(report.getByText('Please select a reason for reporting this project')).toBeVisible();
      await report.getByLabel('Reason').selectOption('spam');
      await report.getByLabel('Additional details (optional)').fill('Looks like spam to me.');
      await report.getByRole('button', { name: 'Submit Report' }).click();
      await expect(report.getByText('Thank you for your report')).toBeVisible();
      await expectToast(page, 'Report submitted');
      await expect(report).toBeHidden();
    });
  });

  test('vote (optimistic, then Voted; 409 keeps it), rate and re-rate; an already-voted project answers 409: Already voted, marked Voted', async ({
    page,
    request,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(180_000);
    await test.step('vote (optimistic, then Voted; 409 keeps it), rate and re-rate', async () => {
      const author = await registerMember(request);
      await signIn(page, author);
      const project = await createProject(page);
      const voter = await registerMember(request);
      await page.context().clearCookies();
      await signIn(page, voter);
      await page.goto(`/projects/${project.id}`);
      const vote = page.getByRole('button', { name: `Vote, 0 votes, for ${project.title}` });
      await expect(vote).toBeEnabled();
      await vote.click();
      const voted = page.getByRole('button', { name: `Voted, 1 vote, for ${project.title}` });
      await expect(voted).toBeDisabled();
      await expect(voted).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText('1 vote', { exact: true })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('button', { name: `Voted, 1 vote, for ${project.title}` })).toBeDisabled();

      const rate = page.getByLabel(`Rate ${project.title}`);
      await expect(rate.locator('option:checked')).toHaveText('Rate');
      // Choosing is not rating (WCAG 3.2.2): arrow keys move through the values and send nothing.
      let rated = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith(`/api/projects/${project.id}/rate`)) rated++;
      });
      await rate.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(rate).toBeFocused();
      await expect(page.getByRole('button', { name: `Save rating 2/10 for ${project.title}` })).toBeVisible();
      expect(rated).toBe(0);
      await rate.selectOption('8');
      await page.getByRole('button', { name: `Save rating 8/10 for ${project.title}` }).click();
      await expectToast(page, 'Rating submitted');
      await expect(rate).toBeFocused();
      expect(rated).toBe(1);
      await expect(page.getByText('You rated this project', { exact: true })).toBeVisible();
      await expect(page.getByText('8.0/10').first()).toBeVisible();
      // Enter on the select sends the value chosen.
      await rate.selectOption('6');
      await rate.press('Enter');
      await expectToast(page, 'Rating updated');
      await expect(rate).toBeFocused();
      await expect(page.getByText('6.0 (1)')).toBeVisible();
      await expect(page.getByRole('meter', { name: 'Rated 6' })).toHaveAttribute('aria-valuenow', '100');
    });
    await page.context().clearCookies();
    await test.step('an already-voted project answers 409: Already voted, marked Voted', async () => {
      const author = await registerMember(request);
      await signIn(page, author);
      const project = await createProject(page);
      // Nobody votes for their own project: another member's page votes.
      await page.context().clearCookies();
      await signIn(page, await registerMember(request));
      // A stale page: the page is live and refetches the project (on connect, on focus), so keep its
      // reads saying 'not voted yet' while the vote happens behind its back, until the click: a refetch
      // after it tells the truth again (a pinned one would undo the 'Voted' the 409 put in the SWR cache).
      let pinned = true;
      await page.route(`**/api/projects/${project.id}`, async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        const response = await route.fetch();
        const json = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: pinned ? { ...json, hasVoted: false } : json });
      });
      // The vote's push makes the page refetch the viewer's own state too: pin that the same way.
      await page.route('**/api/projects/viewer-state?*', async (route) => {
        const response = await route.fetch();
        const states = (await response.json()) as Array<Record<string, unknown>>;
        await route.fulfill({
          response,
          json: pinned ? states.map((s) => (s.id === project.id ? { ...s, hasVoted: false } : s)) : states,
        });
      });
      await page.goto(`/projects/${project.id}`);
      await expect(page.getByRole('button', { name: /^Vote, / })).toBeEnabled();
      const res = await page.request.post(`/api/projects/${project.id}/vote`, {
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(res.status()).toBe(200);
      await page.getByRole('button', { name: /^Vote, / }).click();
      pinned = false;
      await expectToast(page, 'Already voted');
      await expect(page.getByText("You've already voted for this project.")).toBeVisible();
      await expect(page.getByRole('button', { name: /^Voted, / })).toBeDisabled();
      // A refetch still in flight when the test ends would find its answer disposed with the page.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  });

  test('dialogs trap focus and close with Escape; sign up in the dialog (role and bio), then log out and log in again; the /auth page signs in and goes home', async ({
    page,
    request,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(270_000);
    await test.step('dialogs trap focus and close with Escape', async () => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Log in' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      for (let i = 0; i < 12; i += 1) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Log in' })).toBeFocused();
    });
    await page.context().clearCookies();
    await test.step('sign up in the dialog (role and bio), then log out and log in again', async () => {
      const username = uniqueUsername('signup');
      await page.goto('/');
      await page.getByRole('button', { name: 'Log in' }).click();
      const dialog = page.getByRole('dialog', { name: 'Welcome to Vitrine' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('tab', { name: 'Sign Up' }).click();
      // Name the panel: while Ark swaps panels, both can be visible for a frame.
      const panel = dialog.getByRole('tabpanel', { name: 'Sign Up' });
      // Client-side validation uses the domain schemas' texts.
      await panel.getByRole('button', { name: 'Create account' }).click();
      await expect(panel.getByText('Username must be at least 3 characters')).toBeVisible();
      await expect(panel.getByText('Password must be at least 8 characters')).toBeVisible();
      await panel.getByLabel('Username').fill(username);
      // The strength meter judges as the server will (zxcvbn, the site's name a user input).
      await panel.getByLabel('Password', { exact: true }).fill('vitrine123');
      await expect(
        panel.getByText(/Strength: Weak\. Too easy to guess\. There should not be any personal or page related data/),
      ).toBeVisible();
      await panel.getByLabel('Password', { exact: true }).fill('long-enough-1');
      await expect(panel.getByText('Strength: Very strong.')).toBeVisible();
      await panel.getByLabel('Confirm password').fill('different-1');
      await panel.getByRole('button', { name: 'Create account' }).click();
      await expect(panel.getByText("Passwords don't match")).toBeVisible();
      await panel.getByLabel('Confirm password').fill('long-enough-1');
      await panel.getByLabel('Role').selectOption('tester');
      await panel.getByLabel('Bio (optional)').fill('I test things.');
      await panel.getByRole('button', { name: 'Create account' }).click();
      await expectToast(page, 'Registration successful');
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`Welcome, ${username}`).filter({ visible: true })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Messages/ }).filter({ visible: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

      await page.getByRole('button', { name: 'Log out' }).filter({ visible: true }).click();
      await expectToast(page, 'Logged out');
      await page.getByRole('button', { name: 'Log in' }).click();
      const login = dialog.getByRole('tabpanel', { name: 'Login' });
      await login.getByLabel('Username').fill(username);
      await login.getByLabel('Password').fill('wrong-password');
      await login.getByRole('button', { name: 'Log in' }).click();
      await expectToast(page, 'Login failed');
      await login.getByLabel('Password').fill('long-enough-1');
      await login.getByText('Remember me').click();
      await expect(login.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
      await login.getByRole('button', { name: 'Log in' }).click();
      await expectToast(page, 'Login successful');
      await expect(page.getByText(`Welcome back, ${username}!`)).toBeVisible();
    });
    await page.context().clearCookies();
    await test.step('the /auth page signs in and goes home', async () => {
      const member = await registerMember(request);
      await page.goto('/auth');
      await expect(page.getByRole('heading', { name: 'Welcome to Vitrine' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel('Username').fill(member.username);
      await page.getByLabel('Password').fill(member.password);
      await page.getByRole('button', { name: 'Log in' }).last().click();
      await expect(page).toHaveURL(/\/$/);
      await expectToast(page, 'Login successful');
    });
  });
});
