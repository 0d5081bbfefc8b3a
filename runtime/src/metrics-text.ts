/**
 * The value of one sample in a Prometheus text exposition: the line of `name` whose labels include
 * every one of `labels` (undefined when there is none). Tests and scripts read scrapes with it.
 */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = new Map<string, string>();
    for (const pair of (match[3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      found.set(pair[1]!, pair[2]!);
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value)) return Number(match[4]);
  }
  return undefined;
}

/** Whether a scrape declares the series `name` (its `# TYPE` line), with samples or not yet. */
export function hasSeries(text: string, name: string): boolean {
  return text.split('\n').some((line) => line.startsWith(`# TYPE ${name} `));
}
