import { z } from '@vitrine/domain/zod';
import type { FieldErrors } from '../../../lib/form';

/** The fields of the quick Contact Admin dialog. */
export interface QuickContactValues {
  senderName: string;
  senderEmail: string;
  subject: string;
  message: string;
}

/** Shown when a visitor leaves the name empty (the dialog requires it). */
export const NAME_REQUIRED = 'Please enter your name';
/** Shown when a visitor's email is empty or invalid (the contact form's text). */
export const EMAIL_INVALID = 'Please enter a valid email address';

const email = z.email();

/**
 * What the dialog requires beyond contactSchema: a visitor must give a
 * name and a valid email. Subject and message limits come from contactSchema itself.
 */
export function quickContactErrors(values: QuickContactValues, signedIn: boolean): FieldErrors {
  if (signedIn) return {};
  const errors: FieldErrors = {};
  if (values.senderName.trim() === '') errors.senderName = NAME_REQUIRED;
  if (!email.safeParse(values.senderEmail.trim()).success) errors.senderEmail = EMAIL_INVALID;
  return errors;
}
