/** Job names of the tasks and emails queues (each has its src/tasks/<job-name>-task.ts). */
export const JOB = {
  recomputeTrending: 'recompute-trending',
  recomputeLeaderboard: 'recompute-leaderboard',
  recomputeTopContributors: 'recompute-top-contributors',
  refreshBoards: 'refresh-boards',
  relayOutbox: 'relay-outbox',
  pruneOutbox: 'prune-outbox',
  sendEmail: 'send-email',
  sendRequestNotice: 'send-request-notice',
  sendConfirmation: 'send-confirmation',
  sendVisitorReply: 'send-visitor-reply',
} as const;
