import { useEffect, useRef, useState } from 'react';

/** How long a changed live count stays highlighted. */
const FLASH_MS = 900;

/**
 * True for a moment after `value` changes (not on first render): a live count change gets a brief
 * highlight; the CSS animation is skipped under prefers-reduced-motion.
 */
export function useFlash(value: unknown): boolean {
  const previous = useRef(value);
  const [flash, setFlash] = useState(false);
  useEffect(() => {
    if (Object.is(previous.current, value)) return;
    previous.current = value;
    setFlash(true);
    const timer = setTimeout(() => setFlash(false), FLASH_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return flash;
}
