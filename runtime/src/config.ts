import { z } from 'zod';
import type { SocialLinks } from '@vitrine/domain/ssr';
import { DEFAULT_SITE_NAME, SUBMISSION_LIMIT, SUBMISSION_WINDOW_SECONDS } from '@vitrine/domain/constants';
import { DEFAULT_DATABASE_URL } from '@vitrine/db/sql';

/** The session secret of a local run; production refuses to start with it (SESSION_SECRET must be set). */
const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me';
/** The site address of a local run (`npm start` on the default port); production must set SITE_URL. */
export const DEV_SITE_URL = 'http://localhost:3000';
/** Highest TCP port. */
const MAX_PORT = 65_535;
/** Proxies in front of the api by default under TRUST_PROXY=1: one load balancer or TLS proxy. */
const DEFAULT_PROXY_HOPS = 1;
/** More proxy hops than this is a mistake, not a deployment. */
const MAX_PROXY_HOPS = 10;

/** Levels of LOG_LEVEL, most to least verbose, and `silent` (runtime/src/logger.ts). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** An empty variable counts as unset (`PORT=` in an .env file means "the default"). */
const unsetIfBlank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A text variable with a default. */
const text = (fallback: string) => z.preprocess(unsetIfBlank, z.string().default(fallback));
/** A text variable that may stay unset (null). */
const optionalText = () => z.preprocess(unsetIfBlank, z.string().nullable().default(null));
/** A whole number between `min` and `max`. */
const whole = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    unsetIfBlank,
    z.coerce
      .number({ error: `must be a whole number from ${min} to ${max}` })
      .int(`must be a whole number from ${min} to ${max}`)
      .min(min, `must be a whole number from ${min} to ${max}`)
      .max(max, `must be a whole number from ${min} to ${max}`)
      .default(fallback),
  );
/** A TCP port that may stay unset (null); 0 asks the system for a free one. */
const optionalPort = () =>
  z.preprocess(
    unsetIfBlank,
    z
      .string()
      .regex(/^\d+$/, `must be a port from 0 to ${MAX_PORT}`)
      .transform(Number)
      .refine((n) => n <= MAX_PORT, `must be a port from 0 to ${MAX_PORT}`)
      .nullable()
      .default(null),
  );
/** A yes/no variable: 1, true, yes, on or 0, false, no, off (any letter case). */
const flag = (fallback: boolean) =>
  z.preprocess(
    unsetIfBlank,
    z
      .enum(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'], { error: 'must be 1 or 0 (true or false)' })
      .optional()
      .transform((v) => (v === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(v))),
  );

/** An optional https address (a profile on another site): unset or blank reads null. */
const profileUrl = () =>
  z.preprocess(
    unsetIfBlank,
    z
      .url({ protocol: /^https$/, error: 'must be an https address such as https://github.com/your-account' })
      .nullable()
      .default(null),
  );

/**
 * Every variable the processes read (.env.example lists each with its default), checked once: a bad
 * value stops start-up with a message naming the variable instead of becoming NaN somewhere later.
 */
const envSchema = z
  .object({
    NODE_ENV: optionalText(),
    PORT: whole(3000, 0, MAX_PORT),
    DATABASE_URL: text(DEFAULT_DATABASE_URL),
    REDIS_URL: text('redis://127.0.0.1:6379'),
    REDIS_PREFIX: text('vitrine:'),
    SESSION_SECRET: optionalText(),
    SITE_NAME: text(DEFAULT_SITE_NAME),
    SITE_URL: z.preprocess(
      unsetIfBlank,
      z
        .url({ protocol: /^https?$/, error: 'must be an http(s) address such as https://vitrine.example' })
        .nullable()
        .default(null),
    ),
    GITHUB_URL: profileUrl(),
    BLUESKY_URL: profileUrl(),
    TRUST_PROXY: flag(false),
    TRUST_PROXY_HOPS: whole(DEFAULT_PROXY_HOPS, 1, MAX_PROXY_HOPS),
    SMTP_URL: optionalText(),
    MAIL_FROM: text('Vitrine <no-reply@vitrine.local>'),
    ADMIN_EMAIL: optionalText(),
    ADMIN_USERNAME: optionalText(),
    ADMIN_PASSWORD: optionalText(),
    SEED_DEMO: flag(true),
    SUBMISSION_LIMIT: whole(SUBMISSION_LIMIT, 1),
    SUBMISSION_WINDOW_SECONDS: whole(SUBMISSION_WINDOW_SECONDS, 1),
    RATE_LIMIT_MULTIPLIER: whole(1, 1),
    ALLOWED_ORIGINS: text(''),
    WORKER_LOCK_DURATION_MS: whole(30_000, 1),
    WORKER_STALLED_INTERVAL_MS: whole(30_000, 1),
    WORKER_RELAY_EVERY_MS: whole(5_000, 1),
    WORKER_RELAY_AFTER_MS: whole(5_000, 0),
    WORKER_EMAIL_BACKOFF_MS: whole(10_000, 1),
    MAIL_OUTBOX_DIR: optionalText(),
    LOG_LEVEL: z.preprocess(unsetIfBlank, z.enum(LOG_LEVELS).default('info')),
    METRICS_PORT: optionalPort(),
    WORKER_METRICS_PORT: optionalPort(),
    METRICS_HOST: text('127.0.0.1'),
  })
  .superRefine((env, ctx) => {
    // Metrics name every route and queue: they never share the public port (docs/security.md).
    for (const name of ['METRICS_PORT', 'WORKER_METRICS_PORT'] as const) {
      if (env[name] !== null && env[name] !== 0 && env[name] === env.PORT) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'must differ from PORT (metrics stay off the public port)',
        });
      }
    }
    if (env.NODE_ENV === 'production' && env.SESSION_SECRET === null) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set in production' });
    }
    if (env.NODE_ENV === 'production' && env.SITE_URL === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message:
          'must be set in production to the public address of the site, such as https://vitrine.example (links in mails, feeds and sitemaps, and the origin writes must come from)',
      });
    }
  });

