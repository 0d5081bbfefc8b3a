import { useLayoutEffect, type RefObject } from 'react';
import { neighboursOf, replacementFocus } from '../lib/focus';

/**
 * When the element `ref` holds leaves the page while focus is inside it (a row deleted or moved to
 * another list by its own action), focus moves to a neighbour (lib/focus.ts) instead of the body.
 * The cleanup runs before React takes the element out, so the neighbours are still there to find.
 */
export function useFocusRescue(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = ref.current;
    return () => {
      if (!el?.isConnected || !el.contains(document.activeElement)) return;
      replacementFocus({ ...neighboursOf(el), row: null })?.focus();
    };
  }, [ref]);
}
