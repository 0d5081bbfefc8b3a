import { Button } from './button';

/**
 * The button under a keyset list (inbox, admin tables): shown while another page follows, busy while
 * it loads. `label` names what it loads ('Load more messages'), for screen readers and tests.
 */
export function LoadMore({
  list,
  label,
}: {
  list: { hasMore: boolean; isLoadingMore: boolean; loadMore: () => void };
  label: string;
}) {
  if (!list.hasMore) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" onClick={list.loadMore} disabled={list.isLoadingMore} loading={list.isLoadingMore}>
        {label}
      </Button>
    </div>
  );
}
