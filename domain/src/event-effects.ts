import type { DomainEvent, EventName, ServerToClientEvents } from './events';

/**
 * What each domain event causes, decided in one table (EVENT_EFFECTS): every event names one effect
 * of each kind below, `none` included. Each workspace implements the effect names of its kind as an
 * exhaustive record of handlers (EffectHandlers), each handler typed with the events that name it:
 *
 * - staleReads: the shared reads of every API node it makes stale (runtime/src/stale-reads.ts);
 * - livePush: its Socket.IO pushes and room moves (runtime/src/live.ts);
 * - testRequestPush: its test-request pushes (runtime/src/live-test-requests.ts);
 * - workerJobs: the worker jobs it enqueues, board recomputes and the mails that are not notifications
 *   (worker/src/processors/events.ts);
 * - webKeys: the web's cached answers its pushes make stale (web/src/lib/live-keys.ts);
 * - notify: the notification rows the worker writes for it (worker/src/notifications/fan-out.ts), the one
 *   way a member is told of news: bell, live push, instant mail and digest follow their settings;
 * - webhook: the webhook event it is for the project's owner (worker/src/webhooks/fan-out.ts).
 *
 * A new event does not compile until its row decides every kind; a new effect name does not compile
 * until the workspace of its kind handles it.
 */

/** The Socket.IO pushes each live-push effect may send. */
export const LIVE_PUSHES = {
  none: [],
  /** The counts the event carries, to the project's room. */
  counts: ['project:counts'],
  /** The public lists changed. */
  projectsChanged: ['projects:changed'],
  /** projectsChanged; a hidden project's room keeps only its owner and the admins. */
  projectHidden: ['projects:changed'],
  /** projectsChanged; the user's sockets are closed (they deleted their account) or leave their rooms. */
  userDeleted: ['projects:changed'],
  /** The user's sockets join the rooms their row grants now (admin, paused). */
  accountRooms: [],
  /** The Integrity tab's clusters changed, to the admins. */
  integrityChanged: ['integrity:changed'],
  /** The report's headline, to the admins. */
  reportCreated: ['report:created'],
  /** The recipient's and the admins' inboxes changed. */
  messagesChanged: ['messages:changed'],
  /** The admins' inbox changed (a visitor's message was answered). */
  adminInboxChanged: ['messages:changed'],
  /** The comment's place and the project's comment count, to the project's room. */
  commentCreated: ['comment:created'],
  commentUpdated: ['comment:updated'],
  commentDeleted: ['comment:deleted'],
  /** The reported comment, to the admins. */
  commentReported: ['commentReport:created'],
  /** The project's new health, to its room. */
  health: ['project:health'],
  /** The maker's follower count the event carries, to their profile's room. */
  followers: ['user:followers'],
} as const satisfies Record<string, ReadonlyArray<keyof ServerToClientEvents>>;
export type LivePushEffect = keyof typeof LIVE_PUSHES;

/** The Socket.IO pushes each test-request push effect may send. */
export const TEST_REQUEST_PUSHES = {
  none: [],
  /** The public list of requests changed. */
  listChanged: ['testRequests:changed'],
  /** The owner and testers hear of the request (its status, when it moved); the list changed. */
  requestUpdated: ['testRequest:changed', 'testRequests:changed'],
  /** The owner hears of a tester joining (the list changed too) or posting feedback. */
  testerActivity: ['testRequest:changed', 'testRequests:changed'],
  /** The owner hears the tester left; the list changed. */
  testerLeft: ['testRequest:changed', 'testRequests:changed'],
  /** The tester hears their feedback was marked helpful. */
  feedbackMarkedHelpful: ['testRequest:changed'],
} as const satisfies Record<string, ReadonlyArray<keyof ServerToClientEvents>>;
export type TestRequestPushEffect = keyof typeof TEST_REQUEST_PUSHES;

/** The shared reads an event makes stale. */
export const STALE_READ_EFFECTS = [
  'none',
  /** Every shared read showing the project. */
  'project',
  /** `project`, and the lists ordered by votes. */
  'projectAndVoteOrder',
  /** Every shared read. */
  'all',
] as const;
export type StaleReadsEffect = (typeof STALE_READ_EFFECTS)[number];

