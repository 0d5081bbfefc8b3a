import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { endpoints } from '../lib/api';
import { expectNoAxeViolations } from '../testing/axe';
import { aMember, aProfile, NO_RATINGS } from '../testing/answers';
import { renderRoute } from '../testing/render-route';
import { answer, server } from '../testing/server';

const owner = aMember();

describe('/users/:username', () => {
  it("shows a member's Testing tab with their activity points, with no serious axe violations", async () => {
    server.use(
      answer(
        endpoints.users.profile,
        aProfile(owner.username, {
          requests: [{ id: 31, title: 'Axe round', projectTitle: 'Pixel Garden', status: 'open', as: 'owner' }],
        }),
      ),
      answer(endpoints.userRatings.ofUser, { ...NO_RATINGS, ratings: [] }),
    );
    const { container, user } = renderRoute(`/users/${owner.username}`, { user: owner });
    await user.click(await screen.findByRole('tab', { name: 'Testing' }));
    expect(await screen.findByText('Activity points')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Axe round' })).toBeVisible();
    await expectNoAxeViolations(container);
  });
});
