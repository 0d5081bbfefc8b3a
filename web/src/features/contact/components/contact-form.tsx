import { useState, type Dispatch, type SetStateAction } from 'react';
import { Link } from 'wouter';
import { Info } from 'lucide-react';
import { contactSchema } from '@vitrine/domain/schemas/message';
import { SendButtons, SubjectMessageFields } from '../../../components/forms/message-fields';
import { Checkbox, Field, FieldHint, Input } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { fieldErrors, useFieldState, useSubmit } from '../../../lib/form';
import { useSendContact } from '../api/send-contact';
import { canSendCopy, contactFields, contactPayload, sendCopyHint, type ContactFormValues, type ContactMode, type ContactViewer } from '../lib/contact-form';

/** An empty contact form. */
export const EMPTY_CONTACT_FORM: ContactFormValues = { senderName: '', senderEmail: '', subject: '', message: '', sendCopy: false };

/** Props of ContactForm. */
export interface ContactFormProps {
  mode: ContactMode;
  viewer: ContactViewer | null;
  /** The success toast's description. */
  successDescription: string;
  /** Called after a successful send (the form has been reset). */
  onSent: () => void;
  /** Shows a Cancel button that calls this. */
  onCancel?: () => void;
  /** Values held by the caller, so the page's two modes share what was typed. */
  state?: [ContactFormValues, Dispatch<SetStateAction<ContactFormValues>>];
}

/**
 * The contact form to the administrators (spec §2 Contact page; also the Messages page's Contact
 * Admin tab): 'Your Name' for visitors, 'Your Email' in email mode, Subject, Message, 'Send me a copy
 * via email', validated on the client with the domain's contactSchema (the server's texts).
 */
export function ContactForm({ mode, viewer, successDescription, onSent, onCancel, state }: ContactFormProps) {
  const own = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const { values, setValues, set, errors, setErrors } = useFieldState(state ?? own);
  const fields = contactFields(mode, viewer);
  const sendContact = useSendContact();

  const { pending: sending, onSubmit } = useSubmit(
    () => {
      const payload = contactPayload(values, mode, viewer);
      const parsed = contactSchema.safeParse(payload);
      if (!parsed.success) {
        setErrors(fieldErrors(parsed.error.issues));
        return null;
      }
      setErrors({});
      return payload;
    },
    async (payload) => {
      try {
        await sendContact(payload);
        toast({ title: 'Message sent', description: successDescription });
        setValues(EMPTY_CONTACT_FORM);
        onSent();
      } catch (error) {
        toast({ title: 'Failed to send message', description: errorMessage(error, 'Failed to send message'), variant: 'destructive' });
      }
    },
    { focusInvalid: true },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {fields.loginSuggestion ? (
        <div className="flex gap-3 rounded-lg border border-accent-200 bg-accent-50/60 p-3 text-sm text-zinc-700 dark:border-accent-900 dark:bg-accent-950/30 dark:text-zinc-300">
          <Info className="mt-0.5 size-4 shrink-0 text-accent-600 dark:text-accent-400" aria-hidden="true" />
          <p>
            <Link href="/auth" className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800 dark:text-accent-300 dark:hover:text-accent-200">
              Log in
            </Link>{' '}
            to send messages from your account, follow replies in your inbox and message other members.
          </p>
        </div>
      ) : null}
      {fields.name || fields.email ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.name ? (
            <Field label="Your Name" error={errors.senderName} className={fields.email ? undefined : 'sm:col-span-2'}>
              {(p) => (
                <Input {...p} value={values.senderName} onChange={(e) => set('senderName', e.target.value)} autoComplete="name" maxLength={100} placeholder="Jane Doe" />
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
          We&apos;ll reply by email to <span className="font-medium text-zinc-900 dark:text-zinc-100">{viewer.email}</span>.
        </p>
      ) : null}
      <SubjectMessageFields
        values={values}
        errors={errors}
        onChange={set}
        subjectPlaceholder="What is it about?"
        messagePlaceholder="How can we help?"
        messageHint={`${values.message.trim().length}/1000`}
      />
      {fields.sendCopy ? (
        <div className="flex flex-col gap-1">
          <Checkbox
            checked={values.sendCopy && canSendCopy(viewer)}
            onCheckedChange={(checked) => set('sendCopy', checked)}
            name="sendCopy"
            disabled={!canSendCopy(viewer)}
          >
            Send me a copy via email
          </Checkbox>
          <div className="pl-6">
            <FieldHint>{sendCopyHint(viewer)}</FieldHint>
          </div>
        </div>
      ) : null}
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <SendButtons sending={sending} label="Send Message" onCancel={onCancel} />
      </div>
    </form>
  );
}
