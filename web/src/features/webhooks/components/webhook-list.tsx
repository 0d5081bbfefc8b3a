import { useState } from 'react';
import { mutate } from 'swr';
import { ChevronDown, ChevronUp, Trash2 } from 'lucide-react';
import type { Webhook } from '@vitrine/domain/answers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { RelativeTime } from '../../../components/ui/relative-time';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { callApi, endpoints, errorMessage } from '../../../lib/api';
import { WEBHOOKS_KEY } from '../keys';
import { Deliveries } from './deliveries';

/** The confirmation before a webhook and its log are deleted. */
function DeleteWebhook({ webhook }: { webhook: Webhook }) {
  const [open, setOpen] = useState(false);
  const { busy, run } = useToastedAction();
  const remove = () =>
    run('delete', () => callApi(endpoints.webhooks.remove, { params: { id: webhook.id } }), {
      success: { title: 'Webhook deleted' },
      failure: (error) => ({ title: 'Webhook not deleted', description: errorMessage(error, 'Please try again.') }),
      onSuccess: () => {
        setOpen(false);
        void mutate(WEBHOOKS_KEY);
      },
    });
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Delete the webhook to ${webhook.url}`}
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => busy === null && setOpen(next)}
        title="Delete this webhook?"
        description={`Events will no longer be sent to ${webhook.url}, and its delivery log is deleted. This cannot be undone.`}
      >
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={busy !== null}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" loading={busy === 'delete'} onClick={() => void remove()}>
            Delete webhook
          </Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}

/** One webhook: its address, scope, events and state, its log on demand, and its deletion. */
function WebhookItem({ webhook }: { webhook: Webhook }) {
  const [showLog, setShowLog] = useState(false);
  const headingId = `webhook-${webhook.id}-url`;
  const logId = `webhook-${webhook.id}-log`;
  return (
    <li className="flex flex-col gap-3 border-t border-zinc-200 py-4 first:border-t-0 first:pt-0 dark:border-zinc-800">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="min-w-0 break-all font-mono text-sm text-zinc-900 dark:text-zinc-100">
          {webhook.url}
        </h3>
        {webhook.active ? <Badge color="green">Active</Badge> : <Badge color="red">Switched off</Badge>}
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {webhook.projectTitle === null ? 'All your projects' : webhook.projectTitle}:{' '}
        {webhook.events.map((event) => (
          <code key={event} className="mr-1.5 text-xs">
            {event}
          </code>
        ))}
      </p>
      {webhook.active ? null : (
        <p className="text-sm text-red-700 dark:text-red-400">
          Switched off <RelativeTime value={webhook.disabledAt ?? webhook.createdAt} /> after{' '}
          {webhook.consecutiveFailures} failed deliveries in a row. Fix the receiver, then redeliver one: a success
          switches it back on.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((v) => !v)}
        >
          {showLog ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          Deliveries
        </Button>
        <DeleteWebhook webhook={webhook} />
      </div>
      <div id={logId} hidden={!showLog}>
        {showLog ? <Deliveries webhookId={webhook.id} labelledBy={headingId} /> : null}
      </div>
    </li>
  );
}

/** The member's webhooks, newest first. */
export function WebhookList({ webhooks }: { webhooks: Webhook[] }) {
  if (webhooks.length === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No webhooks yet. Add one below.</p>;
  return (
    <ul className="flex flex-col" aria-label="Your webhooks">
      {webhooks.map((webhook) => (
        <WebhookItem key={webhook.id} webhook={webhook} />
      ))}
    </ul>
  );
}
