import { load, rotate, type CaseRequest, type Side } from './measure';

/** A server the side-by-side run loads: its label and address. */
export interface Target {
  label: string;
  url: string;
  /** Its process: its CPU time per answer is measured too. */
  pid?: number;
}

/** A case of the side-by-side run: its name and each request (a new voter, a fixed path...). */
export interface SideCase {
  name: string;
  next: () => CaseRequest;
}

/** One case's figures: the hello server's and each API's, as req/s, p50, p99 and the ratio to hello. */
export interface SideRow {
  case: string;
  'hello req/s': number;
  [column: string]: string | number | null;
}

/** A ratio to two decimals (three below 0.1, where the votes are), null when `of` is 0. */
export function ratioOf(value: number, of: number): number | null {
  if (of <= 0) return null;
  const r = value / of;
  return Number(r.toFixed(r < 0.1 ? 3 : 2));
}

/** The median of `values` (0 when empty). */
function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The ratio of `side` to `hello` over rounds: the median of each round's ratio (a round is one slice
 * of each server, back to back). A round whose hello or API slice a burst of the machine's load hit
 * is an outlier the median leaves out, where a ratio of the pooled figures would carry it.
 */
function roundRatio(side: number[], hello: number[]): number | null {
  const ratios = side.flatMap((s, i) => (hello[i]! > 0 ? [s / hello[i]!] : []));
  return ratios.length === 0 ? null : ratioOf(median(ratios), 1);
}

/**
 * Every case against the raw hello server and each API in one run: for each case, every server is
 * warmed (`warmSeconds`), then they take turns in slices of `sliceSeconds` (measure.ts rotate: each holds
 * each place of a round equally often), `slices` each. The hello server is measured again for every
 * case, in the same rounds, so a case's ratio to hello is taken over the same seconds of the machine
 * whatever else runs on it (the median of the rounds' ratios, roundRatio); the APIs are compared with
 * one another through those ratios. Each server's CPU time per answer is given too (from /proc).
 */
export async function sideBySide(opts: {
  hello: Target;
  apis: readonly Target[];
  cases: readonly SideCase[];
  slices: number;
  sliceSeconds: number;
  warmSeconds: number;
  connections: number;
  log: (line: string) => void;
}): Promise<SideRow[]> {
  const loader = (url: string, seconds: number, next: () => CaseRequest) => () =>
    load({ url, origin: url, seconds, connections: opts.connections, next });
  const hello = (seconds: number) => loader(opts.hello.url, seconds, () => ({ method: 'GET', path: '/' }));
  const rows: SideRow[] = [];
  for (const c of opts.cases) {
    if (opts.warmSeconds > 0) {
      await hello(opts.warmSeconds)();
      for (const api of opts.apis) await loader(api.url, opts.warmSeconds, c.next)();
    }
    const sides: Side[] = [
      { slice: hello(opts.sliceSeconds), pid: opts.hello.pid },
      ...opts.apis.map((api) => ({ slice: loader(api.url, opts.sliceSeconds, c.next), pid: api.pid })),
    ];
    const [h, ...measured] = await rotate(sides, opts.slices);
    const row: SideRow = { case: c.name, 'hello req/s': h!['req/s'], 'hello cpu µs': h!['cpu µs/req'] };
    measured.forEach((m, i) => {
      const label = opts.apis[i]!.label;
      row[`${label} req/s`] = m['req/s'];
      row[`${label} p50 ms`] = m['p50 ms'];
      row[`${label} p99 ms`] = m['p99 ms'];
      row[`${label} / hello`] = roundRatio(m.slices, h!.slices);
      row[`${label} cpu µs`] = m['cpu µs/req'];
    });
    opts.log(
      `${c.name}: hello ${h!['req/s']} req/s (${String(h!['cpu µs/req'])} µs CPU); ${opts.apis
        .map(
          (api) =>
            `${api.label} ${String(row[`${api.label} req/s`])} req/s (${String(row[`${api.label} / hello`])}x, p50 ${String(row[`${api.label} p50 ms`])} ms, p99 ${String(row[`${api.label} p99 ms`])} ms, ${String(row[`${api.label} cpu µs`])} µs CPU)`,
        )
        .join('; ')}`,
    );
    rows.push(row);
  }
  return rows;
}
