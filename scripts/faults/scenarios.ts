/**
 * The faults, one at a time, each answering its window: from the moment it starts to the moment the
 * failed piece is back (the server answers again, the process runs again).
 */
import { healthy, waitUntil, type Cluster, type ClusterExtras } from './cluster';
import { PAST_ONE_MACHINE_FAULTS } from './past-one-machine';
import type { Fault, OutageOptions, ScenarioName } from './fault';

/** Bound of the wait for a killed process to run again. */
const RESTART_WAIT_MS = 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How many times the worker has logged that it runs (one more after each restart). */
const workerStarts = (cluster: Cluster) =>
  cluster.logTail(cluster.worker.name, 100_000).split('"msg":"running"').length - 1;

/** A server stopped (Redis: SIGKILL) for a number of seconds, then started again. */
function outage(
  name: ScenarioName,
  label: Fault['label'],
  seconds: (o: OutageOptions) => number,
  server: string,
  stop: (cluster: Cluster) => Promise<void>,
  start: (cluster: Cluster) => Promise<void>,
): Fault {
  return {
    name,
    label,
    async inject(cluster, o, log) {
      const begin = Date.now();
      log(`stopping ${server} for ${seconds(o)} s`);
      await stop(cluster);
      await sleep(seconds(o) * 1000);
      await start(cluster);
      log(`${server} is back`);
      return { start: begin, end: Date.now() };
    },
  };
}

/** What the deployment needs for `scenarios`. */
export function scenarioExtras(scenarios: readonly ScenarioName[]): ClusterExtras {
  return {
    replica: scenarios.some((s) => s.startsWith('replica-')),
    sentinel: scenarios.includes('redis-failover'),
  };
}

export const FAULTS: Record<ScenarioName, Fault> = {
  redis: outage(
    'redis',
    (o) => `Redis killed, restarted after ${o.redisOutageS} s`,
    (o) => o.redisOutageS,
    'Redis',
    (c) => c.redis.kill(),
    (c) => c.redis.start(),
  ),
  postgres: {
    name: 'postgres',
    label: () => 'PostgreSQL restarted (pg_ctl restart -m fast)',
    async inject(cluster, _o, log) {
      const start = Date.now();
      log('restarting PostgreSQL (pg_ctl restart -m fast)');
      if (!(await cluster.postgres.restart())) throw new Error('pg_ctl restart failed');
      log('PostgreSQL is back');
      return { start, end: Date.now() };
    },
  },
  worker: {
    name: 'worker',
    label: () => 'worker SIGKILLed (restarted by the supervisor)',
    async inject(cluster, _o, log) {
      const starts = workerStarts(cluster);
      const pid = cluster.supervisor.pid(cluster.worker.name);
      const start = Date.now();
      log(`killing the worker (pid ${pid}, SIGKILL)`);
      cluster.supervisor.kill(cluster.worker.name, 'SIGKILL');
      if (!(await waitUntil(() => workerStarts(cluster) > starts, RESTART_WAIT_MS)))
        throw new Error('the worker did not start again');
      log(`the worker runs again (pid ${cluster.supervisor.pid(cluster.worker.name)})`);
      return { start, end: Date.now() };
    },
  },
  'api-node': {
    name: 'api-node',
    label: () => 'one api node SIGKILLed (restarted by the supervisor)',
    async inject(cluster, _o, log) {
      const node = cluster.apiNodes[cluster.apiNodes.length - 1]!;
      const url = cluster.apiUrls[cluster.apiUrls.length - 1]!;
      const pid = cluster.supervisor.pid(node.name);
      const start = Date.now();
      log(`killing ${node.name} (pid ${pid}, SIGKILL); the load balancer sends its clients to the other node`);
      cluster.supervisor.kill(node.name, 'SIGKILL');
      const back =
        (await cluster.supervisor.waitForRestart(node.name, pid ?? 0, RESTART_WAIT_MS)) &&
        (await waitUntil(() => healthy(url), RESTART_WAIT_MS));
      if (!back) throw new Error(`${node.name} did not come back`);
      log(`${node.name} answers again (pid ${cluster.supervisor.pid(node.name)})`);
      return { start, end: Date.now() };
    },
  },
  'rolling-restart': {
    name: 'rolling-restart',
    label: () => 'rolling deploy: each api node in turn SIGTERMed (drained), restarted and healthy before the next',
    async inject(cluster, _o, log) {
      const start = Date.now();
      for (const [i, node] of cluster.apiNodes.entries()) {
        const url = cluster.apiUrls[i]!;
        const pid = cluster.supervisor.pid(node.name);
        log(`SIGTERM to ${node.name} (pid ${pid}): it drains, the load balancer sends new requests to the others`);
        cluster.supervisor.kill(node.name, 'SIGTERM');
        const back =
          (await cluster.supervisor.waitForRestart(node.name, pid ?? 0, RESTART_WAIT_MS)) &&
          (await waitUntil(() => healthy(url), RESTART_WAIT_MS));
        if (!back) throw new Error(`${node.name} did not come back`);
        log(`${node.name} answers again (pid ${cluster.supervisor.pid(node.name)})`);
      }
      return { start, end: Date.now() };
    },
  },
  smtp: outage(
    'smtp',
    (o) => `SMTP down for ${o.smtpOutageS} s`,
    (o) => o.smtpOutageS,
    'the SMTP server',
    (c) => c.mail.down(),
    (c) => c.mail.up(),
  ),
  ...PAST_ONE_MACHINE_FAULTS,
};
