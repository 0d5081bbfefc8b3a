import { MODERATION_ACTIONS, publicReason, type ModerationAction } from '@vitrine/domain/moderation-log';
import type { ModerationSubjectType } from '@vitrine/domain/moderation-log';
import type { Tx } from '../sql';

/** What a moderation names: the subject's id, and where it has them its title and the member concerned. */
export interface ModerationSubject {
  id: number;
  /** Kept as it was (a project's title): the entry outlives its subject. */
  title?: string | null;
  /** The member the entry concerns; their username is read live, so it is redacted once they are deleted. */
  userId?: number | null;
}

/** One moderation to log: the action, its subject, the public reason (blank: the standard wording) and the admin. */
export interface ModerationRecord {
  action: ModerationAction;
  subject: ModerationSubject;
  reason?: string | null;
  actorId: number | null;
}

/** A log entry as the public sees it (actor_id is never read). */
export interface ModerationEntryRow {
  id: number;
  action: ModerationAction;
  subjectType: ModerationSubjectType;
  subjectId: number;
  subjectTitle: string | null;
  username: string | null;
  reason: string;
  createdAt: Date;
}

/**
 * Logs one moderation inside the caller's transaction, so the entry commits with the action it records
 * (moderation_log, migration 0026; this module owns the table). Any command that moderates calls it:
 *
 *   await recordModeration(tx, { action: 'comment.removed', subject: { id, userId: authorId }, reason, actorId })
 */
export async function recordModeration(tx: Tx, record: ModerationRecord): Promise<void> {
  const { action, subject } = record;
  await tx`
    INSERT INTO moderation_log (action, subject_type, subject_id, subject_title, subject_user_id, reason, actor_id)
    VALUES (${action}, ${MODERATION_ACTIONS[action].subject}, ${subject.id}, ${subject.title ?? null},
            ${subject.userId ?? null}, ${publicReason(action, record.reason)}, ${record.actorId})`;
}

/** A moderation of a project: its title and owner are taken from the row (call it before a delete). */
export async function recordProjectModeration(
  tx: Tx,
  record: Omit<ModerationRecord, 'subject'> & { projectId: number },
): Promise<void> {
  const reason = publicReason(record.action, record.reason);
  await tx`
    INSERT INTO moderation_log (action, subject_type, subject_id, subject_title, subject_user_id, reason, actor_id)
    SELECT ${record.action}, ${MODERATION_ACTIONS[record.action].subject}, p.id, p.title, p.user_id, ${reason}, ${record.actorId}
    FROM projects p WHERE p.id = ${record.projectId}`;
}

/** Reads of the public moderation log. Pass the pool or a transaction. */
export function makeModerationLogQueries(sql: Tx) {
  return {
    /** Entries older than the entry `before`, newest first (a backward scan of the primary key). */
    async listEntries(page: { before?: number; limit: number }): Promise<ModerationEntryRow[]> {
      return sql<ModerationEntryRow[]>`
        SELECT m.id, m.action, m.subject_type, m.subject_id, m.subject_title, u.username, m.reason, m.created_at
        FROM moderation_log m LEFT JOIN users u ON u.id = m.subject_user_id
        WHERE ${page.before === undefined ? sql`true` : sql`m.id < ${page.before}`}
        ORDER BY m.id DESC
        LIMIT ${page.limit}`;
    },
  };
}
