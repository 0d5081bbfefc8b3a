import type { AddressableRow, AddressRow, UpdateRow } from '@vitrine/db/queries/project-updates';
import type { AddressableFeedback, ProjectUpdate } from '@vitrine/domain/answers';

/** How much of a feedback item's text the owner's picker shows. */
const EXCERPT_LENGTH = 140;

/** An update with the feedback it addresses; canEdit: the viewer owns the project and may write. */
export function presentProjectUpdate(row: UpdateRow, addresses: AddressRow[], canEdit: boolean): ProjectUpdate {
  return {
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    body: row.body,
    html: row.html,
    authorUsername: row.authorUsername,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    addresses: addresses
      .filter((a) => a.updateId === row.id)
      .map((a) => ({ feedbackId: a.feedbackId, requestId: a.requestId, testerUsername: a.testerUsername })),
    canEdit,
  };
}

/** A feedback item in the owner's picker: the start of its most telling part. */
export function presentAddressable(row: AddressableRow): AddressableFeedback {
  const text = (row.problems || row.suggestions || row.worked).replace(/\s+/g, ' ').trim();
  return {
    id: row.id,
    requestId: row.requestId,
    requestTitle: row.requestTitle,
    testerUsername: row.testerUsername,
    excerpt: text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text,
    createdAt: row.createdAt.toISOString(),
  };
}
