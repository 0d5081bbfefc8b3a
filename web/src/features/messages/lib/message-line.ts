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
  /**
   * Reply: an admin to any sender account (on the site) or to a visitor who left an address (mailed by
   * the server, quoting the message); a member to an admin who wrote to them.
   */
  reply: boolean;
  markRead: boolean;
  remove: boolean;
}

/** A visitor's message (no account) with an address: an admin's reply to it is mailed there. */
export function isVisitorWithAddress(message: MessageView): boolean {
  return message.senderUserId === null && Boolean(message.senderEmail);
}

/** The buttons of one inbox card for this viewer (no Reply to one's own message). */
export function messageActions(message: MessageView, viewer: InboxViewer): MessageActions {
  const fromAccount = message.senderUserId !== null && message.senderUserId !== viewer.id;
  return {
    reply:
      (fromAccount && (viewer.isAdmin || (message.senderIsAdmin && message.recipientUserId === viewer.id))) ||
      (viewer.isAdmin && isVisitorWithAddress(message)),
    markRead: isUnreadFor(message, viewer),
    remove: true,
  };
}

/** 'Re: subject', without stacking prefixes on a thread. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}
