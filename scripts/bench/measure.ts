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

/**
 * Loads `url` for `seconds` with `connections` keep-alive connections (autocannon); `next` gives each
 * request's method, path and headers.
 */
export async function measure(name: string, opts: { url: string; origin: string; seconds: number; connections: number; next: () => CaseRequest }): Promise<Measured> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    requests: [
      {
        setupRequest: (req) => {
          const r = opts.next();
          return { ...req, method: r.method, path: r.path, headers: { ...req.headers, Origin: opts.origin, 'Content-Type': 'application/json', ...r.headers }, body: r.method === 'POST' ? '{}' : undefined };
        },
      },
    ],
  });
  return {
    case: name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    '2xx': result['2xx'],
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}
