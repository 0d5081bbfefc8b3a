import type { ReactElement, ReactNode } from 'react';
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip';
import { Portal } from '@ark-ui/react/portal';
import { TOOLTIP_DELAY_MS } from '@vitrine/domain/constants';

/**
 * A tooltip on hover and keyboard focus (Ark UI). The child must be one focusable element
 * (it becomes the trigger via asChild). Default delay 700 ms (§9); the project page passes 300.
 * `<Tooltip content="Why"><Button>Rate</Button></Tooltip>`
 */
export function Tooltip({
  content,
  children,
  openDelay = TOOLTIP_DELAY_MS,
  placement = 'top',
}: {
  content: ReactNode;
  children: ReactElement;
  openDelay?: number;
  placement?: 'top' | 'bottom' | 'left' | 'right';
}) {
  return (
    <ArkTooltip.Root openDelay={openDelay} closeDelay={100} positioning={{ placement }}>
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
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
