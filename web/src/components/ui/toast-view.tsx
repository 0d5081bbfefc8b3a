import { Toaster as ArkToaster, Toast, createToaster } from '@ark-ui/react/toast';
import { Portal } from '@ark-ui/react/portal';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@vitrine/domain/constants';
import { cn } from '../../lib/cn';

/**
 * The one toast store of the app: at most one toast at a time, 5000 ms each. At the top, under
 * the header: a dialog's and a form's actions sit at their bottom, so a toast never covers the button
 * the user is about to press again.
 */
export const toaster = createToaster({
  placement: 'top-end',
  offsets: { top: '4.5rem', right: '1rem', bottom: '1rem', left: '1rem' },
  max: TOAST_LIMIT,
  duration: TOAST_DURATION_MS,
  overlap: false,
  gap: 12,
  removeDelay: 150,
  // F8 moves focus to the notifications.
  hotkey: ['F8'],
});

/** What a toast says; `destructive` is the failure style. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/**
 * The toasts themselves (Ark UI's toaster). Screens import toast.tsx, which loads this module on
 * the first toast, so a reader who never sees one never downloads it.
 *
 * Shows a toast, replacing the one on screen (at most one at once):
 * `toast({ title: 'Vote failed', description: '...', variant: 'destructive' })`.
 */
export function toast({ title, description, variant = 'default' }: ToastInput): string {
  toaster.dismiss();
  return toaster.create({
    title,
    description,
    type: variant === 'destructive' ? 'error' : 'info',
    duration: TOAST_DURATION_MS,
  });
}

/** The ids of the toasts on screen that carry news (notify), not the result of an action (toast). */
const newsIds = new Set<string>();

/**
 * A toast for news the user did not ask for (a report arriving live). It never replaces the result
 * of the user's own action (at most one toast at once), but newer news replaces older news: the
 * lists the news is about refresh live anyway, so the toast on screen is always the latest.
 */
export function notify(input: ToastInput): string | null {
  const visible = toaster.getVisibleToasts();
  if (visible.some((t) => !newsIds.has(String(t.id)))) return null;
  newsIds.clear();
  const id = toast(input);
  newsIds.add(id);
  return id;
}

/** Renders the toasts; mounted once at the root by toast.tsx's Toaster after the first toast. */
export function Toaster() {
  return (
    <Portal>
      <ArkToaster toaster={toaster}>
        {(t) => (
          <Toast.Root
            className={cn(
              'relative w-[min(24rem,calc(100vw-2rem))] rounded-xl border p-4 pr-10 shadow-lg',
              'translate-x-[var(--x)] translate-y-[var(--y)] scale-[var(--scale)] opacity-[var(--opacity)] transition-all duration-200',
              'z-[var(--z-index)] h-[var(--height)]',
              t.type === 'error'
                ? 'border-red-700 bg-red-600 text-white dark:border-red-800 dark:bg-red-700'
                : 'border-zinc-200 bg-white text-zinc-900 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-50',
            )}
          >
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description ? (
              <Toast.Description
                className={cn('mt-1 text-sm', t.type === 'error' ? 'text-red-50' : 'text-zinc-600 dark:text-zinc-400')}
              >
                {t.description}
              </Toast.Description>
            ) : null}
            <Toast.CloseTrigger
              aria-label="Close"
              className={cn(
                'absolute right-2 top-2 inline-flex size-7 items-center justify-center rounded-md transition-colors',
                t.type === 'error'
                  ? 'text-red-100 hover:bg-red-700'
                  : 'text-zinc-500 dark:text-zinc-400 hover:bg-zinc-100 dark:hover:bg-zinc-800',
              )}
            >
              <X className="size-4" aria-hidden="true" />
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </ArkToaster>
    </Portal>
  );
}
