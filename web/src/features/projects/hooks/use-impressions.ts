import { useEffect, useRef } from 'react';
import { fairExposureEndpoints } from '@vitrine/domain/endpoints-fair-exposure';
import { callApi } from '../../../lib/api';

/** How long seen cards gather before one beacon counts them all. */
const BATCH_MS = 1000;
/** How much of a card must be on screen for it to count as seen. */
const VISIBLE_RATIO = 0.5;

/** Projects this page has already reported (the server counts once per visitor per project per day anyway). */
const reported = new Set<number>();
let pending = new Set<number>();
let timer: ReturnType<typeof setTimeout> | null = null;

function flush() {
  timer = null;
  const projectIds = [...pending];
  pending = new Set();
  if (projectIds.length === 0) return;
  // A lost beacon is not retried: an impression is a hint for fair exposure, never a count anyone sees.
  void callApi(fairExposureEndpoints.impressions, { body: { projectIds } }).catch(() => undefined);
}

function seen(id: number) {
  if (reported.has(id)) return;
  reported.add(id);
  pending.add(id);
  timer ??= setTimeout(flush, BATCH_MS);
}

/**
 * Counts an impression of each card of the New & rising strip once it is actually on screen (half of it
 * visible, IntersectionObserver), batched into one POST /api/impressions a second. Put `data-impression`
 * with the project id on each card inside the returned ref's element.
 */
export function useImpressions<E extends HTMLElement>(ids: readonly number[]) {
  const ref = useRef<E>(null);
  const key = ids.join(',');
  useEffect(() => {
    const root = ref.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          seen(Number((entry.target as HTMLElement).dataset.impression));
          observer.unobserve(entry.target);
        }
      },
      { threshold: VISIBLE_RATIO },
    );
    root.querySelectorAll<HTMLElement>('[data-impression]').forEach((card) => observer.observe(card));
    return () => observer.disconnect();
  }, [key]);
  return ref;
}
