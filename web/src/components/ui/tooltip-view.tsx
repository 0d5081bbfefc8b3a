import { useEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip';
import { Portal } from '@ark-ui/react/portal';
import { TOOLTIP_DELAY_MS } from '@vitrine/domain/constants';

/** What a tooltip takes (see tooltip.tsx). */
export interface TooltipProps {
  content: ReactNode;
  children: ReactElement;
  openDelay?: number;
  placement?: 'top' | 'bottom' | 'left' | 'right';
}

/**
 * The Ark UI tooltip itself, loaded by tooltip.tsx once the visitor starts interacting. When the
 * pointer or focus was already on the trigger as it arrived, it opens at once (`defaultOpen`) and
 * the re-created trigger takes the focus back (`focusTrigger`).
 */
export function TooltipView({
  content,
  children,
  openDelay = TOOLTIP_DELAY_MS,
  placement = 'top',
  defaultOpen = false,
  focusTrigger = false,
}: TooltipProps & { defaultOpen?: boolean; focusTrigger?: boolean }) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger) trigger.current?.focus();
    // Only as it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <ArkTooltip.Root openDelay={openDelay} closeDelay={100} positioning={{ placement }} defaultOpen={defaultOpen}>
      <ArkTooltip.Trigger asChild ref={trigger}>
        {children}
      </ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner className="z-[60]">
          <ArkTooltip.Content className="max-w-xs rounded-md bg-zinc-900 px-3 py-2 text-xs leading-relaxed text-zinc-50 shadow-lg data-[state=open]:animate-fade-in dark:bg-zinc-100 dark:text-zinc-900">
            {content}
          </ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  );
}
