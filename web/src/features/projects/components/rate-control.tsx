import { useRef, useState } from 'react';
import { ChevronDown, Lock } from 'lucide-react';
import { RATING_MAX, RATING_MIN, TOOLTIP_DELAY_MS } from '@vitrine/domain/constants';
import { useSession } from '../../../stores/session';
import { useDialogs } from '../../../stores/dialogs';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { useRate } from '../hooks/use-rate';
import { useIsOwner } from '../hooks/use-is-owner';

/** 1..10 as the selector lists them ('1/10' ... '10/10'). */
export const RATING_OPTIONS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => {
  const value = RATING_MIN + i;
  return { value, label: `${value}/${RATING_MAX}` };
});

/** The tooltip for visitors. */
const LOGIN_TO_RATE_TOOLTIP =
  'You need to be logged in to rate projects. Authenticated ratings help maintain quality and prevent spam.';

/** 'Login required' for visitors: the tooltip, and a click opens the login dialog. */
function LoginRequired({ tooltipDelay, className }: { tooltipDelay: number; className?: string }) {
  const show = useDialogs((s) => s.show);
  return (
    <Tooltip content={LOGIN_TO_RATE_TOOLTIP} openDelay={tooltipDelay}>
      <button
        type="button"
        onClick={() => show('auth')}
        className={cn(
          'relative z-10 inline-flex h-8 items-center gap-1.5 rounded-lg border border-dashed border-zinc-300 px-2.5 text-xs font-medium text-zinc-600',
          'hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800',
          className,
        )}
      >
        <Lock className="size-3.5" aria-hidden="true" />
        Login required
      </button>
    </Tooltip>
  );
}

/**
 * The rate selector: 'Rate' before rating, then 'You rated this project' (re-rating allowed).
 * Visitors see 'Login required'; the owner sees nothing (nobody rates their own project).
 * `variant="page"` is the larger detail-page control.
 */
export function RateControl({
  project,
  variant = 'card',
  tooltipDelay = TOOLTIP_DELAY_MS,
}: {
  project: { id: number; title: string; myRating: number | null; userId: number | null };
  variant?: 'card' | 'page';
  tooltipDelay?: number;
}) {
  const user = useSession((s) => s.user);
  const { myRating, pending, rate } = useRate(project);
  const own = useIsOwner(project);
  if (own) return null;
  if (!user) {
    return (
      <div className={cn('flex gap-1.5', variant === 'page' ? 'flex-col items-start' : 'items-center')}>
        <LoginRequired tooltipDelay={tooltipDelay} />
        {variant === 'page' ? (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">You need to login to rate this project</p>
        ) : null}
      </div>
    );
  }
  return <RateSelect project={project} variant={variant} myRating={myRating} pending={pending} rate={rate} />;
}

/**
 * The value chosen in the select and not yet saved (null when it is the saved rating), and `save`,
 * which sends it. From the button, focus moves back to the select, since the button goes once the
 * rating is saved.
 */
function useRatingChoice(myRating: number | null, pending: boolean, rate: (rating: number) => Promise<boolean>) {
  const [choice, setChoice] = useState<number | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  const unsaved = choice !== null && choice !== myRating ? choice : null;
  const save = async (fromButton: boolean) => {
    if (unsaved === null || pending) return;
    if (await rate(unsaved)) setChoice(null);
    if (fromButton) select.current?.focus();
  };
  return { choice, setChoice, select, unsaved, save };
}

/** The Save button of a chosen, unsaved rating; named with the value and the project. */
function SaveRatingButton({
  rating,
  projectTitle,
  variant,
  pending,
  onSave,
}: {
  rating: number;
  projectTitle: string;
  variant: 'card' | 'page';
  pending: boolean;
  onSave: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onSave}
      aria-disabled={pending || undefined}
      aria-label={`Save rating ${rating}/${RATING_MAX} for ${projectTitle}`}
      className={cn(
        'inline-flex shrink-0 items-center rounded-lg bg-accent-600 px-3 text-sm font-medium text-white hover:bg-accent-700 aria-disabled:opacity-60',
        variant === 'page' ? 'h-10' : 'h-8',
      )}
    >
      Save rating
    </button>
  );
}

/**
 * The select and its Save button. Choosing a value only chooses (arrow keys move through the values
 * without sending anything, WCAG 3.2.2); Enter on the select or the Save button sends it. Focus stays
 * on the select throughout (it is never disabled, and returns there when the button goes).
 */
function RateSelect({
  project,
  variant,
  myRating,
  pending,
  rate,
}: {
  project: { id: number; title: string };
  variant: 'card' | 'page';
  myRating: number | null;
  pending: boolean;
  rate: (rating: number) => Promise<boolean>;
}) {
  const { choice, setChoice, select, unsaved, save } = useRatingChoice(myRating, pending, rate);
  const selectId = `rate-${variant}-${project.id}`;
  return (
    <div className={cn('relative z-10 flex gap-2', variant === 'page' ? 'flex-col items-stretch' : 'items-center')}>
      <label htmlFor={selectId} className="sr-only">
        Rate {project.title}
      </label>
      <div className="flex items-center gap-2">
        <div className={cn('relative', variant === 'page' && 'flex-1')}>
          <select
            ref={select}
            id={selectId}
            value={choice ?? myRating ?? ''}
            aria-busy={pending || undefined}
            onChange={(event) => setChoice(Number(event.target.value))}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && unsaved !== null) {
                event.preventDefault();
                void save(false);
              }
            }}
            className={cn(
              'appearance-none rounded-lg border border-zinc-300 bg-white text-zinc-800 transition-colors hover:border-zinc-400 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
              variant === 'page' ? 'h-10 w-full pl-3 pr-9 text-sm' : 'h-8 pl-2.5 pr-8 text-sm',
            )}
          >
            <option value="" disabled>
              Rate
            </option>
            {RATING_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDown
            className="pointer-events-none absolute right-2.5 top-1/2 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400"
            aria-hidden="true"
          />
        </div>
        {unsaved !== null ? (
          <SaveRatingButton
            rating={unsaved}
            projectTitle={project.title}
            variant={variant}
            pending={pending}
            onSave={() => void save(true)}
          />
        ) : null}
      </div>
      {myRating !== null ? (
        <p className="text-xs leading-tight text-zinc-500 dark:text-zinc-400">You rated this project</p>
      ) : null}
    </div>
  );
}
