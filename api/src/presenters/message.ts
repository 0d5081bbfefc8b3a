import type { MessageRow } from '@vitrine/db/queries/messages';
import type { UserRow } from '@vitrine/db/queries/users';
import type { MessageView } from '@vitrine/domain/types';

/**
 * A message as the inbox shows it. The sender's email is shown only to admins and to the
 * sender themselves, so one member never learns another's address from a message.
 */
export function presentMessage(row: MessageRow, viewer: Pick<UserRow, 'id' | 'isAdmin'>): MessageView {
  const maySeeEmail = viewer.isAdmin || (row.senderUserId !== null && row.senderUserId === viewer.id);
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    senderUserId: row.senderUserId,
    senderUsername: row.senderUsername,
    senderIsAdmin: row.senderIsAdmin,
    senderName: row.senderName,
    senderEmail: maySeeEmail ? row.senderEmail : null,
    recipientUserId: row.recipientUserId,
    recipientUsername: row.recipientUsername,
    repliedAt: viewer.isAdmin && row.repliedAt ? row.repliedAt.toISOString() : null,
  };
}
