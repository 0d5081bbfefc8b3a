import { useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { ProjectUpdate } from '@vitrine/domain/answers';
import { mayHaveMore, updatesKey } from './keys';

/**
 * A project's updates, newest first, page after page (Load more asks for those after the last one
 * shown). `refresh` refetches every page shown, as a write asks.
 */
export function useUpdates(projectId: number) {
  const { data, error, size, setSize, isLoading, mutate } = useSWRInfinite<ProjectUpdate[]>(
    (pageIndex, previous: ProjectUpdate[] | null) => {
      if (pageIndex === 0) return updatesKey(projectId);
      if (!previous || !mayHaveMore(previous)) return null;
      return updatesKey(projectId, previous.at(-1)!.id);
    },
    { revalidateFirstPage: false, persistSize: true, revalidateOnMount: true },
  );
  const updates = useMemo(() => (data ? data.flat() : []), [data]);
  return {
    updates,
    error,
    isLoading,
    hasMore: mayHaveMore(data?.at(-1)),
    loadingMore: size > 0 && data !== undefined && data[size - 1] === undefined,
    loadMore: () => void setSize(size + 1),
    refresh: () => mutate(),
  };
}
