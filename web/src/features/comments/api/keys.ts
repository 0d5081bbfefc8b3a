import type { Comment } from '@vitrine/domain/answers';
import type { CommentSort } from '@vitrine/domain/comments';
import { apiKey, endpoints, type ApiKey } from '../../../lib/api';

/**
 * The SWR key of the first page of a project's threads (the next ones are those its Link names). The
 * server render reads the first page of the default sort under the same key.
 */
export function commentsKey(projectId: number, sort: CommentSort): ApiKey<Comment[]> {
  return apiKey(endpoints.comments.list, {
    params: { id: projectId },
    query: { sort: sort === 'oldest' ? undefined : sort },
  });
}
