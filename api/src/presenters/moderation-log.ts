import type { ModerationEntryRow } from '@vitrine/db/queries/moderation-log';
import type { ModerationEntry } from '@vitrine/domain/answers';

/**
 * A public moderation log entry. The admin who acted and any private notes are never in the row; a
 * username is left out when its member is deleted (the row's live join found no one).
 */
export function presentModerationEntry(row: ModerationEntryRow): ModerationEntry {
  return {
    id: row.id,
    action: row.action,
    subject: {
      type: row.subjectType,
      id: row.subjectId,
      ...(row.subjectTitle === null ? {} : { title: row.subjectTitle }),
      ...(row.username === null ? {} : { username: row.username }),
    },
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}
