import { alternate, load, SLICE_SECONDS, type CaseRequest } from './measure';

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

/** Slices per side and case. */
const SLICES = 10;

/**
 * The target "every list at 1M projects vs at 20k: p99 within 1.3x", measured in one run: each read
 * loads an API on the large database and one on the small database (same code, same servers), both
 * fresh processes warmed alike, so what differs is the database, not one process's history; the two
 * take turns in one-second slices (measure.ts alternate).
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
  const slice =
    (url: string, path: string, seconds = SLICE_SECONDS) =>
    () =>
      load({
        url,
        origin: url,
        seconds,
        connections: opts.connections,
        next: (): CaseRequest => ({ method: 'GET', path }),
      });
  // Both APIs have just started: warm them up (JIT, the pool's connections, their shared reads).
  for (const c of opts.cases) {
    await slice(opts.large, c.path, opts.seconds)();
    await slice(opts.small, c.path, opts.seconds)();
  }
  for (const c of opts.cases) {
    const [large, small] = await alternate(
      { slice: slice(opts.large, c.path) },
      { slice: slice(opts.small, c.path) },
      SLICES,
    );
    const ratio = small['p99 ms'] > 0 ? Number((large['p99 ms'] / small['p99 ms']).toFixed(2)) : null;
    opts.log(`${c.name}: p99 ${large['p99 ms']} ms large, ${small['p99 ms']} ms small (${ratio}x)`);
    rows.push({
      case: c.name,
      'p99 ms large': large['p99 ms'],
      'p99 ms small': small['p99 ms'],
      'p99 large / small': ratio,
      'req/s large': large['req/s'],
      'req/s small': small['req/s'],
    });
  }
  return rows;
}
