import { describe, expect, it } from 'vitest';
import type { EmailMessageRow } from '@vitrine/db/queries/emails';
import { ContactCopyEmail } from './contact-copy-email';
import { ConfirmEmailEmail } from './confirm-email-email';

const ctx = { siteName: 'Vitrine', adminEmail: null };
const message: EmailMessageRow = {
  id: 1,
  subject: 'Click here now',
  message: 'Your account is locked: visit evil.example to unlock it.',
  senderUserId: null,
  senderUsername: null,
  senderName: 'Support',
  givenSenderEmail: 'victim@example.com',
  senderAccountEmail: null,
  copyConfirmed: false,
  recipientUserId: null,
  recipientUsername: null,
  recipientEmail: null,
  createdAt: new Date(),
};

describe('ContactCopyEmail', () => {
  it("goes to a visitor's typed address only once its owner confirmed it for this message", () => {
    expect(ContactCopyEmail(message, ctx)).toBeNull();
    expect(ContactCopyEmail({ ...message, copyConfirmed: true }, ctx)?.to).toBe('victim@example.com');
  });
  it("goes to a member's address only when it is confirmed (the query reads an unconfirmed one as null)", () => {
    const member = { ...message, senderUserId: 7, givenSenderEmail: 'typed@example.com', copyConfirmed: true };
    expect(ContactCopyEmail({ ...member, senderAccountEmail: null }, ctx)).toBeNull();
    expect(ContactCopyEmail({ ...member, senderAccountEmail: 'member@example.com' }, ctx)?.to).toBe(
      'member@example.com',
    );
  });
});

describe('ConfirmEmailEmail', () => {
  it('carries the link and nothing a user typed', () => {
    const mail = ConfirmEmailEmail(
      'victim@example.com',
      'https://vitrine.example/confirm-email?token=abc',
      'contactCopy',
      { siteName: 'Vitrine', validHours: 24 },
    );
    expect(mail.to).toBe('victim@example.com');
    expect(mail.subject).toBe('Vitrine: confirm your email address');
    expect(mail.text).toContain('https://vitrine.example/confirm-email?token=abc');
    expect(mail.text).toContain('24 hours');
  });
});