/** The worker jobs an event asks for. */
export const WORKER_JOB_EFFECTS = [
  'none',
  /** The boards a vote moves: trending, leaderboards, and the top contributors by the new votes alone. */
  'voteBoards',
  /** The boards a rating moves: the leaderboards (the rating breaks their ties). */
  'ratingBoards',
  /** Every board, recomputed whole. */
  'allBoards',
  /** The mails of a contact message (the sender's copy, the admins' copy). */
  'messageMails',
  /** The mail of a confirmation link. */
  'confirmationMail',
  /** An admin's reply, mailed to the visitor who wrote. */
  'visitorReplyMail',
  /** A check of the project now (when the checks are on). */
  'livenessCheck',
  /** A new project: every board recomputed; checked now and at its spot of the interval (when the checks are on). */
  'newProject',
  /** A logged webhook delivery sent again. */
  'webhookRedelivery',
] as const;
export type WorkerJobsEffect = (typeof WORKER_JOB_EFFECTS)[number];

/** The notifications an event makes (the worker writes the rows and pushes `notification:new`). */
export const NOTIFY_EFFECTS = [
  'none',
  /** The maker's followers hear of their new visible project. */
  'makerFollowers',
  /** A maker hears a member began following them. */
  'newFollower',
  /** The request's owner hears a tester joined. */
  'testerJoined',
  /** The request's owner hears of new feedback (not of an edit). */
  'feedbackPosted',
  /** Each tester hears the request's status moved. */
  'requestStatus',
  /** The tester hears their feedback was marked helpful. */
  'feedbackHelpful',
  /** The rated member hears of a peer rating. */
  'ratingReceived',
  /** A member hears an admin answered their message. */
  'adminReply',
  /** The project's maker hears of a comment, the parent's author of a reply, each member named of a mention. */
  'commentPosted',
  /** The owner hears their project went down or came back up. */
  'healthChanged',
  /** Each tester whose feedback an update addresses hears of it; the maker's followers hear of a new update. */
  'updatePosted',
  /** Each tester whose feedback an edited update now addresses hears of it. */
  'feedbackAddressed',
  /** The owner hears their webhook was switched off after deliveries failed in a row. */
  'webhookDisabled',
] as const;
export type NotifyEffect = (typeof NOTIFY_EFFECTS)[number];

/**
 * The webhook event (domain/src/webhooks.ts WEBHOOK_EVENTS) a domain event is for the owner of its
 * project; the worker sends it to their webhooks subscribed to it (worker/src/webhooks/fan-out.ts).
 */
export const WEBHOOK_EFFECTS = [
  'none',
  /** vote.milestone, when the vote's count is one of VOTE_MILESTONES. */
  'voteMilestone',
  /** comment.created. */
  'commentCreated',
  /** feedback.created (new feedback, not an edit). */
  'feedbackPosted',
  /** tester.joined. */
  'testerJoined',
  /** project.down when it went down, project.up when it came back. */
  'healthChanged',
  /** update.posted. */
  'updatePosted',
] as const;
export type WebhookEffect = (typeof WEBHOOK_EFFECTS)[number];

/** The groups of the web's cached answers (SWR keys) that change together. */
export const WEB_KEY_GROUPS = [
  'projects',
  'messages',
  'reports',
  'users',
  'testRequests',
  'profiles',
  'integrity',
] as const;
export type WebKeyGroup = (typeof WEB_KEY_GROUPS)[number];
export type WebKeysEffect = WebKeyGroup | 'none';

/** One event's decision for every kind of effect. */
export interface EventEffects {
  staleReads: StaleReadsEffect;
  livePush: LivePushEffect;
  testRequestPush: TestRequestPushEffect;
  workerJobs: WorkerJobsEffect;
  webKeys: WebKeysEffect;
  notify: NotifyEffect;
  webhook: WebhookEffect;
}
export type EffectKind = keyof EventEffects;

/** A row for every event name, and every effect decided in each row. */
export type EventEffectTable<Names extends string = EventName> = { readonly [N in Names]: Readonly<EventEffects> };

const none = {
  staleReads: 'none',
  livePush: 'none',
  testRequestPush: 'none',
  workerJobs: 'none',
  webKeys: 'none',
  notify: 'none',
  webhook: 'none',
} as const;

/** What a ring filed or decided causes. */
const INTEGRITY_EFFECTS = {
  ...none,
  staleReads: 'all',
  livePush: 'integrityChanged',
  workerJobs: 'allBoards',
  webKeys: 'integrity',
} as const;

