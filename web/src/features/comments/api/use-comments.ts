import type { CommentSort } from '@vitrine/domain/comments';
import { SECTION_LIST, useList } from '../../../hooks/use-list';
import { commentsKey } from './keys';

/**
 * A project's threads, page after page (Load more reads the page the last one's Link names). The
 * comment section handles the project's pushes itself and refreshes with the list's `mutate`, so the
 * list does not register for them.
 */
export function useComments(projectId: number, sort: CommentSort) {
  return useList(commentsKey(projectId, sort), SECTION_LIST);
}
