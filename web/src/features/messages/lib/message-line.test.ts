import { describe, expect, it } from 'vitest';
import type { MessageView } from '@vitrine/domain/types';
import { isUnreadFor, messageActions, replySubject, senderRecipientLine } from './message-line';

function msg(over: Partial<MessageView> = {}): MessageView {
  return {
    id: 1,
    subject: 'Hello there',
    message: 'A message body',
    isRead: false,
    createdAt: '2025-01-05T10:00:00.000Z',
    senderUserId: null,
    senderUsername: null,
    senderIsAdmin: false,
    senderName: null,
    senderEmail: null,
    recipientUserId: null,
    recipientUsername: null,
    repliedAt: null,
    ...over,
  };
}

const admin = { id: 1, isAdmin: true };
const member = { id: 7, isAdmin: false };

describe('senderRecipientLine for an admin', () => {
  it('prefers the sender username', () => {
    expect(
      senderRecipientLine(
        msg({ senderUserId: 3, senderUsername: 'alice', senderName: 'Alice', senderEmail: 'a@x.io' }),
        admin,
      ),
    ).toBe('From: alice');
  });
  it('falls back to the name, then the email, then Anonymous', () => {
    expect(senderRecipientLine(msg({ senderName: 'Bob', senderEmail: 'b@x.io' }), admin)).toBe('From: Bob');
    expect(senderRecipientLine(msg({ senderEmail: 'b@x.io' }), admin)).toBe('From: b@x.io');
    expect(senderRecipientLine(msg(), admin)).toBe('From: Anonymous');
    expect(senderRecipientLine(msg({ senderName: '  ' }), admin)).toBe('From: Anonymous');
  });
  it('shows the sender even for messages addressed to a user', () => {
    expect(
      senderRecipientLine(
        msg({ senderUserId: 1, senderUsername: 'root', recipientUserId: 7, recipientUsername: 'carol' }),
        admin,
      ),
    ).toBe('From: root');
  });
});

describe('senderRecipientLine for a member', () => {
  it('says To: Admin when there is no recipient user', () => {
    expect(senderRecipientLine(msg({ senderUserId: 7, senderUsername: 'me' }), member)).toBe('To: Admin');
  });
  it('names the recipient of what the member sent', () => {
    expect(senderRecipientLine(msg({ senderUserId: 7, recipientUserId: 9, recipientUsername: 'dave' }), member)).toBe(
      'To: dave',
    );
    expect(senderRecipientLine(msg({ senderUserId: 7, recipientUserId: 9 }), member)).toBe('To: User');
  });
  it('names the sender of what the member received', () => {
    expect(senderRecipientLine(msg({ senderUserId: 9, senderUsername: 'dave', recipientUserId: 7 }), member)).toBe(
      'From: dave',
    );
    expect(senderRecipientLine(msg({ senderName: 'Eve', recipientUserId: 7 }), member)).toBe('From: Eve');
    expect(senderRecipientLine(msg({ senderEmail: 'e@x.io', recipientUserId: 7 }), member)).toBe('From: e@x.io');
    expect(senderRecipientLine(msg({ recipientUserId: 7 }), member)).toBe('From: User');
  });
});

describe('messageActions', () => {
  it('offers Reply to admins when the sender is a user, and to a member for what an account sent them', () => {
    expect(messageActions(msg({ senderUserId: 3 }), admin).reply).toBe(true);
    expect(messageActions(msg({ senderUserId: 3 }), member).reply).toBe(false);
    expect(messageActions(msg({ senderUserId: 1, recipientUserId: 7 }), admin).reply).toBe(false);
    // A member answers what an admin sent them, not other members (they use Message User for that).
    expect(messageActions(msg({ senderUserId: 1, senderIsAdmin: true, recipientUserId: 7 }), member).reply).toBe(true);
    expect(messageActions(msg({ senderUserId: 3, recipientUserId: 7 }), member).reply).toBe(false);
    expect(messageActions(msg({ senderUserId: 7, recipientUserId: 9 }), member).reply).toBe(false);
  });
  it('offers an admin Reply to a visitor who left an address (the server mails it), not to one without', () => {
    expect(messageActions(msg({ senderUserId: null, senderEmail: 'v@x.io' }), admin).reply).toBe(true);
    expect(messageActions(msg({ senderUserId: null, senderEmail: null, senderName: 'V' }), admin).reply).toBe(false);
    expect(messageActions(msg({ senderUserId: null, senderEmail: 'v@x.io', recipientUserId: 7 }), member).reply).toBe(
      false,
    );
  });
  it('offers Mark as Read only while unread for its recipient, Delete always', () => {
    expect(messageActions(msg({ isRead: false, recipientUserId: 7 }), member)).toEqual({
      reply: false,
      markRead: true,
      remove: true,
    });
    expect(messageActions(msg({ isRead: true, recipientUserId: 7 }), member)).toEqual({
      reply: false,
      markRead: false,
      remove: true,
    });
  });
});

describe('isUnreadFor', () => {
  it('counts only what the viewer received', () => {
    expect(isUnreadFor(msg({ recipientUserId: 7 }), member)).toBe(true);
    expect(isUnreadFor(msg({ recipientUserId: 7, isRead: true }), member)).toBe(false);
    expect(isUnreadFor(msg({ senderUserId: 7, recipientUserId: 9 }), member)).toBe(false);
    expect(isUnreadFor(msg({ senderUserId: 7, recipientUserId: null }), member)).toBe(false);
  });
  it('for admins, what the admins received and what was addressed to them', () => {
    expect(isUnreadFor(msg({ recipientUserId: null }), admin)).toBe(true);
    expect(isUnreadFor(msg({ recipientUserId: 1 }), admin)).toBe(true);
    expect(isUnreadFor(msg({ senderUserId: 7, recipientUserId: 9 }), admin)).toBe(false);
  });
});

describe('replySubject', () => {
  it('prefixes Re: once', () => {
    expect(replySubject('Question')).toBe('Re: Question');
    expect(replySubject('Re: Question')).toBe('Re: Question');
    expect(replySubject('RE: Question')).toBe('RE: Question');
  });
});
