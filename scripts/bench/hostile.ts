import { quantile } from './measure';
import { setTimeout as sleep } from 'node:timers/promises';
import { SITEMAP_MAX_URLS } from '../../api/src/public/sitemap';

/**
 * The denial-of-service case (docs/performance.md "Hostile reads"): ATTACKERS strangers each keep one
 * expensive request in flight (deep offsets, cache-missing sorts, wildcard searches, deep ranking
 * offsets, share cards never made, sitemap files), every request from an address of its own (the
 * per-address budgets do not help against many addresses; the API under test has them lifted
 * anyway), while a load balancer asks for readiness every READY_EVERY_MS and a visitor opens an
 * uncached first page every PAGE_EVERY_MS. Answers the latency of both, and what the strangers got.
 */

/** Hostile requests in flight at once. */
export const ATTACKERS = 16;
const READY_EVERY_MS = 100;
const PAGE_EVERY_MS = 500;
/** A request still open after this long is given up (and counted as status 0). */
const REQUEST_TIMEOUT_MS = 30_000;
/** The targets: readiness answers 200 within this long, an uncached first page within PAGE_TARGET_MS. */
const READY_TARGET_MS = 500;
export const PAGE_TARGET_MS = 1000;

type Kind =
  'deep offset' | 'cache-missing sort' | 'wildcard q' | 'deep ranking offset' | 'distinct card' | 'distinct sitemap';

/** What each of the ATTACKERS keeps asking for. */
const KINDS: readonly Kind[] = [
  'deep offset',
  'deep offset',
  'deep offset',
  'deep offset',
  'cache-missing sort',
  'cache-missing sort',
  'wildcard q',
  'wildcard q',
  'wildcard q',
  'deep ranking offset',
  'distinct card',
  'distinct card',
  'distinct card',
  'distinct sitemap',
  'distinct sitemap',
  'distinct sitemap',
];

const SORTS = ['newest', 'votes', 'views'] as const;
const random = (n: number) => Math.floor(Math.random() * n);

/** The next request of an attacker of `kind` on a database of `projects` projects. */
function hostilePath(kind: Kind, projects: number): string {
  const sort = SORTS[random(3)]!;
  switch (kind) {
    case 'deep offset':
      return `/api/projects?offset=${Math.max(0, projects - 1000 - random(1000))}&limit=100&sort=${sort}`;
    case 'cache-missing sort':
      return random(2) === 0
        ? `/api/projects?sort=${sort}&limit=${1 + random(100)}&offset=${random(1000)}`
        : `/api/projects?sort=${sort}&limit=${1 + random(100)}&after=${1 + random(projects)}`;
    case 'wildcard q':
      return `/api/projects?q=${encodeURIComponent('%'.repeat(1 + random(40)) + '_'.repeat(1 + random(40)))}&sort=${sort}`;
    case 'deep ranking offset':
      return random(2) === 0
        ? `/api/projects/trending?period=${['today', 'week', 'month'][random(3)]}&offset=${random(1_000_000)}&limit=100`
        : `/api/projects/leaderboard?timeRange=${['all', 'month', 'week'][random(3)]}&offset=${random(1_000_000)}&limit=100`;
    case 'distinct card':
      return `/cards/projects/${1 + random(projects)}.png`;
    case 'distinct sitemap':
      return `/sitemaps/projects-${1 + random(Math.max(1, Math.ceil(projects / SITEMAP_MAX_URLS)))}.xml`;
  }
}

/** One answer: status (0: no answer in time) and milliseconds. */
interface Timed {
  status: number;
  ms: number;
}

let address = 0;
/** An address of its own for every request (10.x.y.z). */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

