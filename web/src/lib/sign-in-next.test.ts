import { describe, expect, it } from 'vitest';
import { isServerPage, safeNextPath, signInPathFor, signInReason } from './sign-in-next';

describe('safeNextPath', () => {
  it('keeps a local path with its query and fragment', () => {
    expect(safeNextPath('/settings')).toBe('/settings');
    expect(safeNextPath('/notifications?page=2#top')).toBe('/notifications?page=2#top');
    expect(safeNextPath('/admin?tab=integrity')).toBe('/admin?tab=integrity');
    expect(safeNextPath('/projects/7')).toBe('/projects/7');
    // Dot segments resolve on the site itself.
    expect(safeNextPath('/a/../settings')).toBe('/settings');
  });

  it('refuses anything that could leave the site', () => {
    for (const raw of [
      'https://evil.example/settings',
      'http://evil.example',
      '//evil.example/settings',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'settings',
      ' /settings',
      '',
      null,
      undefined,
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeNextPath(raw)).toBeNull();
    }
  });

  it('never leads back to the sign-in page itself', () => {
    expect(safeNextPath('/auth')).toBeNull();
    expect(safeNextPath('/auth?next=/settings')).toBeNull();
  });
});

describe('signInPathFor', () => {
  it('carries the page asked for, encoded, and nothing for home or an unsafe path', () => {
    expect(signInPathFor('/settings')).toBe('/auth?next=%2Fsettings');
    expect(signInPathFor('/admin?tab=users')).toBe('/auth?next=%2Fadmin%3Ftab%3Dusers');
    expect(signInPathFor('/')).toBe('/auth');
    expect(signInPathFor('//evil.example')).toBe('/auth');
  });
});

describe('signInReason and isServerPage', () => {
  it("gives the guarded page's text, and knows the pages the server answers", () => {
    expect(signInReason('/settings')).toBe('Please log in to change your settings');
    expect(signInReason('/admin/queues')).toBe('Please log in to access the admin dashboard');
    expect(signInReason('/messages?x=1')).toBe('Please log in to view your messages');
    expect(signInReason('/projects/1')).toBeNull();
    expect(signInReason(null)).toBeNull();
    expect(isServerPage('/admin/queues')).toBe(true);
    expect(isServerPage('/admin/queues/queue/emails?x=1')).toBe(true);
    expect(isServerPage('/admin')).toBe(false);
    expect(isServerPage('/admin/queuesx')).toBe(false);
  });
});
