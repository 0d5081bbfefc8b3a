import { useState, type ReactNode } from 'react';
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { neighboursOf, replacementFocus, type FocusNeighbours } from '../../lib/focus';

/** Props of Dialog. `width` is a CSS width such as '500px' (default 28rem); it never exceeds the viewport. */
export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  width?: string;
  /** Extra classes on the content panel. */
  className?: string;
  /** Hide the corner close button (the content then offers its own). */
  hideClose?: boolean;
}

/** The element focused when `open` last became true, and its neighbours then (read while rendering, before the dialog takes focus). */
function useOpener(open: boolean): { el: HTMLElement; around: FocusNeighbours } | null {
  const [wasOpen, setWasOpen] = useState(false);
  const [opener, setOpener] = useState<{ el: HTMLElement; around: FocusNeighbours } | null>(null);
  if (open !== wasOpen) {
    setWasOpen(open);
    // The body is no opener: focus was nowhere (the phone menu that held the button closed as it opened the dialog).
    if (open && typeof document !== 'undefined') {
      const active = document.activeElement;
      setOpener(
        active instanceof HTMLElement && active !== document.body ? { el: active, around: neighboursOf(active) } : null,
      );
    }
  }
  return opener;
}

/** Where focus returns: the opener while it is shown, else a neighbour of it (lib/focus.ts), else `#main`. */
function returnTarget(opener: { el: HTMLElement; around: FocusNeighbours } | null): HTMLElement | null {
  if (opener?.el.isConnected && opener.el.checkVisibility()) return opener.el;
  return opener ? replacementFocus(opener.around) : document.getElementById('main');
}

/**
 * A modal dialog (Ark UI): focus trapped inside, Escape and the backdrop close it, focus returns to
 * the trigger, and it is labelled by its title and described by its description.
 * `<Dialog open={open} onOpenChange={setOpen} title="Edit Project" description="...">form</Dialog>`
 */
export function Dialog({ open, onOpenChange, title, description, children, width, className, hideClose }: DialogProps) {
  const opener = useOpener(open);
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
      // Focus goes back to what opened the dialog; when that is gone or hidden (the Log in button after
      // signing in, one in the phone menu that closed, a row deleted from the dialog), to what is left
      // of its row, the next or previous row, the list's heading or the page's main content, never to
      // the bare body.
      finalFocusEl={() => returnTarget(opener)}
    >
      <Portal>
        <ArkDialog.Backdrop className="fixed inset-0 z-50 bg-zinc-950/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <ArkDialog.Positioner className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-4 sm:items-center">
          <ArkDialog.Content
            style={{ width: width ?? '28rem' }}
            className={cn(
              'relative my-auto max-w-full rounded-xl border border-zinc-200 bg-white p-6 shadow-xl outline-none',
              'data-[state=open]:animate-zoom-in dark:border-zinc-800 dark:bg-zinc-900',
              className,
            )}
          >
            <div className="mb-4 pr-8">
              <ArkDialog.Title className="text-lg font-semibold leading-tight text-zinc-900 dark:text-zinc-50">
                {title}
              </ArkDialog.Title>
              {description ? (
                <ArkDialog.Description className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">
                  {description}
                </ArkDialog.Description>
              ) : null}
            </div>
            {children}
            {hideClose ? null : (
              <ArkDialog.CloseTrigger
                aria-label="Close"
                className="absolute right-3 top-3 inline-flex size-8 items-center justify-center rounded-md text-zinc-500 dark:text-zinc-400 transition-colors hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
              >
                <X className="size-4" aria-hidden="true" />
              </ArkDialog.CloseTrigger>
            )}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

/** A row of dialog actions, right-aligned on wide screens and stacked on phones. */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>{children}</div>;
}
