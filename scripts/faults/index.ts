/**
 * `npm run faults [-- --clients 200 --warmup 10 --after 20 --scenarios redis,postgres,worker,api-node,rolling-restart,smtp]`
 * (`--scenarios replica-stop,replica-lag,replica-promotion` or `redis-failover` for the deployment past one machine;
 * `--postgres-port`, `--redis-port`, `--smtp-port`, `--api-ports a,b` move the servers; the replica, the Redis replica
 * and the sentinels take the next ports, the api nodes' metrics the ports after the last api port):
 * the fault suite (docs/operations.md "Fault suite"). It starts private PostgreSQL, Redis and SMTP
 * servers, two api nodes and a worker on 127.0.0.1, drives mixed load and injects one fault at a
 * time, then prints a table of what each fault cost. Exits 1 when a target is missed. Everything it
 * started is stopped and removed, on failure and Ctrl-C too.
 */
import { parseArgs } from 'node:util';
import { CleanupStack } from './cleanup';
import { formatTable, missedTargets } from './report';
import { SCENARIO_NAMES, type ScenarioName } from './fault';
import { DEFAULT_OPTIONS, runFaultSuite, type SuiteOptions } from './suite';

const { values } = parseArgs({
  options: {
    clients: { type: 'string' },
    warmup: { type: 'string' },
    after: { type: 'string' },
    'think-ms': { type: 'string' },
    drain: { type: 'string' },
    'redis-outage': { type: 'string' },
    'smtp-outage': { type: 'string' },
    scenarios: { type: 'string' },
    'postgres-port': { type: 'string' },
    'redis-port': { type: 'string' },
    'smtp-port': { type: 'string' },
    'api-ports': { type: 'string' },
    short: { type: 'boolean', default: false },
  },
});

/** `--short`: a quick look (fewer clients, shorter phases, the same faults). */
const SHORT: Partial<SuiteOptions> = { clients: 40, warmupS: 3, afterS: 8, drainS: 90 };

/** A positive number option, or the fallback. */
function num(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`not a positive number: ${value}`);
  return n;
}

const base = { ...DEFAULT_OPTIONS, ...(values.short ? SHORT : {}) };
const scenarios = (values.scenarios ?? base.scenarios.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const s of scenarios)
  if (!SCENARIO_NAMES.includes(s as ScenarioName))
    throw new Error(`unknown scenario ${s} (known: ${SCENARIO_NAMES.join(', ')})`);
/** A port option, or the fallback. */
function port(value: string | undefined, fallback: number): number {
  const n = Math.round(num(value, fallback));
  if (n > 65_535) throw new Error(`not a port: ${value}`);
  return n;
}

const options: SuiteOptions = {
  ...base,
  ports: {
    postgres: port(values['postgres-port'], base.ports.postgres),
    redis: port(values['redis-port'], base.ports.redis),
    smtp: port(values['smtp-port'], base.ports.smtp),
    api: values['api-ports'] ? values['api-ports'].split(',').map((p) => port(p.trim(), 0)) : base.ports.api,
  },
  clients: Math.round(num(values.clients, base.clients)),
  warmupS: num(values.warmup, base.warmupS),
  afterS: num(values.after, base.afterS),
  thinkMs: num(values['think-ms'], base.thinkMs),
  drainS: num(values.drain, base.drainS),
  redisOutageS: num(values['redis-outage'], base.redisOutageS),
  smtpOutageS: num(values['smtp-outage'], base.smtpOutageS),
  scenarios: scenarios as ScenarioName[],
};

const log = (line: string) => console.log(`[faults ${new Date().toISOString().slice(11, 19)}] ${line}`);
const cleanup = new CleanupStack();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    log(`${signal}: stopping everything the suite started`);
    void cleanup.run().then(() => process.exit(130));
  });
}

let code = 0;
try {
  const results = await runFaultSuite(options, cleanup, log, (r) => {
    for (const note of r.notes) log(note);
  });
  console.log(`\n${formatTable(results)}\n`);
  console.log(
    `${options.clients} clients; ${options.warmupS} s of load before each fault and ${options.afterS} s after it ends.`,
  );
  for (const r of results) {
    const missed = missedTargets(r);
    if (missed.length) {
      code = 1;
      console.log(`MISSED ${r.scenario}: ${missed.join('; ')}`);
    }
  }
  if (!code)
    console.log(
      'Every target met: 0 lost, 0 doubled, 0 crashed, recovery <= 10 s, 5xx only as 503 inside the outage window.',
    );
} catch (err) {
  if (!interrupted) console.error(err);
  code = 1;
} finally {
  await cleanup.run();
}
if (!interrupted) process.exit(code);
