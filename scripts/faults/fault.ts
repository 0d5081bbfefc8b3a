/** What a fault scenario is (scenarios.ts, past-one-machine.ts) and the names `--scenarios` accepts. */
import type { Cluster } from './cluster';
import type { World } from './seed';

/** The scenarios of one machine: a run without `--scenarios` runs these, in this order. */
export const DEFAULT_SCENARIOS = ['redis', 'postgres', 'worker', 'api-node', 'rolling-restart', 'smtp'] as const;
/**
 * The scenarios past one machine, run when named (`--scenarios replica-stop,replica-lag,replica-promotion`
 * or `--scenarios redis-failover`): they add a replica or sentinels to the deployment (scenarioExtras).
 * A promoted replica stays promoted, so replica-promotion goes last.
 */
export const PAST_ONE_MACHINE_SCENARIOS = [
  'replica-stop',
  'replica-lag',
  'replica-promotion',
  'redis-failover',
] as const;
/** The names `--scenarios` accepts, in the order they run. */
export const SCENARIO_NAMES = [...DEFAULT_SCENARIOS, ...PAST_ONE_MACHINE_SCENARIOS] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** When a fault started and when the failed piece was back. */
export interface FaultWindow {
  start: number;
  end: number;
  /** The scenario's own figures (printed, for docs/operations.md). */
  figures?: string[];
  /** Targets of the scenario's own that it missed. */
  missed?: string[];
}

/** How long the outages last. */
export interface OutageOptions {
  redisOutageS: number;
  smtpOutageS: number;
}

/** One fault. */
export interface Fault {
  name: ScenarioName;
  /** The table's scenario column. */
  label: (o: OutageOptions) => string;
  /** No request may fail during the fault, not even with a 503 (the fault has a fallback). */
  strict?: boolean;
  /** No signed-in client may lose its session (a 401 that makes it sign in again). */
  keepsSessions?: boolean;
  /** Causes the fault, undoes it (or lets the supervisor do so) and waits until the piece is back. */
  inject(cluster: Cluster, o: OutageOptions, log: (line: string) => void, world: World): Promise<FaultWindow>;
}
