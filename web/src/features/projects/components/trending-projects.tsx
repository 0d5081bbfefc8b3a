import { TrendingUp } from 'lucide-react';
import { LISTING_CHOICES, PERIOD_OPTIONS } from '../api/keys';
import { useSearchChoice } from '../../../hooks/use-search-choice';
import { useTrendingProjects } from '../api/use-project-lists';
import { ListingHeader, PagedProjects } from './listing-parts';

/** Trending Projects: 'Period' Today / This Week / This Month, default week. */
export function TrendingProjects() {
  const [period, setPeriod] = useSearchChoice(LISTING_CHOICES.period);
  const list = useTrendingProjects(period);
  return (
    <section aria-label="Trending Projects">
      <ListingHeader
        title="Trending Projects"
        subtitle="What the community is voting for right now"
        selectLabel="Period"
        options={PERIOD_OPTIONS}
        value={period}
        onChange={setPeriod}
      />
      <PagedProjects
        list={list}
        errorTitle="Failed to fetch trending projects"
        empty={{
          icon: TrendingUp,
          title: 'No trending projects found',
          description: 'Check back later or try a different time period',
        }}
      />
    </section>
  );
}
