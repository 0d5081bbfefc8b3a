/**
 * Group commit for a hot path: items added while a flush runs wait and go together in the next one,
 * so a burst costs a few round trips instead of one per item, and a lone item goes at once. The
 * promise of `add` settles when the flush carrying its items has. `flush` must not throw.
 */
export function createBatcher<T>(flush: (items: T[]) => Promise<void>): (items: T[]) => Promise<void> {
  let pending: T[] = [];
  let next: Promise<void> | null = null;
  let last: Promise<void> = Promise.resolve();
  return (items) => {
    pending.push(...items);
    if (next) return next;
    next = last.then(() => {
      const batch = pending;
      pending = [];
      next = null;
      return flush(batch);
    });
    last = next;
    return next;
  };
}
