import { Suspense, useState } from 'react';
import { lazyNamed } from '../../../../lib/lazy';

// The explanation and its call load when the disclosure is first opened.
const ScoreExplanation = lazyNamed(() => import('./score-explanation'), 'ScoreExplanation');

/** The disclosure's id: the owner's Stats tab opens it to show the explained score. */
export const RANK_DISCLOSURE_ID = 'project-score';

/** "How this rank is computed": a native disclosure (keyboard operable) over the project's explained score. */
export function RankDisclosure({ projectId }: { projectId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      id={RANK_DISCLOSURE_ID}
      className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer rounded-xl px-4 py-3 text-sm font-medium text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 dark:text-zinc-100">
        How this rank is computed
      </summary>
      {open ? (
        <Suspense fallback={<p className="px-4 pb-4 text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>}>
          <ScoreExplanation projectId={projectId} />
        </Suspense>
      ) : null}
    </details>
  );
}
