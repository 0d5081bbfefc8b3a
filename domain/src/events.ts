import { z } from './zod';
import { REQUEST_STATUSES, type RequestStatus } from './test-requests';
import type { NotificationView } from './answers/notifications';
import { HEALTH_STATUSES, type HealthStatus } from './liveness';

/** A project's counts after a vote or rating, as its event carries them. */
const projectCounts = { projectId: z.number(), votes: z.number(), averageRating: z.number(), totalRatings: z.number() };

/** A comment's place and its project's comment count after the change. */
const commentRef = {
  projectId: z.number(),
  commentId: z.number(),
  parentId: z.number().nullable(),
  commentCount: z.number(),
};

/** Who follows whom, and the maker's follower count after the change. */
const followRef = { followerId: z.number(), makerId: z.number(), followers: z.number() };

/**
 * Domain events. Names are noun.verb; payloads carry ids and new counts, never secrets.
 * Each is written to the outbox in the transaction of the change it describes.
 */
export const eventSchema = z.discriminatedUnion('name', [
  // Both carry all three counts after the change, so a live push never re-reads the row.
  z.object({ name: z.literal('vote.created'), ...projectCounts }),
  z.object({ name: z.literal('rating.saved'), ...projectCounts }),
  z.object({ name: z.literal('project.created'), projectId: z.number(), userId: z.number() }),
  z.object({ name: z.literal('project.updated'), projectId: z.number() }),
  z.object({ name: z.literal('project.hidden'), projectId: z.number(), hidden: z.boolean() }),
  z.object({ name: z.literal('project.deleted'), projectId: z.number() }),
  z.object({ name: z.literal('report.created'), reportId: z.number(), projectId: z.number() }),
  /** The integrity scan filed a suspected vote ring: its votes weigh 0 pending review (the projects it held votes of). */
  z.object({ name: z.literal('integrity.clusterFlagged'), clusterId: z.number(), projectIds: z.array(z.number()) }),
  /** An admin confirmed (votes stay void, accounts paused) or cleared (weights restored) a ring. */
  z.object({
    name: z.literal('integrity.clusterDecided'),
    clusterId: z.number(),
    status: z.enum(['confirmed', 'cleared']),
  }),
  /** byOwner: the member deleted their own account (their sockets are disconnected, not only moved out of rooms). */
  z.object({ name: z.literal('user.deleted'), userId: z.number(), byOwner: z.boolean().optional() }),
  /** An admin changed the user's admin or paused flag (their sockets' rooms follow). */
  z.object({ name: z.literal('user.updated'), userId: z.number() }),
  /**
   * A member began following a maker (not a repeat): the maker hears of it. Both follow events carry
   * the maker's follower count after the change, which their profile's room is pushed.
   */
  z.object({ name: z.literal('user.followed'), ...followRef }),
  /** A member stopped following a maker (not a repeat). */
  z.object({ name: z.literal('user.unfollowed'), ...followRef }),
  z.object({
    name: z.literal('message.created'),
    messageId: z.number(),
    /** null: addressed to the admins. */
    recipientUserId: z.number().nullable(),
    senderUserId: z.number().nullable(),
    /** contact: the contact form; reply: an admin's answer; direct: a member or admin to a user. */
    kind: z.enum(['contact', 'reply', 'direct']),
    sendCopy: z.boolean(),
    emailMode: z.boolean(),
  }),
  /** A confirmation link is to be mailed (to a member's address or for a visitor's contact copy). */
  z.object({ name: z.literal('email.confirmationRequested'), confirmationId: z.number() }),
  /** An admin answered a visitor's contact message: the worker mails the reply to the visitor's address. */
  z.object({ name: z.literal('visitorReply.created'), replyId: z.number(), messageId: z.number() }),
  /** A visitor confirmed the address of their contact copy: the copy may go out now. */
  z.object({ name: z.literal('message.copyConfirmed'), messageId: z.number() }),
  // Test requests. Ids only; the live pushes and mails read the rows they need.
  z.object({
    name: z.literal('testRequest.created'),
    requestId: z.number(),
    projectId: z.number(),
    ownerId: z.number(),
  }),
  z.object({
    name: z.literal('testRequest.updated'),
    requestId: z.number(),
    ownerId: z.number(),
    /** Set when the status moved (testers hear of it); null for an edit of the other fields. */
    status: z.enum(REQUEST_STATUSES).nullable(),
    testerIds: z.array(z.number()),
  }),
  z.object({ name: z.literal('tester.joined'), requestId: z.number(), ownerId: z.number(), testerId: z.number() }),
  z.object({ name: z.literal('tester.left'), requestId: z.number(), ownerId: z.number(), testerId: z.number() }),
  z.object({
    name: z.literal('feedback.posted'),
    requestId: z.number(),
    ownerId: z.number(),
    testerId: z.number(),
    feedbackId: z.number(),
    /** false when the tester edited earlier feedback. */
    created: z.boolean(),
  }),
  z.object({
    name: z.literal('feedback.markedHelpful'),
    requestId: z.number(),
    feedbackId: z.number(),
    testerId: z.number(),
  }),
  z.object({
    name: z.literal('userRating.saved'),
    ratingId: z.number(),
    requestId: z.number(),
    ratedUserId: z.number(),
    raterUserId: z.number(),
  }),
  z.object({ name: z.literal('userRating.removed'), ratingId: z.number(), ratedUserId: z.number() }),
  // Raters' standing changed (deleted, paused, unpaused, a confirmed ring): these users' tiers were recomputed.
  z.object({ name: z.literal('userRating.tiersRefreshed'), ratedUserIds: z.array(z.number()) }),
  // Comments. Each carries the project's comment count after the change, for the live push.
  z.object({
    name: z.literal('comment.created'),
    ...commentRef,
    authorId: z.number(),
    /** Existing members named `@username` in the body (at most 10, the author left out). */
    mentionedUserIds: z.array(z.number()),
  }),
  /** Edited by its author, or hidden or shown by an admin (or by reports). */
  z.object({ name: z.literal('comment.updated'), ...commentRef }),
  z.object({ name: z.literal('comment.deleted'), ...commentRef }),
  /** A member reported a comment (the admins' queue). */
  z.object({
    name: z.literal('commentReport.created'),
    reportId: z.number(),
    commentId: z.number(),
    projectId: z.number(),
  }),
  // Devlogs (docs/architecture.md "Devlogs").
  /**
   * The owner posted an update. addressedFeedbackIds: the feedback items it names as addressed (their
   * testers are told); the maker's followers hear of the update.
   */
  z.object({
    name: z.literal('projectUpdate.posted'),
    projectId: z.number(),
    updateId: z.number(),
    authorId: z.number(),
    addressedFeedbackIds: z.array(z.number()),
  }),
  /** The owner edited an update; addressedFeedbackIds: the feedback items it names now and did not before. */
  z.object({
    name: z.literal('projectUpdate.edited'),
    projectId: z.number(),
    updateId: z.number(),
    authorId: z.number(),
    addressedFeedbackIds: z.array(z.number()),
  }),
  z.object({ name: z.literal('projectUpdate.deleted'), projectId: z.number(), updateId: z.number() }),
  // Liveness (docs/architecture.md "Liveness").
  /**
   * A check moved a project's health (written by the worker). recipientIds: who is told (the owner,
   * when the project went down or came back up; empty otherwise).
   */
  z.object({
    name: z.literal('project.healthChanged'),
    projectId: z.number(),
    status: z.enum(HEALTH_STATUSES),
    previous: z.enum(HEALTH_STATUSES),
    /** ISO time the new status began. */
    since: z.string(),
    recipientIds: z.array(z.number()),
  }),
  /** The owner asked for a check of their project now. */
  z.object({ name: z.literal('project.checkRequested'), projectId: z.number() }),
  // Webhooks (docs/api.md "Webhooks").
  /** Deliveries of the webhook failed WEBHOOK_FAILURES_TO_DISABLE times in a row: it was switched off (its owner is told). */
  z.object({ name: z.literal('webhook.disabled'), webhookId: z.number(), userId: z.number() }),
  /** The owner asked for a logged delivery to be sent again (round: its redelivery count, which names the job). */
  z.object({
    name: z.literal('webhook.redeliveryRequested'),
    webhookId: z.number(),
    deliveryId: z.number(),
    round: z.number(),
  }),
]);
export type DomainEvent = z.infer<typeof eventSchema>;
export type EventName = DomainEvent['name'];

