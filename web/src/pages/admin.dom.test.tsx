import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { endpoints } from '../lib/api';
import { expectNoAxeViolations } from '../testing/axe';
import { anAdmin, aTestRequest } from '../testing/answers';
import { renderRoute } from '../testing/render-route';
import { answer, server } from '../testing/server';

describe('/admin', () => {
  it('lists the test requests on their tab, with no serious axe violations', async () => {
    server.use(
      answer(endpoints.adminTestRequests.list, [aTestRequest({ testerCount: 1, feedbackCount: 1 })]),
      // The tab labels count what waits for review: nothing here.
      answer(endpoints.admin.reports, []),
      answer(endpoints.comments.reports, []),
    );
    const { container } = renderRoute('/admin?tab=test-requests', { user: anAdmin() });
    expect(await screen.findByRole('heading', { name: 'Test Requests' })).toBeVisible();
    expect((await screen.findAllByRole('link', { name: 'Axe round' }))[0]).toBeVisible();
    await expectNoAxeViolations(container);
  });
});
