import { useEffect, useState, type ReactNode } from 'react';
import { Popover as ArkPopover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';

/** What a popover takes. */
export interface PopoverProps {
  /** The id of the button that opens it: the panel is placed under it and focus returns to it. */
  triggerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The panel's accessible name. */
  label: string;
  children: ReactNode;
}

/**
 * A non-modal panel under a button that the page renders itself (so the button costs no Ark UI code
 * until the panel is first wanted): Escape, a click outside or the button close it, Tab moves from
 * the button into the panel and out of it to what follows the button, and focus returns to the button
 * when it closes. The panel itself takes focus on opening (its name is read; Tab reaches its parts
 * in order, whether or not its content has arrived yet).
 */
export function Popover({ triggerId, open, onOpenChange, label, children }: PopoverProps) {
  // Ark moves focus into the panel on a change of `open`, not on its first render: a panel that
  // arrives already wanted opens a frame later.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const contentId = `${triggerId}-panel`;
  return (
    <ArkPopover.Root
      open={open && mounted}
      onOpenChange={(details) => onOpenChange(details.open)}
      ids={{ trigger: triggerId, content: contentId }}
      initialFocusEl={() => document.getElementById(contentId)}
      positioning={{ placement: 'bottom-end', gutter: 8, overflowPadding: 8 }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <ArkPopover.Positioner className="z-50">
          <ArkPopover.Content
            aria-label={label}
            className="w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-lg outline-none data-[state=open]:animate-zoom-in dark:border-zinc-800 dark:bg-zinc-900"
          >
            {children}
          </ArkPopover.Content>
        </ArkPopover.Positioner>
      </Portal>
    </ArkPopover.Root>
  );
}