/** What each event causes. */
export const EVENT_EFFECTS = {
  'vote.created': {
    ...none,
    staleReads: 'projectAndVoteOrder',
    livePush: 'counts',
    workerJobs: 'voteBoards',
    webhook: 'voteMilestone',
  },
  'rating.saved': { ...none, staleReads: 'project', livePush: 'counts', workerJobs: 'ratingBoards' },
  'project.created': {
    ...none,
    staleReads: 'all',
    livePush: 'projectsChanged',
    workerJobs: 'newProject',
    webKeys: 'projects',
    notify: 'makerFollowers',
  },
  'project.updated': { ...none, staleReads: 'project', livePush: 'projectsChanged', webKeys: 'projects' },
  'project.hidden': {
    ...none,
    staleReads: 'all',
    livePush: 'projectHidden',
    workerJobs: 'allBoards',
    webKeys: 'projects',
  },
  'project.deleted': {
    ...none,
    staleReads: 'all',
    livePush: 'projectsChanged',
    workerJobs: 'allBoards',
    webKeys: 'projects',
  },
  // Weights moved: every shared read (a project's score) is stale and the boards are recomputed whole.
  'integrity.clusterFlagged': INTEGRITY_EFFECTS,
  'integrity.clusterDecided': INTEGRITY_EFFECTS,
  // The project's reportCount is part of every read showing it.
  'report.created': { ...none, staleReads: 'project', livePush: 'reportCreated', webKeys: 'reports' },
  'user.deleted': { ...none, staleReads: 'all', livePush: 'userDeleted', workerJobs: 'allBoards', webKeys: 'projects' },
  // Admin and pause flags, which no shared read shows; the account's rooms follow them.
  'user.updated': { ...none, livePush: 'accountRooms' },
  // Profiles are read per viewer (viewerFollows), never shared: the count is pushed to who watches it.
  'user.followed': { ...none, livePush: 'followers', notify: 'newFollower' },
  'user.unfollowed': { ...none, livePush: 'followers' },
  'message.created': {
    ...none,
    livePush: 'messagesChanged',
    workerJobs: 'messageMails',
    webKeys: 'messages',
    notify: 'adminReply',
  },
  'email.confirmationRequested': { ...none, workerJobs: 'confirmationMail' },
  'message.copyConfirmed': { ...none, workerJobs: 'messageMails' },
  // The answered message shows its reply time to every admin.
  'visitorReply.created': {
    ...none,
    livePush: 'adminInboxChanged',
    workerJobs: 'visitorReplyMail',
    webKeys: 'messages',
  },
  // Test requests are read through their own calls, never through a shared read.
  'testRequest.created': { ...none, testRequestPush: 'listChanged', webKeys: 'testRequests' },
  'testRequest.updated': {
    ...none,
    testRequestPush: 'requestUpdated',
    webKeys: 'testRequests',
    notify: 'requestStatus',
  },
  'tester.joined': {
    ...none,
    testRequestPush: 'testerActivity',
    webKeys: 'testRequests',
    notify: 'testerJoined',
    webhook: 'testerJoined',
  },
  'tester.left': { ...none, testRequestPush: 'testerLeft', webKeys: 'testRequests' },
  'feedback.posted': {
    ...none,
    testRequestPush: 'testerActivity',
    webKeys: 'testRequests',
    notify: 'feedbackPosted',
    webhook: 'feedbackPosted',
  },
  'feedback.markedHelpful': {
    ...none,
    testRequestPush: 'feedbackMarkedHelpful',
    webKeys: 'testRequests',
    notify: 'feedbackHelpful',
  },
  // The rated user's developer rating is their tier on every card of theirs (Project.ownerTier);
  // profiles and badges are read when shown, so nothing is pushed.
  'userRating.saved': { ...none, staleReads: 'all', notify: 'ratingReceived' },
  'userRating.removed': { ...none, staleReads: 'all' },
  'userRating.tiersRefreshed': { ...none, staleReads: 'all' },
  // The project's commentCount is part of every read showing it; the comments themselves are read
  // per viewer (never shared) and pushed to the project's room.
  'comment.created': {
    ...none,
    staleReads: 'project',
    livePush: 'commentCreated',
    notify: 'commentPosted',
    webhook: 'commentCreated',
  },
  'comment.updated': { ...none, staleReads: 'project', livePush: 'commentUpdated' },
  'comment.deleted': { ...none, staleReads: 'project', livePush: 'commentDeleted' },
  'commentReport.created': { ...none, livePush: 'commentReported', webKeys: 'reports' },
  // The down badge is on every card and page of the project, and down projects leave Trending.
  'project.healthChanged': {
    ...none,
    staleReads: 'project',
    livePush: 'health',
    webKeys: 'projects',
    notify: 'healthChanged',
    webhook: 'healthChanged',
  },
  'project.checkRequested': { ...none, workerJobs: 'livenessCheck' },
  // The page's update count and the "Recently updated" order of Latest (a bumped project may join any
  // cached page of it): every shared read on a post or delete; an edit changes the project's reads only.
  'projectUpdate.posted': {
    ...none,
    staleReads: 'all',
    livePush: 'projectsChanged',
    webKeys: 'projects',
    notify: 'updatePosted',
    webhook: 'updatePosted',
  },
  'projectUpdate.edited': {
    ...none,
    staleReads: 'project',
    livePush: 'projectsChanged',
    webKeys: 'projects',
    notify: 'feedbackAddressed',
  },
  'projectUpdate.deleted': { ...none, staleReads: 'all', livePush: 'projectsChanged', webKeys: 'projects' },
  // Webhooks are read through their owner's calls only.
  'webhook.disabled': { ...none, notify: 'webhookDisabled' },
  'webhook.redeliveryRequested': { ...none, workerJobs: 'webhookRedelivery' },
} as const satisfies EventEffectTable;

