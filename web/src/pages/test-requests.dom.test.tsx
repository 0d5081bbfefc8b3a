import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { endpoints } from '../lib/api';
import { expectNoAxeViolations } from '../testing/axe';
import { aMember, aProfile, aTestRequest } from '../testing/answers';
import { renderRoute } from '../testing/render-route';
import { answer, server } from '../testing/server';

const owner = aMember();

describe('/test-requests', () => {
  it('lists the open requests with their filters, and has no serious axe violations', async () => {
    server.use(
      answer(endpoints.testRequests.list, [aTestRequest({ viewer: { isOwner: true, joined: false, canJoin: false } })]),
      answer(endpoints.users.profile, aProfile(owner.username)),
    );
    const { container } = renderRoute('/test-requests', { user: owner });
    const list = await screen.findByRole('region', { name: 'Open test requests' });
    expect(await within(list).findByRole('link', { name: 'Axe round' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Filter by skill' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Open a test request' })).toBeVisible();
    await expectNoAxeViolations(container);
  });
});
