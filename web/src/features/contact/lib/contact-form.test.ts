import { describe, expect, it } from 'vitest';
import { contactSchema } from '@vitrine/domain/schemas/message';
import { canSendCopy, contactFields, contactPayload, sendCopyHint, VISITOR_COPY_NOTE } from './contact-form';

const member = { id: 4, username: 'mia', email: 'mia@example.com', emailVerified: true };
const memberNoEmail = { id: 5, username: 'noel', email: null, emailVerified: false };
const values = {
  senderName: ' Vic ',
  senderEmail: 'vic@example.com',
  subject: 'Hello admins',
  message: 'A long enough message',
  sendCopy: true,
};

describe('contactFields', () => {
  it('visitor in platform mode: name, no email, no copy, log-in suggestion', () => {
    expect(contactFields('platform', null)).toEqual({
      name: true,
      email: false,
      sendCopy: false,
      loginSuggestion: true,
      inboxLink: false,
    });
  });
  it('visitor in email mode: name, email and copy', () => {
    expect(contactFields('email', null)).toEqual({
      name: true,
      email: true,
      sendCopy: true,
      loginSuggestion: false,
      inboxLink: false,
    });
  });
  it('member: no name or email, copy checkbox, inbox link in platform mode', () => {
    expect(contactFields('platform', member)).toEqual({
      name: false,
      email: false,
      sendCopy: true,
      loginSuggestion: false,
      inboxLink: true,
    });
    expect(contactFields('email', member)).toEqual({
      name: false,
      email: false,
      sendCopy: true,
      loginSuggestion: false,
      inboxLink: false,
    });
  });
  it('member without an email in email mode is asked for one', () => {
    expect(contactFields('email', memberNoEmail).email).toBe(true);
  });
});

describe('contactPayload', () => {
  it('visitor platform mode sends the name, no email and no copy', () => {
    const p = contactPayload(values, 'platform', null);
    expect(p).toMatchObject({
      senderName: 'Vic',
      senderEmail: null,
      senderUserId: null,
      recipientUserId: null,
      sendCopy: false,
      mode: 'platform',
    });
    expect(contactSchema.safeParse(p).success).toBe(true);
  });
  it('visitor email mode requires an email', () => {
    const p = contactPayload({ ...values, senderEmail: '' }, 'email', null);
    const r = contactSchema.safeParse(p);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Email is required for email contact');
    expect(
      contactSchema.safeParse(contactPayload({ ...values, senderEmail: 'nope' }, 'email', null)).error?.issues[0]
        ?.message,
    ).toBe('Please enter a valid email address');
  });
  it('member sends as themselves with the profile email', () => {
    const p = contactPayload(values, 'email', member);
    expect(p).toMatchObject({
      senderName: 'mia',
      senderEmail: 'mia@example.com',
      senderUserId: 4,
      sendCopy: true,
      mode: 'email',
    });
    expect(contactSchema.safeParse(p).success).toBe(true);
  });
});

describe('sendCopyHint', () => {
  it('differs for members, members without an email, and visitors', () => {
    expect(sendCopyHint(member)).toBe(
      'The copy goes to the email address in your profile, so make sure you have one set.',
    );
    expect(sendCopyHint(memberNoEmail)).toBe('Add an email address to your profile to receive a copy of your message.');
    expect(sendCopyHint(null)).toBe(VISITOR_COPY_NOTE);
    // An unconfirmed profile address gets no copy.
    expect(sendCopyHint({ ...member, emailVerified: false })).toBe(
      'Confirm your email address in Settings to receive a copy of your message.',
    );
    expect(canSendCopy({ ...member, emailVerified: false })).toBe(false);
    expect(canSendCopy({ ...member, emailVerified: true })).toBe(true);
  });
  it('a member without an email cannot ask for a copy', () => {
    expect(canSendCopy(memberNoEmail)).toBe(false);
    expect(canSendCopy(member)).toBe(true);
    expect(canSendCopy(null)).toBe(true);
    expect(contactPayload(values, 'platform', memberNoEmail).sendCopy).toBe(false);
  });
});