/** The names of the events whose `kind` effect is `effect`. */
export type EventNamesWith<K extends EffectKind, Effect extends string> = {
  [N in EventName]: (typeof EVENT_EFFECTS)[N][K] extends Effect ? N : never;
}[EventName];

/** The events (of `E`: domain events, or stored ones) whose `kind` effect is `effect`. */
export type EventWith<K extends EffectKind, Effect extends string, E extends DomainEvent = DomainEvent> = Extract<
  E,
  { name: EventNamesWith<K, Effect> }
>;

/**
 * How a workspace carries out the effects of one kind: a handler for every effect name, given the
 * events that name it (and `Args`).
 */
export type EffectHandlers<K extends EffectKind, E extends DomainEvent, Args extends unknown[], R> = {
  [Effect in EventEffects[K]]: (event: EventWith<K, Effect, E>, ...args: Args) => R;
};

/** The `kind` effect of `event`. */
export function effectOf<K extends EffectKind>(kind: K, event: Pick<DomainEvent, 'name'>): EventEffects[K] {
  return EVENT_EFFECTS[event.name][kind];
}

/** Runs the handler of `event`'s `kind` effect. */
export function runEffect<K extends EffectKind, E extends DomainEvent, Args extends unknown[], R>(
  handlers: EffectHandlers<K, E, Args, R>,
  kind: K,
  event: E,
  ...args: Args
): R {
  const handler = handlers[effectOf(kind, event)] as unknown as (event: E, ...args: Args) => R;
  return handler(event, ...args);
}

/** The Socket.IO pushes `event` may send (its live push and its test-request push). */
export function pushesOf(event: Pick<DomainEvent, 'name'>): ReadonlyArray<keyof ServerToClientEvents> {
  const effects = EVENT_EFFECTS[event.name];
  return [...LIVE_PUSHES[effects.livePush], ...TEST_REQUEST_PUSHES[effects.testRequestPush]];
}

/** A push the web answers by revalidating cached answers (the pushes of an event with web keys). */
export type InvalidatingPush = Exclude<
  keyof ServerToClientEvents,
  'project:counts' | 'sync' | 'notification:new' | 'user:followers' | CommentPushName
>;

/** The comment pushes: the web writes their count into cached projects and the comment section refetches. */
export type CommentPushName = 'comment:created' | 'comment:updated' | 'comment:deleted';

/**
 * The web key groups a push makes stale: those of every event that may send it. The web cannot tell
 * which event a push came from, so it revalidates for any of them.
 */
export function webKeysOfPush(push: keyof ServerToClientEvents): WebKeyGroup[] {
  const groups = new Set<WebKeyGroup>();
  for (const name of Object.keys(EVENT_EFFECTS) as EventName[]) {
    const keys = EVENT_EFFECTS[name].webKeys;
    if (keys !== 'none' && pushesOf({ name }).includes(push)) groups.add(keys);
  }
  return [...groups];
}
