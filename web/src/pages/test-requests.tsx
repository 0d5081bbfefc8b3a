import { useState } from 'react';
import { ClipboardList } from 'lucide-react';
import { CATEGORIES } from '@vitrine/domain/constants';
import type { RequestSort } from '@vitrine/domain/test-requests';
import { Button } from '../components/ui/button';
import { EmptyState, ErrorState } from '../components/ui/empty-state';
import { Label } from '../components/ui/field';
import { SearchBox } from '../components/ui/search-box';
import { Select } from '../components/ui/select';
import { Skeletons } from '../components/ui/skeleton';
import { errorMessage } from '../lib/api';
import { useDocumentTitle } from '../lib/site';
import { useTestRequestList } from '../features/test-requests/api/use-test-requests';
import { RequestCard } from '../features/test-requests/components/request-card';
import { OpenRequestButton } from '../features/test-requests/components/open-request-button';

const SORTS: Array<{ value: RequestSort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'deadline', label: 'Deadline soonest' },
];
const CATEGORY_OPTIONS = [{ value: '', label: 'All categories' }, ...CATEGORIES.map((c) => ({ value: c, label: c }))];

/** /test-requests: open test requests with skill and category filters, two sorts and Load More. */
export function TestRequestsPage() {
  useDocumentTitle('Test Requests');
  const [skill, setSkill] = useState('');
  const [category, setCategory] = useState('');
  const [sort, setSort] = useState<RequestSort>('newest');
  const list = useTestRequestList({ skill, category, sort });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50">
          Test Requests
        </h1>
        <OpenRequestButton />
      </div>
      <p className="mt-1 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
        Developers ask testers to try their projects. Join an open request, send structured feedback, and rate each
        other when it is completed.
      </p>
      <div className="mt-6 grid gap-3 sm:grid-cols-[1fr_14rem_12rem] sm:items-end">
        <SearchBox label="Filter by skill" value={skill} onSearch={setSkill} />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="request-category">Category</Label>
          <Select id="request-category" options={CATEGORY_OPTIONS} value={category} onValueChange={setCategory} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="request-sort">Sort by</Label>
          <Select<RequestSort> id="request-sort" options={SORTS} value={sort} onValueChange={setSort} />
        </div>
      </div>

      <section aria-label="Open test requests" className="mt-6">
        {list.isLoading ? (
          <Skeletons className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" itemClassName="h-56 rounded-xl" />
        ) : list.error && list.items.length === 0 ? (
          <ErrorState
            icon={ClipboardList}
            headingLevel={2}
            title="Failed to fetch test requests"
            description={errorMessage(list.error, 'Please try again later.')}
            onRetry={list.retry}
          />
        ) : list.items.length === 0 ? (
          <EmptyState
            icon={ClipboardList}
            headingLevel={2}
            title="No open test requests"
            description="Check back later or try another skill or category."
          />
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {list.items.map((request) => (
                <li key={request.id}>
                  <RequestCard request={request} />
                </li>
              ))}
            </ul>
            {list.hasMore ? (
              <div className="mt-8 flex justify-center">
                <Button
                  variant="outline"
                  onClick={list.loadMore}
                  disabled={list.loadMoreDisabled}
                  loading={list.isLoadingMore}
                >
                  Load More
                </Button>
              </div>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
