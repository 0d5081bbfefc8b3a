import { LoaderCircle } from 'lucide-react';

/** What a protected or lazily loaded route shows while the current user or its bundle loads. */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      Loading
    </div>
  );
}
