import { REPORT_STATUSES, type ReportStatus } from '@vitrine/domain/constants';
import type { AdminReport, AdminUser, Project } from '@vitrine/domain/types';

/** Which user actions are enabled for this row. */
export interface UserRowActions {
  toggleAdmin: boolean;
  togglePause: boolean;
  remove: boolean;
}

/** An admin cannot change their own admin flag or delete themselves; admins cannot be paused. */
export function userRowActions(user: Pick<AdminUser, 'id' | 'isAdmin'>, meId: number): UserRowActions {
  const self = user.id === meId;
  return { toggleAdmin: !self, togglePause: !user.isAdmin, remove: !self };
}

/** The confirmation before deleting a user (word for word). */
export function deleteUserConfirmation(username: string): string {
  return `Are you sure you want to delete the user "${username}"? This will also delete all of their projects and cannot be undone.`;
}

/** The confirmation before deleting a project. */
export function deleteProjectConfirmation(title: string): string {
  return `Are you sure you want to delete the project "${title}"? This action cannot be undone.`;
}

/** The browser confirmation before deleting a report (word for word). */
export const DELETE_REPORT_CONFIRMATION = 'Are you sure you want to delete this report? This action cannot be undone.';

/** The status tabs of the Reports tab, in the order a report moves through them. */
export const REPORT_STATUS_TABS: ReadonlyArray<{ value: ReportStatus; label: string }> = REPORT_STATUSES.map(
  (value) => ({
    value,
    label: value.charAt(0).toUpperCase() + value.slice(1),
  }),
);

/** Empty text of one status tab: 'No {status} reports found'. */
export function emptyReportsText(status: ReportStatus): string {
  return `No ${status} reports found`;
}

/** Which actions a report row offers (by the report's status). */
export interface ReportRowActions {
  view: true;
  hide: boolean;
  restore: boolean;
  notes: boolean;
  dismiss: boolean;
  review: boolean;
  remove: boolean;
}

/** Pending reports are decided (notes, Dismiss, Review); others can only be deleted. Removed ones offer Restore instead of Hide. */
export function reportRowActions(report: Pick<AdminReport, 'status'>): ReportRowActions {
  const pending = report.status === 'pending';
  const removed = report.status === 'removed';
  return {
    view: true,
    hide: !removed,
    restore: removed,
    notes: pending,
    dismiss: pending,
    review: pending,
    remove: !pending,
  };
}

/** Human label of a report reason ('copyright' -> 'Copyright'). */
export function reasonLabel(reason: string): string {
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/** The Stats cell of the projects table: average with the ratings count, votes and views. */
export function projectStats(project: Pick<Project, 'averageRating' | 'totalRatings' | 'votes' | 'views'>): {
  rating: string;
  votes: string;
  views: string;
} {
  const avg = Number(project.averageRating) || 0;
  const count = project.totalRatings;
  return {
    rating: `${avg.toFixed(1)}/10 (${count} ${count === 1 ? 'rating' : 'ratings'})`,
    votes: `${project.votes} ${project.votes === 1 ? 'vote' : 'votes'}`,
    views: `${project.views} ${project.views === 1 ? 'view' : 'views'}`,
  };
}
