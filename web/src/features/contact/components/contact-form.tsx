import { useState, type Dispatch, type SetStateAction } from 'react';
import { contactSchema, type ContactInput } from '@vitrine/domain/schemas/message';
import type { ContactCopy } from '@vitrine/domain/answers';
import { SendButtons, SubjectMessageFields } from '../../../components/forms/message-fields';
import { FormFailure } from '../../../components/ui/form-failure';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { errorMessage } from '../../../lib/api';
import { fieldErrors, useFieldState, useFormSubmit } from '../../../lib/form';
import { useSendContact } from '../api/send-contact';
import {
  COPY_CONFIRM_SENT,
  contactFields,
  contactPayload,
  type ContactFormValues,
  type ContactMode,
  type ContactViewer,
} from '../lib/contact-form';
import { LoginSuggestion, SendCopyField, SenderFields } from './contact-form-parts';

/** An empty contact form. */
export const EMPTY_CONTACT_FORM: ContactFormValues = {
  senderName: '',
  senderEmail: '',
  subject: '',
  message: '',
  sendCopy: false,
};

/** Props of ContactForm. */
export interface ContactFormProps {
  mode: ContactMode;
  viewer: ContactViewer | null;
  /**
   * The success toast's description; without it no toast, for a page that shows the result in place
   * of the form (the contact page's success panel).
   */
  successDescription?: string;
  /** Called after a successful send (the form has been reset), with what happens to the copy. */
  onSent: (copy: ContactCopy) => void;
  /** Shows a Cancel button that calls this. */
  onCancel?: () => void;
  /** Values held by the caller, so the page's two modes share what was typed. */
  state?: [ContactFormValues, Dispatch<SetStateAction<ContactFormValues>>];
}

/**
 * The contact form to the administrators (the Contact page; also the Messages page's Contact
 * Admin tab): 'Your Name' for visitors, 'Your Email' in email mode, Subject, Message, 'Send me a copy
 * via email', validated on the client with the domain's contactSchema (the server's texts).
 */
export function ContactForm({ mode, viewer, successDescription, onSent, onCancel, state }: ContactFormProps) {
  const own = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const { values, setValues, set, errors, setErrors } = useFieldState(state ?? own);
  const fields = contactFields(mode, viewer);
  const sendContact = useSendContact();
  const { run } = useToastedAction();
  // A failure is said once, under the form (not also as a toast), until the next send.
  const [failure, setFailure] = useState<string | null>(null);

  const check = () => {
    setFailure(null);
    const payload = contactPayload(values, mode, viewer);
    const parsed = contactSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return null;
    }
    setErrors({});
    return payload;
  };
  const send = (payload: ContactInput) =>
    run('send', () => sendContact(payload), {
      success:
        successDescription === undefined
          ? undefined
          : (sent) => ({
              title: 'Message sent',
              description: sent.copy === 'confirm' ? `${successDescription} ${COPY_CONFIRM_SENT}` : successDescription,
            }),
      failure: (error) => {
        setFailure(errorMessage(error, 'Failed to send message'));
        return null;
      },
      onSuccess: (sent) => {
        setValues(EMPTY_CONTACT_FORM);
        onSent(sent.copy);
      },
    });
  const { pending: sending, onSubmit } = useFormSubmit(check, send, { focusInvalid: true });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {fields.loginSuggestion ? <LoginSuggestion /> : null}
      <SenderFields fields={fields} mode={mode} viewer={viewer} values={values} errors={errors} set={set} />
      <SubjectMessageFields
        values={values}
        errors={errors}
        onChange={set}
        subjectPlaceholder="What is it about?"
        messagePlaceholder="How can we help?"
        messageHint={`${values.message.trim().length}/1000`}
      />
      {fields.sendCopy ? <SendCopyField viewer={viewer} checked={values.sendCopy} set={set} /> : null}
      <FormFailure title="Failed to send message" message={failure} />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <SendButtons sending={sending} label="Send Message" onCancel={onCancel} />
      </div>
    </form>
  );
}
