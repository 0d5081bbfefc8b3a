import { makeEventQueries } from '@vitrine/db/queries/events';
import { makeProjectHealthQueries, type CheckTarget } from '@vitrine/db/queries/project-health';
import type { DomainEvent, StoredEvent } from '@vitrine/domain/events';
import { CHECK_MAX_REDIRECTS, CHECKS_PER_HOST, nextHealth, type HealthState } from '@vitrine/domain/liveness';
import { eventJob } from '@vitrine/runtime/queues';
import type { WorkerContext } from '../context';
import { HostGate } from './host-gate';
import { probe, type ProbeOptions, type ProbeResult } from './probe';

/** This process's checks per host (CHECKS_PER_HOST at once). */
const gate = new HostGate(CHECKS_PER_HOST);

/** The probe options of the configuration. */
export function probeOptions(ctx: Pick<WorkerContext, 'config'>): ProbeOptions {
  return {
    timeoutMs: ctx.config.liveness.timeoutMs,
    maxRedirects: CHECK_MAX_REDIRECTS,
    allowedHosts: new Set(ctx.config.liveness.allowedHosts),
    allowedOnly: ctx.config.liveness.allowedOnly,
  };
}

/** The host the per-host limit counts by ('' for an address that does not parse: it is refused at once). */
function hostOf(address: string): string {
  try {
    return new URL(address).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * The event of a project going down or leaving down (what cards, the page's badge and Trending show;
 * the other changes reach the page when its shared read expires). The owner is told when it went
 * down and when it came back up.
 */
function healthEvent(target: CheckTarget, prev: HealthState, next: HealthState): DomainEvent | null {
  if (next.status === prev.status || (next.status !== 'down' && prev.status !== 'down')) return null;
  const tell = next.status === 'down' || next.status === 'up';
  return {
    name: 'project.healthChanged',
    projectId: target.id,
    status: next.status,
    previous: prev.status,
    since: next.since.toISOString(),
    recipientIds: tell && target.userId !== null ? [target.userId] : [],
  };
}

/** Records a check and the health it leads to, with the event of a change, in one transaction. */
async function record(ctx: WorkerContext, target: CheckTarget, result: ProbeResult): Promise<StoredEvent[]> {
  const at = new Date();
  return ctx.sql.begin(async (tx): Promise<StoredEvent[]> => {
    const health = makeProjectHealthQueries(tx);
    const prev = await health.lockState(target.id);
    const next = nextHealth(prev, result.outcome, at, ctx.config.liveness.failuresToDown);
    await health.recordCheck(
      target.id,
      {
        outcome: result.outcome,
        httpStatus: result.outcome === 'blocked' ? null : result.httpStatus,
        latencyMs: result.outcome === 'blocked' ? null : result.latencyMs,
        error: result.outcome === 'up' ? null : result.error,
      },
      next,
      at,
    );
    const event = healthEvent(target, prev, next);
    return event ? makeEventQueries(tx).recordEvents([event]) : [];
  });
}

/**
 * Checks one project's hosted address and records the result (a hidden or gone project is skipped).
 * A health change's event is published at once; should that fail, the outbox relay publishes it.
 */
export async function checkProject(ctx: WorkerContext, projectId: number): Promise<ProbeResult | null> {
  const target = await makeProjectHealthQueries(ctx.sql).findTarget(projectId);
  if (!target || target.isHidden) return null;
  const result = await gate.run(hostOf(target.replitUrl), () => probe(target.replitUrl, probeOptions(ctx)));
  const events = await record(ctx, target, result);
  if (events.length === 0) return result;
  try {
    await ctx.queues.events.addBulk(events.map(eventJob));
    await makeEventQueries(ctx.sql).markPublished(events.map((e) => e.id));
    await ctx.live.announceAndPush(events);
  } catch (err) {
    ctx.log('health event left to the outbox relay', err);
  }
  return result;
}
