import { useState } from 'react';
import { Copy } from 'lucide-react';
import {
  createWebhookSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookEventName,
} from '@vitrine/domain/webhooks';
import type { WebhookCreated } from '@vitrine/domain/answers';
import { Button } from '../../../components/ui/button';
import { CheckboxGroup, Field, Input } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { callApi, endpoints, errorMessage, errorStatus } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { useFormSubmit, useSchemaForm } from '../../../lib/form';
import { toast } from '../../../components/ui/toast';
import { useOwnProjects } from '../../../hooks/use-own-projects';

/** The form's checked values (the project is picked from the member's own, so it needs no check). */
interface Draft {
  url: string;
  events: WebhookEventName[];
}
const EMPTY: Draft = { url: '', events: [] };

/** The address and events checked with the server's schema, so the texts match its refusals. */
const draftSchema = createWebhookSchema.pick({ url: true, events: true });

/** The secret of a webhook just added, shown once with a copy button. */
export function NewSecret({ created, onDone }: { created: WebhookCreated; onDone: () => void }) {
  const copy = async () => {
    const ok = await copyText(created.secret);
    toast(
      ok
        ? { title: 'Secret copied' }
        : { title: 'Copy failed', description: 'Please copy the secret manually.', variant: 'destructive' },
    );
  };
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-accent-200 bg-accent-50 p-4 dark:border-accent-900 dark:bg-accent-950/40"
    >
      <p className="text-sm font-medium text-zinc-900 dark:text-zinc-50">Webhook added. Copy its signing secret now.</p>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        It is shown only this once. Use it to check the <code>Vitrine-Signature</code> header of each delivery.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={created.secret}
          aria-label="Signing secret"
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy secret
        </Button>
      </div>
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** An event's checkbox label: what it means, then its name as deliveries carry it. */
function eventLabel(event: WebhookEventName) {
  return (
    <>
      {WEBHOOK_EVENT_LABELS[event]} <code className="text-xs text-zinc-500 dark:text-zinc-400">{event}</code>
    </>
  );
}

/**
 * The "Add a webhook" form of /settings: the receiving address, one of the member's projects or all of
 * them, and the events (POST /api/webhooks). `onAdded` gets the new webhook with its secret.
 */
export function AddWebhookForm({ onAdded }: { onAdded: (created: WebhookCreated) => void }) {
  const projects = useOwnProjects() ?? [];
  const form = useSchemaForm(draftSchema, EMPTY);
  const [projectId, setProjectId] = useState('');
  const { run } = useToastedAction();
  const { pending, onSubmit } = useFormSubmit(
    form.validate,
    (input) =>
      run(
        'add',
        () =>
          callApi(endpoints.webhooks.create, {
            body: { url: input.url, events: input.events, projectId: projectId === '' ? null : Number(projectId) },
          }),
        {
          success: { title: 'Webhook added' },
          failure: (error) => {
            if (errorStatus(error) === 400) form.setErrors({ url: errorMessage(error, 'This address is refused') });
            return { title: 'Webhook not added', description: errorMessage(error, 'Please try again.') };
          },
          onSuccess: (created) => {
            form.reset(EMPTY);
            setProjectId('');
            onAdded(created);
          },
        },
      ),
    { focusInvalid: true },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-labelledby="add-webhook-heading">
      <h3 id="add-webhook-heading" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
        Add a webhook
      </h3>
      <Field
        label="Payload URL"
        hint="Vitrine POSTs each event here as JSON. A public https:// address is best."
        error={form.errors.url}
      >
        {(p) => (
          <Input
            {...p}
            type="url"
            inputMode="url"
            placeholder="https://example.com/vitrine-hooks"
            maxLength={500}
            value={form.values.url}
            onChange={(e) => form.set('url', e.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="webhook-project" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Projects
        </label>
        <Select
          id="webhook-project"
          options={[{ value: '', label: 'All my projects' }, ...projects]}
          value={projectId}
          onValueChange={setProjectId}
        />
      </div>
      <CheckboxGroup
        legend="Events"
        name="events"
        options={WEBHOOK_EVENTS}
        chosen={form.values.events}
        error={form.errors.events}
        onChange={(events) => form.set('events', events)}
        className="sm:grid-cols-2"
        label={eventLabel}
      />
      <div>
        <Button type="submit" loading={pending}>
          Add webhook
        </Button>
      </div>
    </form>
  );
}
