/**
 * What the fault suite must undo, newest first: servers, processes, temporary directories. Run on
 * success, on failure and on Ctrl-C alike; running it twice does nothing more.
 */
export class CleanupStack {
  private steps: Array<{ what: string; run: () => Promise<void> | void }> = [];
  private running: Promise<void> | undefined;

  /** Registers one undo step. */
  push(what: string, run: () => Promise<void> | void): void {
    this.steps.push({ what, run });
  }

  /** Runs every step once, newest first; a failing step is reported and the others still run. */
  run(log: (line: string) => void = console.error): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step.run();
        } catch (err) {
          log(`cleanup: ${step.what} failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      this.steps = [];
    })();
    return this.running;
  }
}
