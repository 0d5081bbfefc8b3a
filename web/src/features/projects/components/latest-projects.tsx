import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { FolderOpen, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { SearchBox } from '../../../components/ui/search-box';
import { useOpenSubmitDialog } from '../../../hooks/use-open-submit-dialog';
import { LISTING_CHOICES, SORT_OPTIONS } from '../api/keys';
import { useSearchChoice } from '../../../hooks/use-search-choice';
import { useLatestProjects } from '../api/use-project-lists';
import { ListingHeader, PagedProjects } from './listing-parts';

/**
 * Latest Submissions: 'Sort by' Newest / Most Voted / Most Viewed, sorted by the server, and the
 * site-wide search: `?q=` in the address (the WebSite SearchAction's target) narrows the list.
 */
export function LatestProjects() {
  const [sort, setSort] = useSearchChoice(LISTING_CHOICES.sort);
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const list = useLatestProjects(sort, q);
  const submit = useOpenSubmitDialog();
  const search = useCallback(
    (next: string) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (next) out.set('q', next);
          else out.delete('q');
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return (
    <section aria-label="Latest Submissions">
      <ListingHeader
        title="Latest Submissions"
        subtitle="Fresh projects from the community"
        selectLabel="Sort by"
        options={SORT_OPTIONS}
        value={sort}
        onChange={setSort}
      />
      <SearchBox label="Search projects" value={q} onSearch={search} className="mb-5" />
      <PagedProjects
        list={list}
        errorTitle="Failed to fetch projects"
        empty={
          q
            ? {
                icon: FolderOpen,
                title: 'No projects found',
                description: `Nothing matches "${q}". Try a different search.`,
              }
            : {
                icon: FolderOpen,
                title: 'No projects found',
                description: 'Be the first to submit a project!',
                action: (
                  <Button onClick={submit}>
                    <Plus aria-hidden="true" />
                    Submit Your Project
                  </Button>
                ),
              }
        }
      />
    </section>
  );
}
