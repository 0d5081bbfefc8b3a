import type { WorkerSettings } from './context';

/** Production defaults (see WorkerSettings for each). */
export const DEFAULT_SETTINGS: WorkerSettings = {
  concurrency: { events: 10, tasks: 4, emails: 4 },
  lockDurationMs: 30_000,
  stalledIntervalMs: 30_000,
  recomputeDelayMs: 1000,
  trendingEveryMs: 60_000,
  leaderboardsEveryMs: 5 * 60_000,
  relayEveryMs: 5_000,
  relayAfterMs: 5_000,
  // 10 s, 20 s, 40 s ... about 11 hours in all: an SMTP outage of a night still delivers.
  emailAttempts: 12,
  emailBackoffMs: 10_000,
  schedulers: true,
};

/** Overrides from the environment (WORKER_LOCK_DURATION_MS etc., docs/operations.md). */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<WorkerSettings> {
  const num = (name: string) => (env[name] && Number.isFinite(Number(env[name])) ? Number(env[name]) : undefined);
  const out: Partial<WorkerSettings> = {};
  const pairs: [keyof WorkerSettings, string][] = [
    ['lockDurationMs', 'WORKER_LOCK_DURATION_MS'],
    ['stalledIntervalMs', 'WORKER_STALLED_INTERVAL_MS'],
    ['relayEveryMs', 'WORKER_RELAY_EVERY_MS'],
    ['relayAfterMs', 'WORKER_RELAY_AFTER_MS'],
    ['emailBackoffMs', 'WORKER_EMAIL_BACKOFF_MS'],
  ];
  for (const [key, name] of pairs) {
    const value = num(name);
    if (value !== undefined) (out as Record<string, number>)[key] = value;
  }
  if (env.MAIL_OUTBOX_DIR) out.outboxDir = env.MAIL_OUTBOX_DIR;
  return out;
}
