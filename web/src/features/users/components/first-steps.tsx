import { useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'wouter';
import { CheckCircle2, Circle, X } from 'lucide-react';
import type { CurrentUser } from '@vitrine/domain/types';
import { Button } from '../../../components/ui/button';
import { siteName } from '../../../lib/site';
import { useSession } from '../../../stores/session';
import { useOpenSubmitDialog } from '../../../hooks/use-open-submit-dialog';
import { useUserProfile } from '../use-user-profile';

/** Where a member's "dismissed" is kept: per browser and member. */
const dismissedKey = (userId: number) => `vitrine:first-steps-dismissed:${userId}`;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Whether the member dismissed the checklist in this browser; true on the server (it renders none). */
function useDismissed(userId: number): [boolean, () => void] {
  const dismissed = useSyncExternalStore(
    subscribe,
    () => localStorage.getItem(dismissedKey(userId)) === '1',
    () => true,
  );
  const dismiss = () => {
    localStorage.setItem(dismissedKey(userId), '1');
    listeners.forEach((listener) => listener());
    // The button that had focus goes with the checklist.
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return [dismissed, dismiss];
}

/** One step: done or not, its text, and what to do next. */
function Step({ done, children, action }: { done: boolean; children: ReactNode; action?: ReactNode }) {
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Icon
        className={done ? 'size-4 shrink-0 text-green-600 dark:text-green-400' : 'size-4 shrink-0 text-zinc-400'}
        aria-hidden="true"
      />
      <span className={done ? 'text-zinc-500 line-through dark:text-zinc-400' : 'text-zinc-800 dark:text-zinc-200'}>
        {children}
        <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
      </span>
      {!done && action ? <span className="text-sm">{action}</span> : null}
    </li>
  );
}

const linkClass = 'font-medium text-accent-700 underline-offset-2 hover:underline dark:text-accent-300';

/** The three steps of a new member, from their session and profile. */
function Checklist({ user, onDismiss }: { user: CurrentUser; onDismiss: () => void }) {
  const { data: profile } = useUserProfile(user.username);
  const submit = useOpenSubmitDialog();
  if (!profile) return null;
  const steps = {
    email: user.emailVerified,
    takePart: profile.projects.length > 0 || profile.requests.length > 0,
    profile: Boolean(user.bio?.trim()),
  };
  const done = Object.values(steps).filter(Boolean).length;
  if (done === 3) return null;
  return (
    <section
      aria-labelledby="first-steps-heading"
      className="mb-8 rounded-xl border border-accent-200 bg-accent-50/60 p-5 dark:border-accent-900 dark:bg-accent-950/30"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="first-steps-heading" className="font-semibold text-zinc-900 dark:text-zinc-50">
            Your first steps on {siteName()}
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{done} of 3 done</p>
        </div>
        <Button variant="ghost" size="icon" aria-label="Dismiss your first steps" onClick={onDismiss}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        <Step
          done={steps.email}
          action={
            <Link href="/settings" className={linkClass}>
              {user.email ? 'Resend the link in Settings' : 'Add one in Settings'}
            </Link>
          }
        >
          {user.email
            ? `Confirm your email address (we sent a link to ${user.email})`
            : 'Add and confirm an email address, for copies and notices'}
        </Step>
        <Step
          done={steps.takePart}
          action={
            <>
              <button type="button" className={linkClass} onClick={submit}>
                Submit a project
              </button>{' '}
              or{' '}
              <Link href="/test-requests" className={linkClass}>
                join a test request
              </Link>
            </>
          }
        >
          Show something you built, or test someone else&apos;s
        </Step>
        <Step
          done={steps.profile}
          action={
            <Link href="/settings" className={linkClass}>
              Write a short bio
            </Link>
          }
        >
          Complete your profile
        </Step>
      </ul>
      <p className="mt-3 text-sm">
        <Link href={`/users/${encodeURIComponent(user.username)}`} className={linkClass}>
          See your profile
        </Link>
      </p>
    </section>
  );
}

/**
 * A new member's first-run checklist on the home page: confirm the email they gave, submit a project
 * or join a test request, complete the profile. It goes once every step is done, or for good when
 * dismissed (in this browser).
 */
export function FirstSteps() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return <FirstStepsOf user={user} />;
}

function FirstStepsOf({ user }: { user: CurrentUser }) {
  const [dismissed, dismiss] = useDismissed(user.id);
  if (dismissed) return null;
  return <Checklist user={user} onDismiss={dismiss} />;
}
