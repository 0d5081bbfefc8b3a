import { describe, expect, it } from 'vitest';
import {
  DELETE_REPORT_CONFIRMATION,
  REPORT_STATUS_TABS,
  deleteProjectConfirmation,
  deleteUserConfirmation,
  emptyReportsText,
  projectStats,
  reportRowActions,
  userRowActions,
} from './rules';

describe('userRowActions', () => {
  it('disables admin toggle and delete for oneself', () => {
    expect(userRowActions({ id: 5, isAdmin: true }, 5)).toEqual({
      toggleAdmin: false,
      togglePause: false,
      remove: false,
    });
  });
  it('disables pause for other admins only', () => {
    expect(userRowActions({ id: 6, isAdmin: true }, 5)).toEqual({
      toggleAdmin: true,
      togglePause: false,
      remove: true,
    });
    expect(userRowActions({ id: 7, isAdmin: false }, 5)).toEqual({
      toggleAdmin: true,
      togglePause: true,
      remove: true,
    });
  });
});

describe('confirmations', () => {
  it('uses the product texts', () => {
    expect(deleteUserConfirmation('bob')).toBe(
      'Are you sure you want to delete the user "bob"? This will also delete all of their projects and cannot be undone.',
    );
    expect(deleteProjectConfirmation('Snake')).toBe(
      'Are you sure you want to delete the project "Snake"? This action cannot be undone.',
    );
    expect(DELETE_REPORT_CONFIRMATION).toBe(
      'Are you sure you want to delete this report? This action cannot be undone.',
    );
  });
});

describe('report tabs', () => {
  it('lists the four statuses in order with labels', () => {
    expect(REPORT_STATUS_TABS.map((t) => t.label)).toEqual(['Pending', 'Reviewed', 'Dismissed', 'Removed']);
    expect(REPORT_STATUS_TABS.map((t) => t.value)).toEqual(['pending', 'reviewed', 'dismissed', 'removed']);
  });
  it('names the empty state after the status', () => {
    expect(emptyReportsText('pending')).toBe('No pending reports found');
    expect(emptyReportsText('removed')).toBe('No removed reports found');
  });
});

describe('reportRowActions', () => {
  it('pending: notes, Dismiss, Review and Hide; no delete', () => {
    expect(reportRowActions({ status: 'pending' })).toEqual({
      view: true,
      hide: true,
      restore: false,
      notes: true,
      dismiss: true,
      review: true,
      remove: false,
    });
  });
  it('reviewed and dismissed: Hide and Delete Report', () => {
    for (const status of ['reviewed', 'dismissed'] as const) {
      expect(reportRowActions({ status })).toEqual({
        view: true,
        hide: true,
        restore: false,
        notes: false,
        dismiss: false,
        review: false,
        remove: true,
      });
    }
  });
  it('removed: Restore instead of Hide', () => {
    expect(reportRowActions({ status: 'removed' })).toEqual({
      view: true,
      hide: false,
      restore: true,
      notes: false,
      dismiss: false,
      review: false,
      remove: true,
    });
  });
});

describe('projectStats', () => {
  it('formats average, count, votes and views, accepting a numeric string', () => {
    expect(projectStats({ averageRating: '7.25' as unknown as number, totalRatings: 4, votes: 1, views: 12 })).toEqual({
      rating: '7.3/10 (4 ratings)',
      votes: '1 vote',
      views: '12 views',
    });
    expect(projectStats({ averageRating: 0, totalRatings: 1, votes: 0, views: 1 }).rating).toBe('0.0/10 (1 rating)');
  });
});
