import { cloneElement, useEffect, useState, useSyncExternalStore, type ReactElement } from 'react';
import { onFirstInteraction } from '../../lib/lazy';
import type { TooltipProps, TooltipView as TooltipViewComponent } from './tooltip-view';

/**
 * Tooltips load with the visitor's first pointer move or key press: the Ark UI tooltip and its
 * positioning library (tooltip-view.tsx) are their own chunk, which a page that is only read (and
 * the server render) never needs. Until then the child renders as it is.
 */
let View: typeof TooltipViewComponent | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadView(): Promise<void> {
  loading ??= import('./tooltip-view').then((m) => {
    View = m.TooltipView;
    listeners.forEach((listener) => listener());
  });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The loaded Ark UI tooltip (rendered once `View` is set). */
function LoadedTooltip(props: Parameters<typeof TooltipViewComponent>[0]) {
  const Loaded = View as typeof TooltipViewComponent;
  return <Loaded {...props} />;
}

type TriggerHandlers = Partial<
  Record<'onPointerEnter' | 'onPointerLeave' | 'onFocus' | 'onBlur', (event: unknown) => void>
>;

/**
 * A tooltip on hover and keyboard focus (Ark UI). The child must be one focusable element
 * (it becomes the trigger via asChild). Default delay 700 ms; the project page passes 300.
 * `<Tooltip content="Why"><Button>Rate</Button></Tooltip>`
 */
export function Tooltip(props: TooltipProps) {
  const Loaded = useSyncExternalStore(
    subscribe,
    () => View !== null,
    () => false,
  );
  // Where the visitor already is on the plain child, so the arriving tooltip opens (and keeps focus).
  const [active, setActive] = useState<'pointer' | 'focus' | null>(null);
  useEffect(
    () => (Loaded ? undefined : onFirstInteraction(() => void loadView(), ['pointermove', 'pointerdown', 'keydown'])),
    [Loaded],
  );
  if (Loaded) return <LoadedTooltip {...props} defaultOpen={active !== null} focusTrigger={active === 'focus'} />;
  const child = props.children as ReactElement<TriggerHandlers>;
  const own = child.props;
  return cloneElement(child, {
    onPointerEnter: (event) => {
      setActive('pointer');
      void loadView();
      own.onPointerEnter?.(event);
    },
    onPointerLeave: (event) => {
      setActive(null);
      own.onPointerLeave?.(event);
    },
    onFocus: (event) => {
      setActive('focus');
      void loadView();
      own.onFocus?.(event);
    },
    onBlur: (event) => {
      setActive(null);
      own.onBlur?.(event);
    },
  });
}