/** A stored event: the outbox row's id travels as the job id. */
/**
 * An event as the outbox keeps it: its id, and the id of the request that caused it (`reqId`, for the
 * logs of the jobs it leads to; docs/operations.md "Logs").
 */
export type StoredEvent = DomainEvent & { id: number; reqId?: string };

/** Socket.IO pushes. Counts are small; anything private is an invalidation. */
export interface ServerToClientEvents {
  /** Live counts for a project shown in the client (room project:{id}). */
  'project:counts': (payload: { id: number; votes: number; averageRating: number; totalRatings: number }) => void;
  /** Something in the viewer's messages changed: refetch the inbox and unread count (room user:{id} / admins). */
  'messages:changed': () => void;
  /** A new report (room admins). */
  'report:created': (payload: { id: number; projectId: number; projectTitle: string }) => void;
  /** A suspected vote ring was filed or decided (room admins): the Integrity tab refetches. */
  'integrity:changed': (payload: { clusterId: number }) => void;
  /** A shown project went down or came back (room project:{id}): refetch it. */
  'project:health': (payload: { id: number; status: HealthStatus; since: string }) => void;
  /** Lists changed: a project was created, hidden, deleted (everyone). */
  'projects:changed': () => void;
  /**
   * A request the viewer owns or tests in changed (room user:{id}): its status, a tester joining or
   * leaving, feedback posted or marked helpful; refetch it.
   */
  'testRequest:changed': (payload: {
    requestId: number;
    title: string;
    status: RequestStatus;
    statusChanged: boolean;
  }) => void;
  /** The public list of test requests changed (everyone). */
  'testRequests:changed': () => void;
  /** A comment or reply was posted, changed (edited, hidden, shown) or deleted on a project (room project:{id}): refetch its comments. */
  'comment:created': (payload: CommentPush) => void;
  'comment:updated': (payload: CommentPush) => void;
  'comment:deleted': (payload: CommentPush) => void;
  /** A member reported a comment (room admins). */
  'commentReport:created': (payload: { id: number; commentId: number; projectId: number }) => void;
  /** A notification for the member arrived or grew, with their unread count (room user:{id}). */
  'notification:new': (payload: { notification: NotificationView; unreadCount: number }) => void;
  /** A profile's follower count after a follow or unfollow (room profile:{id}, which any socket may watch). */
  'user:followers': (payload: FollowersPush) => void;
  /** This node's link to the other nodes was down and pushes may have been missed: refetch what is shown. */
  sync: () => void;
}

/** A comment push: which comment of which project, and the project's comment count now. */
export interface CommentPush {
  projectId: number;
  commentId: number;
  parentId: number | null;
  commentCount: number;
}

/** A follower count push: the maker's username as spelt on their account, and their follower count now. */
export interface FollowersPush {
  username: string;
  followers: number;
}

export interface ClientToServerEvents {
  /** Watch the live counts of these projects (replaces the previous set). */
  'projects:watch': (ids: number[]) => void;
  /** Watch the follower count of this profile (a username; replaces the previous one, null: none). */
  'profile:watch': (username: string | null) => void;
}

/** Room names, decided by the server. */
export const rooms = {
  project: (id: number) => `project:${id}`,
  user: (id: number) => `user:${id}`,
  /** A profile's public room (its follower count), not the member's private `user:{id}`. */
  profile: (id: number) => `profile:${id}`,
  admins: 'admins',
} as const;
