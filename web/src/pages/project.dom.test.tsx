import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { endpoints } from '../lib/api';
import { expectNoAxeViolations } from '../testing/axe';
import { aMember, aProjectDetail, aTestRequest } from '../testing/answers';
import { renderRoute } from '../testing/render-route';
import { answer, server } from '../testing/server';

const owner = aMember();

describe('/projects/:id', () => {
  it("shows its owner the project's open test request, with no serious axe violations", async () => {
    server.use(
      answer(endpoints.projects.detail, aProjectDetail()),
      answer(endpoints.projects.view, { views: 41 }),
      answer(endpoints.testRequests.ofProject, {
        request: aTestRequest({ viewer: { isOwner: true, joined: false, canJoin: false } }),
      }),
    );
    const { container } = renderRoute('/projects/12', { user: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pixel Garden' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Axe round' })).toBeVisible();
    await expectNoAxeViolations(container);
  });
});
