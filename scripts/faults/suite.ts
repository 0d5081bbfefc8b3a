/**
 * The fault suite: its own deployment (cluster.ts), seeded, signed-in clients, then each chosen
 * fault in turn under load. The CLI (index.ts) and the CI smoke (smoke.test.ts) both run this.
 */
import type { CleanupStack } from './cleanup';
import { startCluster, type FaultPorts } from './cluster';
import { LoadDriver } from './load';
import { runScenario, type ScenarioOptions, type ScenarioResult } from './run';
import { DEFAULT_SCENARIOS, type ScenarioName } from './fault';
import { FAULTS, scenarioExtras } from './scenarios';
import { seedWorld } from './seed';

/** Everything a run can be told. */
export interface SuiteOptions extends ScenarioOptions {
  clients: number;
  scenarios: ScenarioName[];
  ports: FaultPorts;
}

/** Ports of `npm run faults` (the smoke test uses others, so both can run at once). */
const SUITE_PORTS: FaultPorts = { postgres: 55441, redis: 56401, smtp: 2526, api: [3261, 3262] };

/** The full run's defaults (200 clients, the outages). */
export const DEFAULT_OPTIONS: SuiteOptions = {
  clients: 200,
  warmupS: 10,
  afterS: 20,
  thinkMs: 2000,
  drainS: 150,
  redisOutageS: 10,
  smtpOutageS: 30,
  scenarios: [...DEFAULT_SCENARIOS],
  ports: SUITE_PORTS,
};

/** Runs the chosen scenarios; `onResult` hears each as it ends. The caller runs `cleanup` afterwards. */
export async function runFaultSuite(
  options: SuiteOptions,
  cleanup: CleanupStack,
  log: (line: string) => void,
  onResult: (result: ScenarioResult) => void = () => {},
): Promise<ScenarioResult[]> {
  const cluster = await startCluster(options.ports, cleanup, log, scenarioExtras(options.scenarios));
  const world = await seedWorld(cluster.databaseUrl, Math.max(2, Math.ceil(options.clients / 3)));
  log(
    `${cluster.apiUrls.length} api nodes (${cluster.apiUrls.join(', ')}), a worker and SMTP are up; signing ${options.clients} clients in`,
  );
  const driver = await LoadDriver.create(cluster, world, options.clients);
  const results: ScenarioResult[] = [];
  for (const name of options.scenarios) {
    const result = await runScenario(cluster, world, driver, FAULTS[name], options, log);
    results.push(result);
    onResult(result);
  }
  return results;
}
