import useSWRInfinite from 'swr/infinite';
import type { ModerationEntry } from '@vitrine/domain/answers';
import { MODERATION_LOG_PAGE } from '@vitrine/domain/moderation-log';
import { moderationLogKey } from './keys';

/** The public moderation log, newest first, with Load More (a page shorter than the page size is the last). */
export function useModerationLog() {
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<ModerationEntry[]>(
    (_index, previous: ModerationEntry[] | null) =>
      previous && previous.length < MODERATION_LOG_PAGE ? null : moderationLogKey(previous?.at(-1)?.id),
    { revalidateFirstPage: false },
  );
  const last = data?.[data.length - 1];
  return {
    entries: data ? data.flat() : [],
    error,
    isLoading,
    hasMore: last !== undefined && last.length === MODERATION_LOG_PAGE,
    loadMoreDisabled: isValidating,
    loadMore: () => void setSize(size + 1),
    retry: () => void mutate(),
  };
}
