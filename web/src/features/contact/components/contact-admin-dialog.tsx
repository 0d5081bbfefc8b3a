import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { contactSchema } from '@vitrine/domain/schemas/message';
import { SendButtons, SubjectMessageFields } from '../../../components/forms/message-fields';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/field';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { errorMessage } from '../../../lib/api';
import { fieldErrors, useFieldState, useFormSubmit, type FieldErrors } from '../../../lib/form';
import { useSession } from '../../../stores/session';
import { useSendContact } from '../api/send-contact';
import { quickContactErrors, type QuickContactValues } from '../lib/quick-contact';

const EMPTY: QuickContactValues = { senderName: '', senderEmail: '', subject: '', message: '' };

/** The signed-in member a message goes out as, or null for a visitor. */
function useSender() {
  return useSession(
    useShallow((s) =>
      s.user
        ? { id: s.user.id, username: s.user.username, email: s.user.email, emailVerified: s.user.emailVerified }
        : null,
    ),
  );
}

/**
 * The contact payload of the dialog's values, with every field error (contactSchema's and the dialog's
 * own). Members send as themselves: their name and email come from the account, not from the form.
 */
function checkQuickContact(values: QuickContactValues, sender: ReturnType<typeof useSender>) {
  const filled = sender ? { ...values, senderName: sender.username, senderEmail: sender.email ?? '' } : values;
  const found = quickContactErrors(filled, sender !== null);
  const payload = {
    senderName: filled.senderName.trim() || null,
    senderEmail: filled.senderEmail.trim() || null,
    senderUserId: sender?.id ?? null,
    recipientUserId: null,
    subject: filled.subject,
    message: filled.message,
    mode: 'platform' as const,
  };
  const parsed = contactSchema.safeParse(payload);
  const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...found };
  return { payload, errors };
}

/** The dialog's values and submit: sends the message to the administrators, and closes once sent. */
function useQuickContact(onClose: () => void) {
  const user = useSender();
  const { values, set, errors, setErrors } = useFieldState(useState<QuickContactValues>(EMPTY));
  const sendContact = useSendContact();
  const { run } = useToastedAction();

  const { pending: sending, onSubmit } = useFormSubmit(
    () => {
      const { payload, errors: all } = checkQuickContact(values, user);
      if (Object.values(all).some(Boolean)) {
        setErrors(all);
        return null;
      }
      return payload;
    },
    (payload) =>
      run('send', () => sendContact(payload), {
        success: { title: 'Message sent', description: 'Your message has been sent to the administrators.' },
        failure: (error) => ({
          title: 'Failed to send message',
          description: errorMessage(error, 'Failed to send message'),
        }),
        onSuccess: onClose,
      }),
    { focusInvalid: true },
  );
  return { user, values, set, errors, sending, onSubmit };
}

/** Name and Email, which only a visitor fills (both required). */
function VisitorFields({
  values,
  errors,
  onChange,
}: {
  values: QuickContactValues;
  errors: FieldErrors;
  onChange: (key: 'senderName' | 'senderEmail', value: string) => void;
}) {
  return (
    <>
      <Field label="Name" error={errors.senderName}>
        {(p) => (
          <Input
            {...p}
            value={values.senderName}
            onChange={(e) => onChange('senderName', e.target.value)}
            autoComplete="name"
            maxLength={100}
            required
          />
        )}
      </Field>
      <Field label="Email" error={errors.senderEmail}>
        {(p) => (
          <Input
            {...p}
            type="email"
            value={values.senderEmail}
            onChange={(e) => onChange('senderEmail', e.target.value)}
            autoComplete="email"
            required
          />
        )}
      </Field>
    </>
  );
}

/** The form inside the dialog; mounted afresh each time the dialog opens. */
function QuickContactForm({ onClose }: { onClose: () => void }) {
  const { user, values, set, errors, sending, onSubmit } = useQuickContact(onClose);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {user ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Sending as <span className="font-medium text-zinc-900 dark:text-zinc-100">{user.username}</span>. Replies
          appear in your Messages inbox.
        </p>
      ) : (
        <VisitorFields values={values} errors={errors} onChange={set} />
      )}
      <SubjectMessageFields values={values} errors={errors} onChange={set} messageRows={5} required />
      <DialogFooter className="mt-2">
        <SendButtons sending={sending} label="Send Message" onCancel={onClose} />
      </DialogFooter>
    </form>
  );
}

/**
 * The Contact Admin dialog (quick contact): visitors fill name, email, subject and
 * message (all required); members only subject and message, as themselves. The header's
 * 'Contact Admin' button opens it through the dialogs store (pages/contact.tsx re-exports it).
 */
export function ContactAdminDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Contact Admin"
      description="Send a message to the site administrators"
    >
      {open ? <QuickContactForm onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}
