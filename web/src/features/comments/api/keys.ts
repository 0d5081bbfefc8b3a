import type { Comment } from '@vitrine/domain/answers';
import { COMMENT_PAGE_SIZE, type CommentSort } from '@vitrine/domain/comments';
import { apiKey, endpoints, type ApiKey } from '../../../lib/api';

/**
 * The SWR key of a page of a project's threads: the first page, or the one after thread `after`
 * (keyset). The server render reads the first page of the default sort under the same key.
 */
export function commentsKey(projectId: number, sort: CommentSort, after?: number): ApiKey<Comment[]> {
  return apiKey(endpoints.comments.list, {
    params: { id: projectId },
    query: { sort: sort === 'oldest' ? undefined : sort, after },
  });
}

/** Whether another page may follow a page of `rows` threads (a full page). */
export function mayHaveMore(rows: readonly Comment[] | undefined): boolean {
  return rows !== undefined && rows.length >= COMMENT_PAGE_SIZE;
}
