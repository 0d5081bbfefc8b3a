import { load, ms, quantile, type CaseRequest, type Loaded } from './measure';

/** A list or detail read the bench loads: its name and its request. */
export interface ReadCase {
  name: string;
  path: string;
}

/** A case measured on the large and on the small database, in alternating slices. */
export interface ScaleRow {
  case: string;
  'p99 ms large': number;
  'p99 ms small': number;
  'p99 large / small': number | null;
  'req/s large': number;
  'req/s small': number;
}

/** Length of one slice of load (seconds). */
const SLICE_SECONDS = 1;
/** Slices per side and case. */
const SLICES = 10;

/**
 * Issue 11's "every list at 1M projects vs at 20k: p99 within 1.3x", measured in one run: each read
 * loads an API on the large database and one on the small database (same code, same servers), both
 * fresh processes warmed alike, so what differs is the database, not one process's history. The two
 * sides take turns in one-second slices (large, small, small, large, ...), SLICES each, and
 * each side's p99 is that of every answer of its slices together: a p99 of a few milliseconds moves
 * by half between two runs of a few seconds on this shared machine (another tenant, a checkpoint), and
 * slices that alternate every second let such a burst fall on both sides alike.
 */
export async function compareScales(opts: {
  cases: readonly ReadCase[];
  large: string;
  small: string;
  seconds: number;
  connections: number;
  log: (line: string) => void;
}): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  const slice = (url: string, path: string, seconds = SLICE_SECONDS): Promise<Loaded> =>
    load({ url, origin: url, seconds, connections: opts.connections, next: (): CaseRequest => ({ method: 'GET', path }) });
  // Both APIs have just started: warm them up (JIT, the pool's connections, their shared reads).
  for (const c of opts.cases) {
    await slice(opts.large, c.path, opts.seconds);
    await slice(opts.small, c.path, opts.seconds);
  }
  for (const c of opts.cases) {
    const sides = { large: { latencies: [] as number[], requests: 0 }, small: { latencies: [] as number[], requests: 0 } };
    for (let i = 0; i < SLICES; i++) {
      const order = i % 2 === 0 ? (['large', 'small'] as const) : (['small', 'large'] as const);
      for (const side of order) {
        const { result, latencies } = await slice(opts[side], c.path);
        for (const latency of latencies) sides[side].latencies.push(latency);
        sides[side].requests += result.requests.total;
      }
    }
    const p99 = (side: 'large' | 'small') => ms(quantile(sides[side].latencies.sort((a, b) => a - b), 0.99));
    const perSecond = (side: 'large' | 'small') => Math.round(sides[side].requests / (SLICES * SLICE_SECONDS));
    const large = p99('large');
    const small = p99('small');
    const ratio = small > 0 ? Number((large / small).toFixed(2)) : null;
    opts.log(`${c.name}: p99 ${large} ms large, ${small} ms small (${ratio}x)`);
    rows.push({ case: c.name, 'p99 ms large': large, 'p99 ms small': small, 'p99 large / small': ratio, 'req/s large': perSecond('large'), 'req/s small': perSecond('small') });
  }
  return rows;
}
