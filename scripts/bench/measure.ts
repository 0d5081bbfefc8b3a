import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** One measured case: requests per second and latency percentiles over the run. */
export interface Measured {
  case: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  '2xx': number;
  'non-2xx': number;
  errors: number;
}

/** A request of a case, made anew for every request (a new voter, a random project). */
export interface CaseRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
}

/** The machine's load averages (1, 5, 15 minutes), for the figures' context. */
export function loadAverages(digits = 1): string {
  return loadavg()
    .map((n) => n.toFixed(digits))
    .join(' ');
}

/** The `q` quantile (0..1) of sorted `values`, nearest rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** What one load of a case gave: autocannon's result and every 2xx answer's latency in ms, sorted. */
export interface Loaded {
  result: autocannon.Result;
  latencies: number[];
}

/**
 * Loads `url` for `seconds` with `connections` keep-alive connections (autocannon); `next` gives each
 * request's method, path and headers. Latencies are those of the 2xx answers, to 0.01 ms: autocannon's
 * own histogram keeps whole milliseconds, so a p99 of 2 against 3 ms read as 1.5x whatever the truth;
 * its 'response' events carry each request's time from process.hrtime, which is what is used here.
 */
export async function load(opts: {
  url: string;
  origin: string;
  seconds: number;
  connections: number;
  next: () => CaseRequest;
}): Promise<Loaded> {
  const latencies: number[] = [];
  // Without a callback autocannon answers its tracker (an EventEmitter) made thenable; its types say only Promise.
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    requests: [
      {
        setupRequest: (req) => {
          const r = opts.next();
          return {
            ...req,
            method: r.method,
            path: r.path,
            headers: { ...req.headers, Origin: opts.origin, 'Content-Type': 'application/json', ...r.headers },
            body: r.method === 'POST' ? '{}' : undefined,
          };
        },
      },
    ],
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return { result, latencies };
}

/** A latency in ms to 0.01 ms. */
const ms = (value: number) => Math.round(value * 100) / 100;

/** Loads a case (see load) and answers its requests per second and latency percentiles. */
export async function measure(name: string, opts: Parameters<typeof load>[0]): Promise<Measured> {
  const { result, latencies } = await load(opts);
  return {
    case: name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': ms(quantile(latencies, 0.5)),
    'p99 ms': ms(quantile(latencies, 0.99)),
    '2xx': result['2xx'],
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}

/** The p50 and p99 of `sorted` latencies, to 0.01 ms. */
const percentiles = (sorted: number[]) => ({
  'p50 ms': ms(quantile(sorted, 0.5)),
  'p99 ms': ms(quantile(sorted, 0.99)),
});

/** Length of one slice of an alternating comparison (seconds). */
export const SLICE_SECONDS = 1;

/** One side of an alternating comparison: its load of one slice, and what runs before each slice. */
export interface Side {
  slice: () => Promise<Loaded>;
  before?: () => Promise<void>;
  /** The server's process id: its CPU time over the slices is measured too (cpuMsOf). */
  pid?: number;
}

/** Clock ticks a second of /proc/PID/stat's times (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc (Linux); null elsewhere or
 * once it has exited. Its threads (the render pool's) count with it.
 */
export function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
  } catch {
    return null;
  }
}

/** A side's slices together: requests per second over them, and the p99 of every 2xx answer. */
export interface Pooled {
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  /** CPU time of the side's server per answer (µs), when its pid was given: steadier than req/s on a loaded machine. */
  'cpu µs/req': number | null;
  /** Requests per second of each slice, in order. */
  slices: number[];
}

/**
 * Two loads taking turns in short slices (a, b, b, a, a, b, ...), `slices` each, each side's answers
 * pooled. A figure of a few seconds moves by half between two runs on this shared machine (another
 * tenant, a checkpoint, the host); side by side in slices that alternate every second, such a burst
 * falls on both sides alike, so their ratio is what differs between them.
 */
export async function alternate(a: Side, b: Side, slices: number): Promise<[Pooled, Pooled]> {
  const [pa, pb] = await rotate([a, b], slices);
  return [pa!, pb!];
}

/**
 * Any number of loads taking turns in short slices, `slices` each: round i starts with side i (mod the
 * number of sides) and goes on in order (a, b, c, then b, c, a, then c, a, b, ...), so each side holds
 * each place in a round equally often and a burst of the machine's load falls on every side alike.
 * With two sides this is a, b, b, a, a, b, ... Each side's answers are pooled.
 */
export async function rotate(sides: readonly Side[], slices: number): Promise<Pooled[]> {
  const pools = sides.map(() => ({
    latencies: [] as number[],
    requests: 0,
    seconds: 0,
    cpuMs: 0,
    slices: [] as number[],
  }));
  for (let i = 0; i < slices; i++) {
    for (let k = 0; k < sides.length; k++) {
      const s = (i + k) % sides.length;
      const side = sides[s]!;
      await side.before?.();
      const cpuBefore = side.pid === undefined ? null : cpuMsOf(side.pid);
      const { result, latencies } = await side.slice();
      const cpuAfter = side.pid === undefined ? null : cpuMsOf(side.pid);
      const pool = pools[s]!;
      for (const latency of latencies) pool.latencies.push(latency);
      pool.requests += result['2xx'];
      pool.seconds += result.duration;
      pool.slices.push(result.duration > 0 ? result['2xx'] / result.duration : 0);
      if (cpuBefore !== null && cpuAfter !== null) pool.cpuMs += cpuAfter - cpuBefore;
    }
  }
  return pools.map((p, i): Pooled => ({
    'req/s': p.seconds > 0 ? Math.round(p.requests / p.seconds) : 0,
    'cpu µs/req': sides[i]!.pid === undefined || p.requests === 0 ? null : Math.round((p.cpuMs * 1000) / p.requests),
    slices: p.slices,
    ...percentiles(p.latencies.sort((x, y) => x - y)),
  }));
}
