import { useState } from 'react';
import type { ProjectDetail, ProjectHealthHistory } from '@vitrine/domain/answers';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { RelativeTime } from '../../../../components/ui/relative-time';
import { useApi } from '../../../../hooks/use-api';
import { useFocusResult } from '../../../../hooks/use-focus-result';
import { apiKey, callApi, endpoints } from '../../../../lib/api';
import { failureReason } from '../../../../lib/reason';

/** The words of each health status. */
const STATUS_TEXT = {
  up: 'Up',
  down: 'Down',
  unknown: 'Not checked yet',
  blocked: 'Address not checkable',
} as const;

/** The id of the panel's message after Check now, which takes focus when it shows. */
const MESSAGE_ID = 'uptime-check-message';

/** What Check now said last: queued, or the server's reason for refusing. */
type CheckMessage = { ok: true } | { ok: false; reason: string };

/**
 * Check now for the owner: asks for a check, then says so in the panel (or why not) and moves focus
 * to that message, the action's result; the check's outcome then comes into the panel live.
 */
function CheckNow({ projectId }: { projectId: number }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<CheckMessage | null>(null);
  const focusResult = useFocusResult();
  const checkNow = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await callApi(endpoints.projectHealth.checkNow, { params: { id: projectId } });
      setMessage({ ok: true });
    } catch (error) {
      setMessage({ ok: false, reason: failureReason(error) });
    } finally {
      setBusy(false);
      focusResult(MESSAGE_ID);
    }
  };
  return (
    <>
      <Button variant="outline" className="mt-4 w-full" onClick={() => void checkNow()} loading={busy}>
        Check now
      </Button>
      {message ? (
        <p
          id={MESSAGE_ID}
          tabIndex={-1}
          role={message.ok ? 'status' : 'alert'}
          className={
            message.ok ? 'mt-2 text-sm text-zinc-700 dark:text-zinc-300' : 'mt-2 text-sm text-red-600 dark:text-red-400'
          }
        >
          <strong className="font-medium">{message.ok ? 'Check queued' : 'Check not queued'}</strong>{' '}
          <span>{message.ok ? 'The result shows here when the check is done.' : message.reason}</span>
        </p>
      ) : null}
    </>
  );
}

/** Checks the sparkline shows at most (the latest). */
const SPARK_CHECKS = 96;

/** A bar per check, green when it answered, red when it failed, grey when refused. */
function Sparkline({ checks }: { checks: ProjectHealthHistory['checks'] }) {
  const shown = checks.slice(-SPARK_CHECKS);
  if (shown.length === 0) return null;
  const failed = shown.filter((c) => c.outcome === 'fail').length;
  return (
    <svg
      viewBox={`0 0 ${shown.length * 3} 16`}
      className="mt-3 h-6 w-full"
      preserveAspectRatio="none"
      role="img"
      aria-label={`Last ${shown.length} checks: ${shown.length - failed} answered, ${failed} failed`}
    >
      {shown.map((c, i) => (
        <rect
          key={c.at}
          x={i * 3}
          y={c.outcome === 'up' ? 2 : 8}
          width={2}
          height={c.outcome === 'up' ? 14 : 8}
          className={
            c.outcome === 'up'
              ? 'fill-emerald-500'
              : c.outcome === 'fail'
                ? 'fill-red-500'
                : 'fill-zinc-400 dark:fill-zinc-600'
          }
        />
      ))}
    </svg>
  );
}

/**
 * The live-or-down panel of a project page: status, uptime over 30 days, last latency, a sparkline
 * of the checks, and "Check now" for the owner (once per 5 minutes). Loaded lazily with the page.
 */
export function HealthPanel({ project }: { project: ProjectDetail }) {
  const history = useApi(apiKey(endpoints.projectHealth.history, { params: { id: project.id } }));
  const health = history.data ?? project.health;
  return (
    <Card className="p-5" role="region" aria-labelledby="uptime-heading">
      <h2 id="uptime-heading" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
        Uptime
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <dt className="text-zinc-500 dark:text-zinc-400">Status</dt>
        <dd className="font-medium text-zinc-900 dark:text-zinc-100">{STATUS_TEXT[health.status]}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">30 days</dt>
        <dd className="tabular text-zinc-900 dark:text-zinc-100">
          {health.uptime30d === null ? 'No checks yet' : `${(health.uptime30d * 100).toFixed(1)}% up`}
        </dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Last check</dt>
        <dd className="text-zinc-900 dark:text-zinc-100">
          {health.checkedAt ? <RelativeTime value={health.checkedAt} /> : 'Never'}
          {health.latencyMs === null ? null : <span className="tabular"> ({health.latencyMs} ms)</span>}
        </dd>
      </dl>
      {history.data ? <Sparkline checks={history.data.checks} /> : null}
      {project.canEdit ? <CheckNow projectId={project.id} /> : null}
    </Card>
  );
}
