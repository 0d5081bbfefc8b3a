import { DEFAULT_SITE_NAME, SUBMISSION_LIMIT, SUBMISSION_WINDOW_SECONDS } from '@vitrine/domain/constants';
import { DEFAULT_DATABASE_URL } from '@vitrine/db/sql';

/** Everything the processes read from the environment (.env.example lists each with its default). */
export interface Config {
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** Prefix of every Redis key and BullMQ queue of this deployment (tests use one of their own). */
  redisPrefix: string;
  sessionSecret: string;
  siteName: string;
  /** Trust X-Forwarded-* (behind a load balancer): the client address, and https from X-Forwarded-Proto (the session cookie is Secure on https requests). */
  trustProxy: boolean;
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
  /** Origins allowed to write, besides the request's own host. */
  allowedOrigins: string[];
  production: boolean;
}

/** Reads the configuration; defaults serve a local run. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const sessionSecret = env.SESSION_SECRET ?? 'dev-only-session-secret-change-me';
  if (production && !env.SESSION_SECRET) throw new Error('SESSION_SECRET must be set in production');
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl: env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: env.REDIS_PREFIX ?? 'vitrine:',
    sessionSecret,
    siteName: env.SITE_NAME || DEFAULT_SITE_NAME,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Vitrine <no-reply@vitrine.local>',
    adminEmail: env.ADMIN_EMAIL || null,
    adminUsername: env.ADMIN_USERNAME || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    seedDemo: env.SEED_DEMO !== '0' && env.SEED_DEMO !== 'false',
    submissionLimit: Number(env.SUBMISSION_LIMIT ?? SUBMISSION_LIMIT),
    submissionWindowSeconds: Number(env.SUBMISSION_WINDOW_SECONDS ?? SUBMISSION_WINDOW_SECONDS),
    rateLimitMultiplier: Math.max(1, Number(env.RATE_LIMIT_MULTIPLIER ?? 1)),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    production,
  };
}