/** Worker tunables read from the environment (docs/operations.md); the worker adds its fixed ones. */
export interface WorkerEnvSettings {
  /** A job whose worker stops renewing its lock for this long is taken over by another worker. */
  lockDurationMs: number;
  /** How often a worker looks for stalled jobs. */
  stalledIntervalMs: number;
  /** How often the relay runs, and how old an unpublished event must be to be relayed. */
  relayEveryMs: number;
  relayAfterMs: number;
  /** First retry delay of a mail (doubled each time). */
  emailBackoffMs: number;
  /** Where mails go without SMTP_URL (the mailer's default when unset). */
  outboxDir?: string;
}

/** Everything the processes read from the environment, validated. */
export interface Config {
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** Prefix of every Redis key and BullMQ queue of this deployment (tests use one of their own). */
  redisPrefix: string;
  sessionSecret: string;
  siteName: string;
  /**
   * The site's public address (`https://host`, no trailing slash): every absolute link (mails, feeds,
   * sitemaps, robots.txt, canonical and og tags) and the origin writes and socket handshakes must come
   * from. Never read from the request (Host, X-Forwarded-Host): a client could name any host.
   * Defaults to DEV_SITE_URL outside production; production refuses to start without it.
   */
  siteUrl: string;
  /** The site's own accounts the footer links to (GITHUB_URL, BLUESKY_URL); an unset one is not shown. */
  socialLinks: SocialLinks;
  /** Trust X-Forwarded-* (behind a load balancer): the client address, and https from X-Forwarded-Proto (the session cookie is Secure on https requests). */
  trustProxy: boolean;
  /**
   * Under trustProxy, how many proxies append to X-Forwarded-For: the client address is the entry this
   * many from the right (Koa's maxIpsCount), so whatever a client writes to the left of it is ignored.
   */
  trustProxyHops: number;
  smtpUrl: string | null;
  mailFrom: string;
  adminEmail: string | null;
  adminUsername: string | null;
  adminPassword: string | null;
  seedDemo: boolean;
  submissionLimit: number;
  submissionWindowSeconds: number;
  /** Multiplies every rate limit's allowance (end-to-end tests drive many accounts from one address). */
  rateLimitMultiplier: number;
  /** Origins allowed to write, besides SITE_URL's. */
  allowedOrigins: string[];
  production: boolean;
  /** The worker's tunables from the environment. */
  worker: WorkerEnvSettings;
  /** Lowest level written to the log (LOG_LEVEL, runtime/src/logger.ts). */
  logLevel: LogLevel;
  /** Port of the api's Prometheus /metrics listener (METRICS_PORT); null: none. Never the public port. */
  metricsPort: number | null;
  /** Port of the worker's Prometheus /metrics listener (WORKER_METRICS_PORT); null: none. */
  workerMetricsPort: number | null;
  /** Address both metrics listeners bind to (METRICS_HOST): loopback unless a scraper elsewhere needs it. */
  metricsHost: string;
}

/** A configuration that cannot start: its message names each bad variable and what it must be. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration once; defaults serve a local run. Throws ConfigError on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = env[name];
      return `${name} ${issue.message}${raw === undefined || raw === '' ? '' : ` (got ${JSON.stringify(raw)})`}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    siteName: e.SITE_NAME,
    siteUrl: (e.SITE_URL ?? DEV_SITE_URL).replace(/\/+$/, ''),
    socialLinks: { github: e.GITHUB_URL, bluesky: e.BLUESKY_URL },
    trustProxy: e.TRUST_PROXY,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    submissionLimit: e.SUBMISSION_LIMIT,
    submissionWindowSeconds: e.SUBMISSION_WINDOW_SECONDS,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    production: e.NODE_ENV === 'production',
    worker: {
      lockDurationMs: e.WORKER_LOCK_DURATION_MS,
      stalledIntervalMs: e.WORKER_STALLED_INTERVAL_MS,
      relayEveryMs: e.WORKER_RELAY_EVERY_MS,
      relayAfterMs: e.WORKER_RELAY_AFTER_MS,
      emailBackoffMs: e.WORKER_EMAIL_BACKOFF_MS,
      ...(e.MAIL_OUTBOX_DIR === null ? {} : { outboxDir: e.MAIL_OUTBOX_DIR }),
    },
    logLevel: e.LOG_LEVEL,
    metricsPort: e.METRICS_PORT,
    workerMetricsPort: e.WORKER_METRICS_PORT,
    metricsHost: e.METRICS_HOST,
  };
}

/**
 * The configuration of a process being started: on a bad value it prints the message (naming the
 * variable) and exits with status 1, rather than a stack trace or a server on port NaN.
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    // The logger is not configured yet (its level is one of the values being checked): plain stderr.
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
