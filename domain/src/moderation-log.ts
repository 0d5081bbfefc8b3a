/**
 * The public moderation log's vocabulary: every action an admin (or, later, a moderation job) records,
 * the kind of subject it names, its label on /moderation and in the feed, and the standard wording the
 * log shows when the admin gave no reason (db/src/queries/moderation-log.ts writes the rows).
 */
export const MODERATION_ACTIONS = {
  'project.hidden': {
    subject: 'project',
    label: 'Project hidden',
    reason: 'Hidden from public view for breaking the community rules.',
  },
  'project.shown': { subject: 'project', label: 'Project shown again', reason: 'Shown again after review.' },
  'project.deleted': {
    subject: 'project',
    label: 'Project deleted',
    reason: 'Deleted for breaking the community rules.',
  },
  'user.paused': { subject: 'user', label: 'User paused', reason: 'Paused for breaking the community rules.' },
  'user.unpaused': { subject: 'user', label: 'User unpaused', reason: 'Unpaused after review.' },
  'user.deleted': {
    subject: 'user',
    label: 'User deleted',
    reason: 'Account deleted for breaking the community rules.',
  },
  'comment.removed': {
    subject: 'comment',
    label: 'Comment removed',
    reason: 'Removed for breaking the community rules.',
  },
  'report.reviewed': { subject: 'report', label: 'Report reviewed', reason: 'The report was reviewed.' },
  'report.dismissed': {
    subject: 'report',
    label: 'Report dismissed',
    reason: 'The report was dismissed: no rule was broken.',
  },
  'report.upheld': {
    subject: 'report',
    label: 'Report upheld',
    reason: 'The report was upheld and the project hidden.',
  },
  'report.restored': {
    subject: 'report',
    label: 'Report reversed',
    reason: 'The project was shown again after review.',
  },
  'ring.confirmed': {
    subject: 'ring',
    label: 'Voting ring confirmed',
    reason: 'Coordinated votes were confirmed and no longer count.',
  },
  'rating.removed': { subject: 'rating', label: 'Rating removed', reason: 'An abusive rating was removed.' },
  'testRequest.hidden': {
    subject: 'test_request',
    label: 'Test request hidden',
    reason: 'Hidden from public view for breaking the community rules.',
  },
  'testRequest.shown': {
    subject: 'test_request',
    label: 'Test request shown again',
    reason: 'Shown again after review.',
  },
} as const satisfies Record<string, { subject: ModerationSubjectType; label: string; reason: string }>;

/** What a log entry is about. */
export type ModerationSubjectType = 'project' | 'user' | 'comment' | 'report' | 'ring' | 'rating' | 'test_request';
/** A logged moderation action. */
export type ModerationAction = keyof typeof MODERATION_ACTIONS;
/** Every action, for the answer schema. */
export const MODERATION_ACTION_NAMES = Object.keys(MODERATION_ACTIONS) as [ModerationAction, ...ModerationAction[]];
/** Every subject type, for the answer schema. */
export const MODERATION_SUBJECT_TYPES = [
  'project',
  'user',
  'comment',
  'report',
  'ring',
  'rating',
  'test_request',
] as const;

/** A public reason's longest length. */
export const MODERATION_REASON_MAX = 500;
/** Entries per page of GET /api/moderation-log and per feed. */
export const MODERATION_LOG_PAGE = 30;

/** The reason a log entry shows: the admin's, else the action's standard wording. */
export function publicReason(action: ModerationAction, reason: string | null | undefined): string {
  const given = reason?.trim();
  return given ? given : MODERATION_ACTIONS[action].reason;
}

/** What /moderation writes for a deleted user's name. */
export const REDACTED_USER = 'deleted user';
