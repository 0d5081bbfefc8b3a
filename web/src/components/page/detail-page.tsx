import type { ReactNode } from 'react';
import { CircleAlert, type LucideIcon } from 'lucide-react';
import { errorMessage, errorStatus } from '../../lib/api';
import { useDocumentTitle } from '../../lib/site';
import { EmptyState, ErrorState } from '../ui/empty-state';

/** The centred frame of a page that only holds a panel (not found, failed load). */
export function PagePanel({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-lg px-4 py-20 sm:px-6">{children}</div>;
}

/** A not-found page (unknown project or user): `title` is both the document title and the page's h1. */
export function NotFoundPanel({
  icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  action: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <PagePanel>
      <EmptyState icon={icon} headingLevel={1} title={title} description={description} action={action} />
    </PagePanel>
  );
}

/** The parts of an SWR answer a detail page looks at. */
export interface DetailFetch<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  mutate: () => Promise<unknown>;
}

/**
 * What a detail page (project, profile) shows for its fetch: `skeleton` while the first load runs,
 * `notFound` for a 404 or 400 answer or no data, a failed-load panel titled `errorTitle` with
 * Try again for any other error, else `render(data)`.
 */
export function DetailPage<T>({
  fetch: { data, error, isLoading, mutate },
  skeleton,
  notFound,
  errorTitle,
  render,
}: {
  fetch: DetailFetch<T>;
  skeleton: ReactNode;
  notFound: ReactNode;
  errorTitle: string;
  render: (data: T) => ReactNode;
}) {
  if (isLoading && !data) return skeleton;
  if (error && !data) {
    const status = errorStatus(error);
    if (status === 404 || status === 400) return notFound;
    return (
      <PagePanel>
        <ErrorState
          icon={CircleAlert}
          title={errorTitle}
          description={errorMessage(error, 'Please try again later.')}
          onRetry={() => void mutate()}
        />
      </PagePanel>
    );
  }
  if (!data) return notFound;
  return render(data);
}
