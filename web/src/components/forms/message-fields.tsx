import type { ReactNode } from 'react';
import { Send } from 'lucide-react';
import type { FieldErrors } from '../../lib/form';
import { Button } from '../ui/button';
import { Field, Input, Textarea } from '../ui/field';

/** The two fields every message composer has. */
export interface SubjectMessageValues {
  subject: string;
  message: string;
}

/**
 * Subject and Message fields of the composers (contact form and dialog, Message User, admin
 * composer and reply): at most 100 and 1000 characters, as the domain schemas allow.
 */
export function SubjectMessageFields({
  values,
  errors,
  onChange,
  subjectPlaceholder,
  messagePlaceholder,
  messageRows = 6,
  messageHint,
  required,
}: {
  values: SubjectMessageValues;
  errors: FieldErrors;
  onChange: (key: keyof SubjectMessageValues, value: string) => void;
  subjectPlaceholder?: string;
  messagePlaceholder?: string;
  messageRows?: number;
  messageHint?: ReactNode;
  /** Marks both fields required (the quick contact dialog). */
  required?: boolean;
}) {
  return (
    <>
      <Field label="Subject" error={errors.subject}>
        {(p) => (
          <Input
            {...p}
            value={values.subject}
            onChange={(e) => onChange('subject', e.target.value)}
            maxLength={100}
            placeholder={subjectPlaceholder}
            required={required}
          />
        )}
      </Field>
      <Field label="Message" error={errors.message} hint={messageHint}>
        {(p) => (
          <Textarea
            {...p}
            rows={messageRows}
            value={values.message}
            onChange={(e) => onChange('message', e.target.value)}
            maxLength={1000}
            placeholder={messagePlaceholder}
            required={required}
          />
        )}
      </Field>
    </>
  );
}

/** A composer's buttons: Cancel (when `onCancel` is given) and Send with its 'Sending...' state. */
export function SendButtons({ sending, label, onCancel }: { sending: boolean; label: string; onCancel?: () => void }) {
  return (
    <>
      {onCancel ? (
        <Button variant="outline" onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" loading={sending}>
        {sending ? null : <Send aria-hidden="true" />}
        {sending ? 'Sending...' : label}
      </Button>
    </>
  );
}
