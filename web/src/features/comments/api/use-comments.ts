import type { CommentSort } from '@vitrine/domain/comments';
import { useList } from '../../../hooks/use-list';
import { commentsKey } from './keys';

/** A stable empty list while the first page loads. */
const NO_THREADS: never[] = [];

/**
 * A project's threads, page after page (Load more reads the page the last one's Link names).
 * `refresh` refetches every page shown, as a push or a write asks: the comment section handles the
 * project's pushes itself, so the list does not register for them.
 */
export function useComments(projectId: number, sort: CommentSort) {
  const list = useList(commentsKey(projectId, sort), { persistSize: true, revalidateOnMount: true, live: false });
  return {
    threads: list.data ?? NO_THREADS,
    error: list.error,
    isLoading: list.isLoading,
    hasMore: list.hasMore,
    loadingMore: list.isLoadingMore,
    loadMore: list.loadMore,
    refresh: list.mutate,
  };
}
