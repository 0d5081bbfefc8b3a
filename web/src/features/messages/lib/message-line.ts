import type { MessageView } from '@vitrine/domain/types';

/** Who is looking at the inbox: the line and the buttons depend on it. */
export interface InboxViewer {
  id: number;
  isAdmin: boolean;
}

/** The first non-empty of the candidates, else the fallback. */
function firstOf(candidates: Array<string | null | undefined>, fallback: string): string {
  for (const c of candidates) {
    if (c && c.trim() !== '') return c;
  }
  return fallback;
}

/**
 * The sender/recipient line of an inbox card.
 * Admins always see who sent it; members see 'To: Admin', 'To: {recipient}' for what they sent,
 * and 'From: {sender}' for what they received.
 */
export function senderRecipientLine(message: MessageView, viewer: InboxViewer): string {
  const sender = [message.senderUsername, message.senderName, message.senderEmail];
  if (viewer.isAdmin) return `From: ${firstOf(sender, 'Anonymous')}`;
  if (message.recipientUserId === null) return 'To: Admin';
  if (message.senderUserId !== null && message.senderUserId === viewer.id) {
    return `To: ${firstOf([message.recipientUsername], 'User')}`;
  }
  return `From: ${firstOf(sender, 'User')}`;
}

/**
 * True when the message is unread and the viewer is the one who received it (addressed to them, or to
 * the admins when they are one). A message the viewer sent, or (admins) one between two other users,
 * is not 'New' for them: marking it read would mark it for its real recipient. Same rule as the server's unread count.
 */
export function isUnreadFor(message: MessageView, viewer: InboxViewer): boolean {
  if (message.isRead) return false;
  if (message.recipientUserId === null) return viewer.isAdmin;
  return message.recipientUserId === viewer.id;
}

/** Which buttons an inbox card shows (Reply with a sender user; Mark as Read when unread). */
export interface MessageActions {
  /** Reply on the site: an admin to any sender account, a member to an admin who wrote to them. */
  reply: boolean;
  /** An admin's answer to a visitor who wrote with an address (email mode): a mail quoting the message. */
  mailReply: string | null;
  markRead: boolean;
  remove: boolean;
}

/** A mailto: address answering a visitor's message: 'Re: subject', the message quoted below. */
function mailReplyHref(message: MessageView): string {
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const params = new URLSearchParams({ subject: replySubject(message.subject), body: `\n\n${quoted}` });
  // mailto: wants %20 for spaces, not URLSearchParams' '+'.
  return `mailto:${encodeURIComponent(message.senderEmail ?? '')}?${params.toString().replace(/\+/g, '%20')}`;
}

/** The buttons of one inbox card for this viewer (no Reply to one's own message). */
export function messageActions(message: MessageView, viewer: InboxViewer): MessageActions {
  const fromAccount = message.senderUserId !== null && message.senderUserId !== viewer.id;
  return {
    reply: fromAccount && (viewer.isAdmin || (message.senderIsAdmin && message.recipientUserId === viewer.id)),
    mailReply: viewer.isAdmin && message.senderUserId === null && message.senderEmail ? mailReplyHref(message) : null,
    markRead: isUnreadFor(message, viewer),
    remove: true,
  };
}

/** 'Re: subject', without stacking prefixes on a thread. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}
