import {
  EMAILS_QUEUE,
  LIVENESS_QUEUE,
  TASKS_QUEUE,
  WEBHOOKS_QUEUE,
  type EVENTS_QUEUE,
  type QueueName,
} from '@vitrine/runtime/queues';

/**
 * Names of the worker's jobs, each one task (`defineTask` / `defineMailTask`) that its queue's worker
 * runs (worker/src/index.ts `TASKS_BY_QUEUE`; most in src/tasks/<job-name>-task.ts). The events
 * queue's jobs are the events themselves (src/processors/events.ts). docs/architecture.md lists them
 * all (job-names.test.ts holds the two together).
 */
export const JOB = {
  recomputeTrending: 'recompute-trending',
  recomputeLeaderboard: 'recompute-leaderboard',
  recomputeTopContributors: 'recompute-top-contributors',
  refreshBoards: 'refresh-boards',
  relayOutbox: 'relay-outbox',
  pruneOutbox: 'prune-outbox',
  integrityScan: 'integrity-scan',
  foldStats: 'fold-stats',
  sendEmail: 'send-email',
  sendConfirmation: 'send-confirmation',
  sendVisitorReply: 'send-visitor-reply',
  sendNotificationMail: 'send-notification-mail',
  sendDigests: 'send-digests',
  pruneNotifications: 'prune-notifications',
  scheduleChecks: 'schedule-checks',
  checkProject: 'check-project',
  deliverWebhook: 'deliver-webhook',
} as const;
/** The name of one of the worker's jobs. */
export type JobName = (typeof JOB)[keyof typeof JOB];

/** The queues that run named jobs (all but the events queue). */
export type TaskQueueName = Exclude<QueueName, typeof EVENTS_QUEUE>;

/** The queue each job runs on. */
export const JOB_QUEUES: Record<JobName, TaskQueueName> = {
  'recompute-trending': TASKS_QUEUE,
  'recompute-leaderboard': TASKS_QUEUE,
  'recompute-top-contributors': TASKS_QUEUE,
  'refresh-boards': TASKS_QUEUE,
  'relay-outbox': TASKS_QUEUE,
  'prune-outbox': TASKS_QUEUE,
  'integrity-scan': TASKS_QUEUE,
  'fold-stats': TASKS_QUEUE,
  'send-digests': TASKS_QUEUE,
  'prune-notifications': TASKS_QUEUE,
  'schedule-checks': TASKS_QUEUE,
  'send-email': EMAILS_QUEUE,
  'send-confirmation': EMAILS_QUEUE,
  'send-visitor-reply': EMAILS_QUEUE,
  'send-notification-mail': EMAILS_QUEUE,
  'check-project': LIVENESS_QUEUE,
  'deliver-webhook': WEBHOOKS_QUEUE,
};
