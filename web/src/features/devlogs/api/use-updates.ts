import { useList } from '../../../hooks/use-list';
import { updatesKey } from './keys';

/** A stable empty list while the first page loads. */
const NO_UPDATES: never[] = [];

/**
 * A project's updates, newest first, page after page (Load more reads the page the last one's Link
 * names). `refresh` refetches every page shown, as the section's own writes ask; no push names them,
 * so the list does not register with lib/revalidate.ts.
 */
export function useUpdates(projectId: number) {
  const list = useList(updatesKey(projectId), { persistSize: true, revalidateOnMount: true, live: false });
  return {
    updates: list.data ?? NO_UPDATES,
    error: list.error,
    isLoading: list.isLoading,
    hasMore: list.hasMore,
    loadingMore: list.isLoadingMore,
    loadMore: list.loadMore,
    refresh: list.mutate,
  };
}
