import { useState } from 'react';
import { mutate } from 'swr';
import type { WebhookCreated } from '@vitrine/domain/answers';
import { MAX_WEBHOOKS } from '@vitrine/domain/webhooks';
import { Skeleton } from '../../../components/ui/skeleton';
import { useApi } from '../../../hooks/use-api';
import { WEBHOOKS_KEY } from '../keys';
import { AddWebhookForm, NewSecret } from './add-webhook-form';
import { WebhookList } from './webhook-list';

/**
 * /settings' Webhooks section: the member's webhooks with their state and delivery logs, and the form
 * that adds one (its secret shown once). docs/api.md "Webhooks" says what is sent.
 */
export function WebhooksSection() {
  const { data, error } = useApi(WEBHOOKS_KEY);
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Get a signed POST at your own address when something happens on your projects: a vote milestone, a comment,
        feedback, a tester joining, your project going down or coming back, an update. Up to {MAX_WEBHOOKS} webhooks.
      </p>
      {created ? <NewSecret created={created} onDone={() => setCreated(null)} /> : null}
      {error ? (
        <p className="text-sm text-red-700 dark:text-red-400">Your webhooks could not be loaded.</p>
      ) : data ? (
        <WebhookList webhooks={data} />
      ) : (
        <Skeleton className="h-20 rounded-lg" />
      )}
      <div className="border-t border-zinc-200 pt-6 dark:border-zinc-800">
        {data && data.length >= MAX_WEBHOOKS ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            You have {MAX_WEBHOOKS} webhooks, the most there can be. Delete one to add another.
          </p>
        ) : (
          <AddWebhookForm
            onAdded={(webhook) => {
              setCreated(webhook);
              void mutate(WEBHOOKS_KEY);
            }}
          />
        )}
      </div>
    </div>
  );
}
