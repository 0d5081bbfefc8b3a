import { measure, type CaseRequest, type Measured } from './measure';

/** A list or detail read the bench loads: its name and its request. */
export interface ReadCase {
  name: string;
  path: string;
}

/** A case measured on the large and on the small database, one right after the other. */
export interface ScaleRow {
  case: string;
  'p99 ms large': number;
  'p99 ms small': number;
  'p99 large / small': number | null;
  'req/s large': number;
  'req/s small': number;
}

/**
 * Issue 11's "every list at 1M projects vs at 20k: p99 within 1.3x", measured in one run: each read
 * loads the API on the large database and an API on a small one (same code, same servers, seconds
 * apart), so the machine's load drifts as little as possible between the two figures.
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
  const load = (url: string, path: string): Promise<Measured> =>
    measure(path, { url, origin: url, seconds: opts.seconds, connections: opts.connections, next: (): CaseRequest => ({ method: 'GET', path }) });
  // The small API has just started: warm it up the way the large one was by the bench's other cases
  // (JIT, the pool's connections, its shared reads), so a cold start is not read as a faster large one.
  for (const c of opts.cases) await load(opts.small, c.path);
  // Each side twice, in the order large, small, small, large, keeping each side's better run: the
  // machine's drift falls on both alike, and one side's unlucky run (a GC, another tenant) is not read
  // as the cost of the database's size.
  const better = (a: Measured, b: Measured) => (a['p99 ms'] <= b['p99 ms'] ? a : b);
  for (const c of opts.cases) {
    const large1 = await load(opts.large, c.path);
    const small1 = await load(opts.small, c.path);
    const small = better(small1, await load(opts.small, c.path));
    const large = better(large1, await load(opts.large, c.path));
    const ratio = small['p99 ms'] > 0 ? Number((large['p99 ms'] / small['p99 ms']).toFixed(2)) : null;
    opts.log(`${c.name}: p99 ${large['p99 ms']} ms large, ${small['p99 ms']} ms small (${ratio}x)`);
    rows.push({ case: c.name, 'p99 ms large': large['p99 ms'], 'p99 ms small': small['p99 ms'], 'p99 large / small': ratio, 'req/s large': large['req/s'], 'req/s small': small['req/s'] });
  }
  return rows;
}
