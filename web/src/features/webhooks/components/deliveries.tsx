import { RotateCw } from 'lucide-react';
import type { WebhookDelivery } from '@vitrine/domain/answers';
import { Badge, type BadgeColor } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { useApi } from '../../../hooks/use-api';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { callApi, endpoints, errorMessage } from '../../../lib/api';
import { deliveriesKey, WEBHOOKS_KEY } from '../keys';
import { mutate } from 'swr';

/** A delivery's status as its badge shows it. */
const STATUS: Record<WebhookDelivery['status'], { label: string; color: BadgeColor }> = {
  pending: { label: 'Sending', color: 'yellow' },
  delivered: { label: 'Delivered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/** One attempt in a sentence: its number, what the receiver answered (or why nothing was sent), its time. */
function AttemptLine({ attempt }: { attempt: WebhookDelivery['attempts'][number] }) {
  const answer =
    attempt.outcome === 'ok'
      ? `answered ${attempt.responseStatus}`
      : attempt.outcome === 'blocked'
        ? `refused: ${attempt.error}`
        : (attempt.error ?? 'failed');
  return (
    <li className="flex flex-wrap gap-x-2 text-xs text-zinc-600 dark:text-zinc-400">
      <span className="font-medium text-zinc-800 dark:text-zinc-200">Attempt {attempt.attempt}</span>
      <span>{answer}</span>
      {attempt.durationMs === null ? null : <span className="tabular-nums">{attempt.durationMs} ms</span>}
      <RelativeTime value={attempt.at} />
    </li>
  );
}

/** One delivery of the log: its event, status, attempts, and a redeliver button once its attempts ended. */
function DeliveryItem({ webhookId, delivery }: { webhookId: number; delivery: WebhookDelivery }) {
  const { busy, run } = useToastedAction();
  const status = STATUS[delivery.status];
  const redeliver = () =>
    run(
      'redeliver',
      () => callApi(endpoints.webhooks.redeliver, { params: { id: webhookId, deliveryId: delivery.id } }),
      {
        success: { title: 'Redelivery queued' },
        failure: (error) => ({ title: 'Not redelivered', description: errorMessage(error, 'Please try again.') }),
        onSuccess: () => {
          void mutate(deliveriesKey(webhookId));
          void mutate(WEBHOOKS_KEY);
        },
      },
    );
  return (
    <li className="flex flex-col gap-2 border-t border-zinc-200 py-3 first:border-t-0 dark:border-zinc-800">
      <div className="flex flex-wrap items-center gap-2">
        <code className="text-sm text-zinc-900 dark:text-zinc-100">{delivery.event}</code>
        <Badge color={status.color}>{status.label}</Badge>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          #{delivery.id}, <RelativeTime value={delivery.createdAt} />
        </span>
        {delivery.status === 'pending' ? null : (
          <Button
            variant="outline"
            size="sm"
            className="ml-auto"
            loading={busy === 'redeliver'}
            onClick={() => void redeliver()}
            aria-label={`Redeliver ${delivery.event} #${delivery.id}`}
          >
            <RotateCw aria-hidden="true" />
            Redeliver
          </Button>
        )}
      </div>
      {delivery.attempts.length === 0 ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">Not sent yet.</p>
      ) : (
        <ol className="flex flex-col gap-1">
          {delivery.attempts.map((attempt) => (
            <AttemptLine key={attempt.attempt} attempt={attempt} />
          ))}
        </ol>
      )}
    </li>
  );
}

/** A webhook's delivery log (its last 100 deliveries, newest first), read when opened. */
export function Deliveries({ webhookId, labelledBy }: { webhookId: number; labelledBy: string }) {
  const { data, error } = useApi(deliveriesKey(webhookId));
  if (error) return <p className="text-sm text-red-700 dark:text-red-400">The deliveries could not be loaded.</p>;
  if (!data) return <Skeleton className="h-24 rounded-lg" />;
  if (data.length === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No deliveries yet: events will show here.</p>;
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-col">
      {data.map((delivery) => (
        <DeliveryItem key={delivery.id} webhookId={webhookId} delivery={delivery} />
      ))}
    </ul>
  );
}
