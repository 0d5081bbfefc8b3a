import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fairExposureEndpoints } from '@vitrine/domain/endpoints-fair-exposure';
import { endpoints } from '../lib/api';
import { expectNoAxeViolations } from '../testing/axe';
import { aProfile } from '../testing/answers';
import { renderRoute } from '../testing/render-route';
import { answer, refusal, server } from '../testing/server';

describe('not-found pages', () => {
  it('an unknown address is the 404 page, with no serious axe violations', async () => {
    const { container } = renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('a project the API does not know says so, with a way home and back', async () => {
    server.use(answer(endpoints.projects.detail, refusal(404, 'Project not found')));
    renderRoute('/projects/987654');
    expect(await screen.findByText('Project Not Found')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Go back' })).toBeVisible();
  });

  it('a user the API does not know says so; Go to Homepage leads home', async () => {
    server.use(
      answer(endpoints.users.profile, refusal(404, 'User not found')),
      // The home page the link leads to.
      answer(endpoints.projects.latest, []),
      answer(fairExposureEndpoints.rising, []),
    );
    const { user } = renderRoute('/users/nobody_here_404');
    expect(await screen.findByText('User Not Found')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Go to Homepage' }));
    expect(window.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { name: 'Showcase Your Projects' })).toBeVisible();
  });
});

describe('a user profile', () => {
  it('shows the counts, the Projects tab and the About tab, with no serious axe violations', async () => {
    server.use(answer(endpoints.users.profile, aProfile('hedy_dev')));
    const { container, user } = renderRoute('/users/hedy_dev');
    expect(await screen.findByRole('heading', { level: 1, name: /hedy_dev/ })).toBeVisible();
    expect(screen.getAllByText(/^Joined .+ ago$/)[0]).toBeVisible();
    expect(screen.getByText('Total votes')).toBeVisible();
    expect(within(screen.getByRole('tabpanel')).getAllByRole('article')[0]).toHaveTextContent('Pixel Garden');
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('tab', { name: 'About' }));
    const about = await screen.findByRole('tabpanel', { name: 'About' });
    expect(within(about).getByRole('heading', { name: 'Most Popular Projects' })).toBeVisible();
    await expectNoAxeViolations(container);
  });
});

describe('static pages', () => {
  it('About names the three roles, test requests and the verified badge, with no serious axe violations', async () => {
    const { container } = renderRoute('/about');
    for (const role of ['Developer', 'Tester', 'Both'])
      expect(await screen.findByRole('heading', { name: role })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'The verified badge' })).toBeVisible();
    expect(screen.getByText(/A developer opens a test request for one of their projects/)).toBeVisible();
    expect(document.title).toBe('About | Vitrine');
    await expectNoAxeViolations(container);
  });

  it('Terms and Privacy state their facts, with no serious axe violations', async () => {
    const terms = renderRoute('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeVisible();
    expect(screen.getAllByText('Last updated April 26, 2025')[0]).toBeVisible();
    expect(screen.getByText(/30 days notice/)).toBeVisible();
    expect(screen.getByText(/removed or hidden after multiple credible reports/)).toBeVisible();
    await expectNoAxeViolations(terms.container);
    terms.unmount();

    const privacy = renderRoute('/privacy');
    expect(await screen.findByText(/not directed to anyone under 13/)).toBeVisible();
    expect(screen.getAllByText(/encrypted/)[0]).toBeVisible();
    await expectNoAxeViolations(privacy.container);
  });
});

describe('member-only pages', () => {
  it.each([
    ['/messages', 'Please log in to view your messages'],
    ['/admin', 'Please log in to access the admin dashboard'],
    ['/notifications', 'Please log in to see your notifications'],
  ])('send a visitor from %s to sign-in, with the page to come back to', async (path, reason) => {
    renderRoute(path);
    expect(await screen.findByRole('tabpanel', { name: 'Login' })).toBeVisible();
    expect(window.location.pathname + window.location.search).toBe(`/auth?next=${encodeURIComponent(path)}`);
    expect(screen.getByText(reason)).toBeVisible();
  });
});
