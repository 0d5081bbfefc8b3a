import { Rss } from 'lucide-react';
import { sitePaths } from '@vitrine/domain/site-paths';
import { ModerationLog } from '../features/moderation/components/moderation-log';
import { useDocumentTitle, useMetaDescription } from '../lib/site';

/** The page's description; also its meta description. */
export const MODERATION_DESCRIPTION =
  'Every moderation action on the showcase (projects hidden or deleted, members paused or deleted, reports decided, ratings removed) with its public reason.';

/** /moderation: the public moderation log and its Atom feed. */
export function ModerationPage() {
  useDocumentTitle('Moderation log');
  useMetaDescription(MODERATION_DESCRIPTION);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50">
          Moderation log
        </h1>
        <a
          href={sitePaths.moderationFeed('atom')}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
        >
          <Rss className="size-4" aria-hidden="true" />
          Atom feed
        </a>
      </div>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{MODERATION_DESCRIPTION}</p>
      <section aria-label="Moderation actions" className="mt-6">
        <ModerationLog />
      </section>
    </div>
  );
}
