import { useEffect, useRef, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { PAGE_SIZE } from '@vitrine/domain/constants';
import type { Project } from '@vitrine/domain/types';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { Select, type SelectOption } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import type { PagedList } from '../api/use-project-lists';
import { ProjectGrid } from './project-card';

/** A listing's heading row: title, subtitle and its selector ('Sort by', 'Period', 'Time Range'). */
export function ListingHeader<V extends string>({
  title,
  subtitle,
  selectLabel,
  options,
  value,
  onChange,
}: {
  title: string;
  subtitle: string;
  selectLabel: string;
  options: ReadonlyArray<SelectOption<V>>;
  value: V;
  onChange: (value: V) => void;
}) {
  const id = `select-${selectLabel.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div className="mb-4 flex flex-col gap-2 sm:mb-5 sm:flex-row sm:items-end sm:justify-between sm:gap-3">
      <div>
        <h2 className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h2>
        <p className="mt-1 hidden text-sm text-zinc-600 sm:block dark:text-zinc-400">{subtitle}</p>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="whitespace-nowrap text-sm font-medium text-zinc-700 dark:text-zinc-300">
          {selectLabel}
        </label>
        <Select<V> id={id} className="w-40" options={[...options]} value={value} onValueChange={onChange} />
      </div>
    </div>
  );
}

/** Shows the failure toast once per error (e.g. 'Failed to fetch projects'). */
export function useFailureToast(error: unknown, title: string): void {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    toast({ title, description: errorMessage(error, 'Please try again later.'), variant: 'destructive' });
  }, [error, title]);
}

/**
 * A paged project list with its states: skeletons of a full page while loading, the error panel,
 * the empty state, the grid, and the 'Load More Projects' button (fewer than PAGE_SIZE ends the list).
 */
export function PagedProjects({
  list,
  errorTitle,
  empty,
}: {
  list: PagedList<Project>;
  errorTitle: string;
  empty: { title: string; description?: string; icon: Parameters<typeof EmptyState>[0]['icon']; action?: ReactNode };
}) {
  useFailureToast(list.error, errorTitle);
  if (list.isLoading) return <ProjectGrid projects={[]} loadingCount={PAGE_SIZE} />;
  if (list.error && list.items.length === 0) {
    return (
      <ErrorState
        icon={CircleAlert}
        title={errorTitle}
        description={errorMessage(list.error, 'Please try again later.')}
        onRetry={list.retry}
      />
    );
  }
  if (list.items.length === 0)
    return <EmptyState icon={empty.icon} title={empty.title} description={empty.description} action={empty.action} />;
  return (
    <div>
      <ProjectGrid projects={list.items} loadingCount={list.isLoadingMore ? PAGE_SIZE : 0} />
      <div className="mt-8 flex justify-center">
        <Button variant="outline" onClick={list.loadMore} disabled={list.loadMoreDisabled} loading={list.isLoadingMore}>
          Load More Projects
        </Button>
      </div>
    </div>
  );
}
