import postgres from 'postgres';
import { randomBytes } from 'node:crypto';
import { createSql, type Sql, type Tx } from './sql';
import { migrate } from './migrate';
import { makeUserQueries, type UserRow } from './queries/users';
import { makeMessageQueries, type NewMessage } from './queries/messages';
import { tallyScoreFactor, tallySpec } from './queries/tallies';
import type { TrendingPeriod } from '@vitrine/domain/constants';

/** Where throwaway databases are created from (a local trust-auth server by default). */
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A migrated database of its own for one test run (on the server of `adminUrl`), dropped by `drop()`. */
export async function createTestDatabase(
  prefix = 'vitrine_test',
  adminUrl = ADMIN_URL,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const sql = createSql(url.toString(), { max: 1 });
  try {
    await migrate(sql);
  } finally {
    await sql.end();
  }
  return {
    url: url.toString(),
    name,
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A hash of TEST_PASSWORD made once, so factories do not spend 70 ms a user. */
export const TEST_PASSWORD = 'correct-horse-battery';
let testHash: Promise<string> | undefined;
async function testPasswordHash(): Promise<string> {
  const { hashPassword } = await import('./passwords');
  testHash ??= hashPassword(TEST_PASSWORD);
  return testHash;
}
let counter = 0;
/** A name no other test of this run uses. */
export function uniqueName(base = 'user'): string {
  counter += 1;
  return `${base}_${process.pid.toString(36)}${counter.toString(36)}${randomBytes(2).toString('hex')}`.slice(0, 30);
}

/** How old a factory user with `standing` is: past the reporters' minimum age. */
const STANDING_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Extra factory options besides the columns insertUser takes. */
export interface BuildUserOptions {
  isPaused?: boolean;
  /** The address counts as confirmed (needs `email`). */
  emailVerified?: boolean;
  /** A reporter with standing: an account 30 days old that submitted a (hidden) project. */
  standing?: boolean;
}

/** Inserts a user whose password is TEST_PASSWORD. */
export async function buildUser(
  sql: Tx,
  overrides: Partial<Parameters<ReturnType<typeof makeUserQueries>['insertUser']>[0]> & BuildUserOptions = {},
): Promise<UserRow> {
  const user = await makeUserQueries(sql).insertUser({
    username: overrides.username ?? uniqueName(),
    passwordHash: overrides.passwordHash ?? (await testPasswordHash()),
    email: overrides.email,
    role: overrides.role,
    bio: overrides.bio,
    isAdmin: overrides.isAdmin,
    signupNetwork: overrides.signupNetwork,
    createdAt: overrides.createdAt ?? (overrides.standing ? new Date(Date.now() - STANDING_AGE_MS) : undefined),
  });
  if (overrides.isPaused) {
    await sql`UPDATE users SET is_paused = true WHERE id = ${user.id}`;
    user.isPaused = true;
  }
  if (overrides.emailVerified && user.email) {
    const [row] = await sql<
      { emailVerifiedAt: Date }[]
    >`UPDATE users SET email_verified_at = now() WHERE id = ${user.id} RETURNING email_verified_at`;
    user.emailVerifiedAt = row!.emailVerifiedAt;
  }
  if (overrides.standing) await buildProject(sql, { userId: user.id, isHidden: true });
  return user;
}

/** A projects row as inserted by the factory. */
export interface BuiltProject {
  id: number;
  title: string;
  userId: number | null;
  isHidden: boolean;
  createdAt: Date;
}

/** Inserts a project (and its owner when none is given). */
export async function buildProject(
  sql: Tx,
  overrides: Partial<{
    title: string;
    description: string;
    replitUrl: string;
    category: string;
    tags: string;
    userId: number;
    isHidden: boolean;
    createdAt: Date;
    votes: number;
    views: number;
  }> = {},
): Promise<BuiltProject> {
  const userId = overrides.userId ?? (await buildUser(sql)).id;
  const [row] = await sql<BuiltProject[]>`
    INSERT INTO projects (title, description, replit_url, category, tags, user_id, is_hidden, created_at, votes, views)
    VALUES (${overrides.title ?? uniqueName('Project')}, ${overrides.description ?? 'A project made for a test.'},
            ${overrides.replitUrl ?? 'https://app.example/'}, ${overrides.category ?? 'Web App'}, ${overrides.tags ?? 'react, test'},
            ${userId}, ${overrides.isHidden ?? false}, ${overrides.createdAt ?? new Date()}, ${overrides.votes ?? 0}, ${overrides.views ?? 0})
    RETURNING id, title, user_id, is_hidden, created_at`;
  return row!;
}

/** Inserts a message (by default from nobody to the administrators, with a unique subject); answers its id. */
export function buildMessage(sql: Tx, overrides: Partial<NewMessage> = {}): Promise<number> {
  return makeMessageQueries(sql).insertMessage({
    senderUserId: null,
    senderName: null,
    senderEmail: null,
    recipientUserId: null,
    subject: uniqueName('Subject'),
    message: 'A message body long enough.',
    ...overrides,
  });
}

/**
 * The trending board of `period` with each project's score at `now` (the board keeps tally weights,
 * migration 0016: the score is the weight times the factor of the tally's epoch), best first.
 */
export async function trendingScores(
  sql: Tx,
  period: TrendingPeriod,
  now: Date,
): Promise<Array<{ projectId: number; score: number }>> {
  const [window] = await sql<
    { epoch: Date }[]
  >`SELECT epoch FROM ranking_tally_windows WHERE board = ${`trending:${period}`}`;
  if (!window) return [];
  return sql<{ projectId: number; score: number }[]>`
    SELECT project_id, weight * ${tallyScoreFactor(sql, tallySpec(`trending:${period}`), window.epoch, now)} AS score
    FROM trending_scores WHERE period = ${period}
    ORDER BY weight DESC, created_at DESC, project_id DESC`;
}

export type { Sql };
