/**
 * Lets at most `perHost` tasks for one host run at once in this process; the others wait their turn
 * in order. The checks are spread over the interval, so waiting is rare.
 */
export class HostGate {
  private running = new Map<string, number>();
  private waiting = new Map<string, Array<() => void>>();

  constructor(private readonly perHost: number) {}

  /** Runs `work` once fewer than `perHost` tasks of `host` are running. */
  async run<T>(host: string, work: () => Promise<T>): Promise<T> {
    if ((this.running.get(host) ?? 0) >= this.perHost) {
      await new Promise<void>((resolve) => this.waiting.set(host, [...(this.waiting.get(host) ?? []), resolve]));
    }
    this.running.set(host, (this.running.get(host) ?? 0) + 1);
    try {
      return await work();
    } finally {
      this.release(host);
    }
  }

  /** Tasks of `host` running now. */
  runningFor(host: string): number {
    return this.running.get(host) ?? 0;
  }

  private release(host: string) {
    const left = (this.running.get(host) ?? 1) - 1;
    if (left === 0) this.running.delete(host);
    else this.running.set(host, left);
    const queue = this.waiting.get(host);
    const next = queue?.shift();
    if (queue && queue.length === 0) this.waiting.delete(host);
    next?.();
  }
}
