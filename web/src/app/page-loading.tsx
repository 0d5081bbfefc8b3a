import { Skeleton, Skeletons } from '../components/ui/skeleton';

/**
 * What a protected or lazily loaded route shows while the current user or its bundle loads: the
 * outline of a page (its heading, a line of text, content blocks) in the page's own frame, so the
 * page that follows replaces it in place; screen readers hear "Loading".
 */
export function PageLoading() {
  return (
    <div role="status" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <span className="sr-only">Loading</span>
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="mt-3 h-4 w-96 max-w-full" />
      <Skeletons className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" itemClassName="h-48 rounded-xl" />
    </div>
  );
}
