/**
 * `npm run bench -- --only nodes`: two API nodes against one, on the same database and Redis (one
 * deployment: the nodes share the Redis prefix, as behind a load balancer). Each case runs first with
 * all its connections on one node, then with half on each of two nodes at once; the figure is the
 * throughput of two over one, measured in the same run. On a machine whose cores are also running
 * PostgreSQL, Redis and the load generator, the ratio says how much a second node buys there; a second
 * machine's node would not share those cores.
 */
import { randomBytes } from 'node:crypto';
import { load, type CaseRequest } from './measure';
import { startApiChild, type ChildServer } from './servers';

/** One case: a name and the request it repeats. */
interface NodeCase {
  name: string;
  next: () => CaseRequest;
}

/** Requests per second of `next` on `nodes` at once, `connections` spread evenly over them. */
async function throughput(
  nodes: ChildServer[],
  next: () => CaseRequest,
  seconds: number,
  connections: number,
): Promise<{ rate: number; non2xx: number }> {
  const per = Math.max(1, Math.round(connections / nodes.length));
  const loads = await Promise.all(
    nodes.map((node) => load({ url: node.url, origin: node.url, seconds, connections: per, next })),
  );
  return {
    rate: loads.reduce((sum, l) => sum + l.result.requests.average, 0),
    non2xx: loads.reduce((sum, l) => sum + l.result.non2xx + l.result.errors, 0),
  };
}

/** The cases of the comparison, against a database of `projects` projects (seed.ts). */
function cases(projects: number): NodeCase[] {
  let voter = 0;
  const newVoter = () => ({
    'X-Forwarded-For': `172.${16 + ((voter >> 16) & 15)}.${(voter >> 8) & 255}.${voter++ & 255}`,
  });
  return [
    { name: 'latest, page 1 (a shared read)', next: () => ({ method: 'GET', path: '/api/projects?offset=0&limit=6' }) },
    {
      name: 'search (read for each request)',
      next: () => ({ method: 'GET', path: `/api/projects?q=Project%20${1 + Math.floor(Math.random() * 1_000_000)}` }),
    },
    {
      name: 'vote, a new voter on a random project',
      next: () => ({
        method: 'POST',
        path: `/api/projects/${1 + Math.floor(Math.random() * projects)}/vote`,
        headers: newVoter(),
      }),
    },
  ];
}

/** Runs the comparison and prints one row per case. */
export async function twoNodesAgainstOne(opts: {
  databaseUrl: string;
  redisUrl: string;
  /** The first node's port; the second takes the next one. */
  port: number;
  projects: number;
  seconds: number;
  connections: number;
  log: (line: string) => void;
}): Promise<void> {
  const prefix = `vitrine-bench:${randomBytes(4).toString('hex')}:`;
  const first = await startApiChild(opts.port, opts.databaseUrl, opts.redisUrl, prefix);
  let second: ChildServer | undefined;
  try {
    second = await startApiChild(opts.port + 1, opts.databaseUrl, opts.redisUrl, prefix);
    const rows = [];
    for (const c of cases(opts.projects)) {
      // A first pass warms both nodes (JIT, pools, shared reads), then the measures.
      await throughput([first, second], c.next, 1, opts.connections);
      const one = await throughput([first], c.next, opts.seconds, opts.connections);
      const two = await throughput([first, second], c.next, opts.seconds, opts.connections);
      const row = {
        case: c.name,
        'one node req/s': Math.round(one.rate),
        'two nodes req/s': Math.round(two.rate),
        'two / one': Number((two.rate / one.rate).toFixed(2)),
        'non-2xx or errors': one.non2xx + two.non2xx,
      };
      opts.log(
        `${row.case}: one node ${row['one node req/s']} req/s, two ${row['two nodes req/s']} (x${row['two / one']})`,
      );
      rows.push(row);
    }
    console.table(rows);
  } finally {
    await second?.stop();
    await first.stop();
  }
}