async function timedGet(url: string): Promise<Timed> {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      headers: { 'X-Forwarded-For': nextAddress() },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

/** Asks `next()` every `everyMs` (or right after the previous answer when it took longer) until `until`. */
async function probe(next: () => string, everyMs: number, until: number): Promise<Timed[]> {
  const answers: Timed[] = [];
  while (Date.now() < until) {
    const started = Date.now();
    answers.push(await timedGet(next()));
    const left = everyMs - (Date.now() - started);
    if (left > 0) await sleep(left);
  }
  return answers;
}

const round = (ms: number) => Math.round(ms);

/** Percentiles of a probe's answers, and how many were not 200. */
function summary(name: string, answers: Timed[]) {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    probe: name,
    count: answers.length,
    'p50 ms': round(quantile(sorted, 0.5)),
    'p99 ms': round(quantile(sorted, 0.99)),
    'max ms': round(sorted.at(-1) ?? 0),
    'not 200': answers.filter((a) => a.status !== 200).length,
  };
}

/** What the strangers' requests got, per kind: count, statuses, median and slowest time. */
function attackSummary(answers: Map<Kind, Timed[]>) {
  return [...answers].map(([kind, list]) => {
    const statuses = new Map<number, number>();
    for (const a of list) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const sorted = list.map((a) => a.ms).sort((a, b) => a - b);
    return {
      kind,
      requests: list.length,
      statuses: [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}:${n}`)
        .join(' '),
      'p50 ms': round(quantile(sorted, 0.5)),
      'max ms': round(sorted.at(-1) ?? 0),
    };
  });
}

/**
 * Runs the case against the API at `url` for `seconds`: first `quietSeconds` of the probes alone,
 * then the same probes with ATTACKERS hostile requests in flight.
 */
export async function hostileReads(opts: {
  url: string;
  projects: number;
  seconds: number;
  quietSeconds?: number;
  log: (line: string) => void;
}) {
  let page = 0;
  // An uncached first page: a limit and sort no earlier probe asked for (the shared read cache misses).
  const firstPage = () => {
    page++;
    return `${opts.url}/api/projects?offset=0&limit=${1 + (page % 100)}&sort=${SORTS[Math.floor(page / 100) % 3]}`;
  };
  const ready = () => `${opts.url}/api/health/ready`;

  const quietUntil = Date.now() + (opts.quietSeconds ?? 3) * 1000;
  const [quietReady, quietPage] = await Promise.all([
    probe(ready, READY_EVERY_MS, quietUntil),
    probe(firstPage, PAGE_EVERY_MS, quietUntil),
  ]);

  opts.log(`hostile reads: ${ATTACKERS} in flight for ${opts.seconds} s`);
  const until = Date.now() + opts.seconds * 1000;
  const attacks = new Map<Kind, Timed[]>();
  const attacker = async (kind: Kind) => {
    const list = attacks.get(kind) ?? [];
    attacks.set(kind, list);
    while (Date.now() < until) list.push(await timedGet(`${opts.url}${hostilePath(kind, opts.projects)}`));
  };
  const attackers = Promise.all(KINDS.map(attacker));
  // The probes start once the attack is under way.
  await sleep(200);
  const [readyAnswers, pageAnswers] = await Promise.all([
    probe(ready, READY_EVERY_MS, until),
    probe(firstPage, PAGE_EVERY_MS, until),
  ]);
  await attackers;
  const probes = [
    summary('readiness, quiet', quietReady),
    summary('uncached first page, quiet', quietPage),
    summary(`readiness, ${ATTACKERS} hostile in flight`, readyAnswers),
    summary(`uncached first page, ${ATTACKERS} hostile in flight`, pageAnswers),
  ];
  const underAttack = { ready: probes[2]!, page: probes[3]! };
  return {
    probes,
    attacks: attackSummary(attacks),
    targets: [
      {
        measure: 'readiness under attack: max ms (all 200)',
        value: underAttack.ready['max ms'],
        'not 200': underAttack.ready['not 200'],
        target: `<= ${READY_TARGET_MS}`,
      },
      {
        measure: 'uncached first page under attack: max ms (all 200)',
        value: underAttack.page['max ms'],
        'not 200': underAttack.page['not 200'],
        target: `<= ${PAGE_TARGET_MS}`,
      },
    ],
  };
}
