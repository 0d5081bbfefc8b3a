import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../testing/axe';
import { aMember } from '../testing/answers';
import { renderRoute } from '../testing/render-route';

describe('/about', () => {
  it('explains test requests, and has no serious axe violations for a member', async () => {
    const { container } = renderRoute('/about', { user: aMember() });
    expect(await screen.findByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    expect(screen.getByText(/A developer opens a test request for one of their projects/)).toBeVisible();
    expect(document.title).toMatch(/^About/);
    await expectNoAxeViolations(container);
  });
});
