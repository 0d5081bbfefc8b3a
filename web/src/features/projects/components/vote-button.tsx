import { ThumbsUp } from 'lucide-react';
import type { Project } from '@vitrine/domain/answers';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { useVote, type VoteSurface } from '../hooks/use-vote';
import { useFlash } from '../../../hooks/use-flash';
import { useIsOwner } from '../hooks/use-is-owner';

/**
 * The vote button with its count: 'Vote' until voted, then a disabled, highlighted 'Voted'.
 * Visitors may vote too (the client does not check sign-in). The owner sees the count alone: nobody
 * votes for their own project.
 */
export function VoteButton({
  project,
  surface,
  size = 'sm',
  className,
}: {
  project: Pick<Project, 'id' | 'votes' | 'hasVoted' | 'title' | 'userId'>;
  surface: VoteSurface;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const { votes, hasVoted, vote } = useVote(project, surface);
  const flash = useFlash(votes);
  const own = useIsOwner(project);
  if (own) {
    return (
      <span
        role="img"
        aria-label={`${votes} ${votes === 1 ? 'vote' : 'votes'}`}
        className={cn(
          'relative z-10 inline-flex items-center gap-1.5 rounded-lg font-medium text-zinc-600 dark:text-zinc-400',
          size === 'sm' ? 'h-8 px-2.5 text-sm' : 'h-10 px-4 text-sm',
          className,
        )}
      >
        <ThumbsUp className="size-4" aria-hidden="true" />
        <span
          aria-hidden="true"
          className={cn(
            'tabular rounded bg-black/5 px-1.5 text-xs leading-5 dark:bg-white/10',
            flash && 'animate-flash',
          )}
        >
          {formatCount(votes)}
        </span>
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={() => void vote()}
      // aria-disabled rather than disabled: a keyboard user's focus stays on the button after voting.
      aria-disabled={hasVoted || undefined}
      aria-pressed={hasVoted}
      // The name starts with what the button shows ('Vote 29'), then says what it is for (WCAG 2.5.3).
      aria-label={`${hasVoted ? 'Voted' : 'Vote'}, ${formatCount(votes)} ${votes === 1 ? 'vote' : 'votes'}, for ${project.title}`}
      className={cn(
        'relative z-10 inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-lg border font-medium transition-colors duration-150',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500',
        size === 'sm' ? 'h-8 px-2.5 text-sm' : 'h-10 px-4 text-sm',
        hasVoted
          ? 'cursor-default border-accent-600 bg-accent-600 text-white dark:border-accent-500 dark:bg-accent-500'
          : 'border-zinc-300 bg-white text-zinc-800 hover:border-accent-400 hover:bg-accent-50 hover:text-accent-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:border-accent-500 dark:hover:bg-accent-950/50',
        className,
      )}
    >
      <ThumbsUp className={cn('size-4', hasVoted && 'fill-current')} aria-hidden="true" />
      <span>{hasVoted ? 'Voted' : 'Vote'}</span>{' '}
      <span
        aria-hidden="true"
        className={cn('tabular rounded bg-black/5 px-1.5 text-xs leading-5 dark:bg-white/10', flash && 'animate-flash')}
      >
        {formatCount(votes)}
      </span>
    </button>
  );
}
