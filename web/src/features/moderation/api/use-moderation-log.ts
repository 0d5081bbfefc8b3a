import { useList } from '../../../hooks/use-list';
import { moderationLogKey } from './keys';

/** A stable empty log while the first page loads. */
const NO_ENTRIES: never[] = [];

/** The public moderation log, newest first, with Load More (the page the last one's Link names). */
export function useModerationLog() {
  const list = useList(moderationLogKey(), { live: false });
  return {
    entries: list.data ?? NO_ENTRIES,
    error: list.error,
    isLoading: list.isLoading,
    hasMore: list.hasMore,
    loadMoreDisabled: list.isValidating,
    loadMore: list.loadMore,
    retry: () => void list.mutate(),
  };
}
