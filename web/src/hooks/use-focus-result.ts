import { useCallback, useEffect, useRef, useState } from 'react';

/** Where focus goes after an action: the element with `id`, else the element with `fallback`. */
interface FocusTarget {
  id: string;
  fallback?: string;
}

/**
 * Moves focus to an action's result once React has put it on the page: a new comment or update, the
 * card an action changed, the message it left (docs/web-client.md "Focus and announcements").
 *
 *   const focusResult = useFocusResult();
 *   await post(body).then(refresh);
 *   focusResult(`comment-${comment.id}`, 'comments-heading');
 *
 * The focus moves after the render that follows the call (the refreshed list is on the page by then);
 * an element that is not focusable by itself (an article, a heading) is given tabIndex -1 first. When
 * neither element is there, focus stays where it is.
 */
export function useFocusResult(): (id: string, fallback?: string) => void {
  const target = useRef<FocusTarget | null>(null);
  // Each ask renders once more, after which the effect finds the element.
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const next = target.current;
    if (!next) return;
    target.current = null;
    const el = document.getElementById(next.id) ?? (next.fallback ? document.getElementById(next.fallback) : null);
    if (!el) return;
    if (!el.hasAttribute('tabindex') && el.tabIndex < 0) el.tabIndex = -1;
    el.focus();
  }, [asked]);
  return useCallback((id: string, fallback?: string) => {
    target.current = { id, fallback };
    setAsked((n) => n + 1);
  }, []);
}
