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

/**
 * Group commit with an answer per item: the first item is flushed at once; items added while a flush
 * runs wait and go together in the next one (at most `maxBatch` a flush), so under load a hot path
 * costs one round trip per burst instead of one per item. `flush` answers one result per item, in
 * order; when it throws, each of its items is rejected with that error. One flush runs at a time.
 */
export function createGroupCommit<I, R>(
  flush: (items: I[]) => Promise<R[]>,
  opts: { maxBatch: number },
): (item: I) => Promise<R> {
  let waiting: Array<{ item: I; resolve: (result: R) => void; reject: (err: unknown) => void }> = [];
  let running = false;

  async function drain() {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, opts.maxBatch);
      waiting = waiting.slice(batch.length);
      try {
        const results = await flush(batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(results[i]!));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    running = false;
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
