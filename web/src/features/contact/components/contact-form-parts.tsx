import { Link } from 'wouter';
import { Info } from 'lucide-react';
import type { FieldErrors } from '../../../lib/form';
import { Checkbox, Field, FieldHint, Input } from '../../../components/ui/field';
import {
  canSendCopy,
  sendCopyHint,
  type ContactFields,
  type ContactFormValues,
  type ContactMode,
  type ContactViewer,
} from '../lib/contact-form';

/** Sets one field of the contact form. */
type SetField = <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) => void;

/** The visitor's suggestion to log in instead (platform mode). */
export function LoginSuggestion() {
  return (
    <div className="flex gap-3 rounded-lg border border-accent-200 bg-accent-50/60 p-3 text-sm text-zinc-700 dark:border-accent-900 dark:bg-accent-950/30 dark:text-zinc-300">
      <Info className="mt-0.5 size-4 shrink-0 text-accent-600 dark:text-accent-400" aria-hidden="true" />
      <p>
        <Link
          href="/auth"
          className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800 dark:text-accent-300 dark:hover:text-accent-200"
        >
          Log in
        </Link>{' '}
        to send messages from your account, follow replies in your inbox and message other members.
      </p>
    </div>
  );
}

/** 'Your Name' (visitors) and 'Your Email' (email mode without a profile address), then where replies go. */
export function SenderFields({
  fields,
  mode,
  viewer,
  values,
  errors,
  set,
}: {
  fields: ContactFields;
  mode: ContactMode;
  viewer: ContactViewer | null;
  values: ContactFormValues;
  errors: FieldErrors;
  set: SetField;
}) {
  return (
    <>
      {fields.name || fields.email ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.name ? (
            <Field label="Your Name" error={errors.senderName} className={fields.email ? undefined : 'sm:col-span-2'}>
              {(p) => (
                <Input
                  {...p}
                  value={values.senderName}
                  onChange={(e) => set('senderName', e.target.value)}
                  autoComplete="name"
                  maxLength={100}
                  placeholder="Jane Doe"
                />
              )}
            </Field>
          ) : null}
          {fields.email ? (
            <Field label="Your Email" error={errors.senderEmail} className={fields.name ? undefined : 'sm:col-span-2'}>
              {(p) => (
                <Input
                  {...p}
                  type="email"
                  value={values.senderEmail}
                  onChange={(e) => set('senderEmail', e.target.value)}
                  autoComplete="email"
                  placeholder="you@example.com"
                  required
                />
              )}
            </Field>
          ) : null}
        </div>
      ) : null}
      {mode === 'email' && viewer?.email && !fields.email ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          We&apos;ll reply by email to{' '}
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{viewer.email}</span>.
        </p>
      ) : null}
    </>
  );
}

/** 'Send me a copy via email' with its hint; disabled for a member without an email address. */
export function SendCopyField({
  viewer,
  checked,
  set,
}: {
  viewer: ContactViewer | null;
  checked: boolean;
  set: SetField;
}) {
  return (
    <div className="flex flex-col gap-1">
      <Checkbox
        checked={checked && canSendCopy(viewer)}
        onCheckedChange={(value) => set('sendCopy', value)}
        name="sendCopy"
        disabled={!canSendCopy(viewer)}
      >
        Send me a copy via email
      </Checkbox>
      <div className="pl-6">
        <FieldHint>{sendCopyHint(viewer)}</FieldHint>
      </div>
    </div>
  );
}
