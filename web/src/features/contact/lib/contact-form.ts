import type { ContactInput } from '@vitrine/domain/schemas/message';

/** The two modes of the contact page. */
export type ContactMode = 'platform' | 'email';

/** The signed-in user as far as the contact form cares. */
export interface ContactViewer {
  id: number;
  username: string;
  email: string | null;
  /** False while the profile address is unconfirmed (no copies go to it). */
  emailVerified: boolean;
}

/** Which optional parts of the contact page form show. */
export interface ContactFields {
  name: boolean;
  email: boolean;
  sendCopy: boolean;
  loginSuggestion: boolean;
  inboxLink: boolean;
}

/**
 * 'Your Name' for visitors only; 'Your Email' in email mode for visitors (and for a member without an
 * email in the profile, who otherwise could not use email mode); the copy checkbox for members or in
 * email mode; the log-in suggestion for visitors in platform mode; the inbox link for members in platform mode.
 */
export function contactFields(mode: ContactMode, viewer: ContactViewer | null): ContactFields {
  return {
    name: viewer === null,
    email: mode === 'email' && (viewer === null || !viewer.email),
    sendCopy: viewer !== null || mode === 'email',
    loginSuggestion: viewer === null && mode === 'platform',
    inboxLink: viewer !== null && mode === 'platform',
  };
}

/** A member without an email in the profile cannot get a copy (the server refuses it): the checkbox is disabled. */
export function canSendCopy(viewer: ContactViewer | null): boolean {
  return viewer === null || (Boolean(viewer.email) && viewer.emailVerified);
}

/** What a visitor is told about the copy: it waits for a confirmation of the address. */
export const VISITOR_COPY_NOTE =
  'We first email a link to confirm the address you provide above; the copy is sent only if you follow it within 24 hours.';
/** What a visitor is told after sending with a copy asked for. */
export const COPY_CONFIRM_SENT =
  'Check your inbox: follow the confirmation link we sent within 24 hours to receive your copy.';

/** The hint under 'Send me a copy via email' (members need a confirmed email in the profile). */
export function sendCopyHint(viewer: ContactViewer | null): string {
  if (!viewer) return VISITOR_COPY_NOTE;
  if (!viewer.email) return 'Add an email address to your profile to receive a copy of your message.';
  if (!viewer.emailVerified) return 'Confirm your email address in Settings to receive a copy of your message.';
  return 'The copy goes to the email address in your profile, so make sure you have one set.';
}

/** What the visible form holds. */
export interface ContactFormValues {
  senderName: string;
  senderEmail: string;
  subject: string;
  message: string;
  sendCopy: boolean;
}

/** The POST /api/contact payload of the page form: to the administrators, as the viewer. */
export function contactPayload(
  values: ContactFormValues,
  mode: ContactMode,
  viewer: ContactViewer | null,
): ContactInput {
  const fields = contactFields(mode, viewer);
  const email = fields.email ? values.senderEmail.trim() : (viewer?.email ?? '');
  return {
    senderName: viewer ? viewer.username : values.senderName.trim() || null,
    senderEmail: email || null,
    senderUserId: viewer ? viewer.id : null,
    recipientUserId: null,
    subject: values.subject,
    message: values.message,
    sendCopy: fields.sendCopy && canSendCopy(viewer) ? values.sendCopy : false,
    mode,
  };
}
