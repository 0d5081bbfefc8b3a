import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { CurrentUser } from '@vitrine/domain/answers';
import { createSessionStore, sessionOf, SessionStoreContext } from '../../stores/session';
import { PAUSED_NOTICE } from '../../features/auth/paused';
import { PausedBanner } from './paused-banner';

/** The banner as the server draws it for a page read by `user`. */
const rendered = (user: CurrentUser | null) =>
  renderToString(
    <SessionStoreContext.Provider value={createSessionStore(sessionOf(user))}>
      <Router ssrPath="/">
        <PausedBanner />
      </Router>
    </SessionStoreContext.Provider>,
  );

const member = (isPaused: boolean) => ({ id: 7, username: 'ada', isAdmin: false, isPaused }) as unknown as CurrentUser;

describe('PausedBanner', () => {
  it('tells a paused member what still works and links to the Contact page', () => {
    const html = rendered(member(true));
    expect(html).toContain('role="status"');
    expect(html).toContain(PAUSED_NOTICE);
    expect(html).toMatch(/<a href="\/contact"[^>]*>Write to the admins<\/a>/);
  });

  it('draws nothing for a member in good standing or a visitor', () => {
    expect(rendered(member(false))).toBe('');
    expect(rendered(null)).toBe('');
  });
});
