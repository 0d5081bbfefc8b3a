import { useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { Comment } from '@vitrine/domain/answers';
import type { CommentSort } from '@vitrine/domain/comments';
import { commentsKey, mayHaveMore } from './keys';

/**
 * A project's threads, page after page (Load more asks for the threads after the last one shown).
 * `refresh` refetches every page shown, as a push or a write asks.
 */
export function useComments(projectId: number, sort: CommentSort) {
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<Comment[]>(
    (pageIndex, previous: Comment[] | null) => {
      if (pageIndex === 0) return commentsKey(projectId, sort);
      if (!previous || !mayHaveMore(previous)) return null;
      return commentsKey(projectId, sort, previous.at(-1)!.id);
    },
    { revalidateFirstPage: false, persistSize: true, revalidateOnMount: true },
  );
  const threads = useMemo(() => (data ? data.flat() : []), [data]);
  const last = data?.at(-1);
  const loadingMore = size > 0 && data !== undefined && data[size - 1] === undefined;
  return {
    threads,
    error,
    isLoading,
    hasMore: mayHaveMore(last),
    loadingMore: loadingMore || (isValidating && size > (data?.length ?? 0)),
    loadMore: () => void setSize(size + 1),
    refresh: () => mutate(),
  };
}
