/**
 * The data the suite's load works on: members with confirmed email addresses (so their copies and the
 * notification mails of replies are sent), projects to read, vote on and rate, and a separate pool of projects to report
 * (three reports hide a project, which must not empty the main pool).
 */
import { randomBytes } from 'node:crypto';
import { createSql } from '@vitrine/db/sql';
import { hashPassword } from '@vitrine/db/passwords';

/** What the clients act on. */
export interface World {
  projects: number[];
  reportable: number[];
  members: Array<{ id: number; username: string; email: string }>;
  memberPassword: string;
  /** Acknowledged contact messages of members, which the admins answer (the newest few hundred). */
  replyable: number[];
}

/** How many projects of each pool. */
const PROJECTS = 300;
const REPORTABLE = 60;

/** Inserts `members` members and the projects into the migrated database. */
export async function seedWorld(databaseUrl: string, members: number): Promise<World> {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    const memberPassword = randomBytes(12).toString('base64url');
    const hash = await hashPassword(memberPassword);
    const users = await sql<{ id: number; username: string; email: string }[]>`
      INSERT INTO users (username, password_hash, email, email_verified_at)
      SELECT 'member_' || g, ${hash}, 'member_' || g || '@faults.test', now() FROM generate_series(1, ${members}) g
      RETURNING id, username, email`;
    const projects = await sql<{ id: number }[]>`
      INSERT INTO projects (title, description, replit_url, category, tags, user_id)
      SELECT 'Fault project ' || g, 'A project the fault suite reads, votes on and rates.', 'https://project.example/' || g, 'Web App', 'faults',
             (${users.map((u) => u.id)}::int[])[1 + g % ${users.length}]
      FROM generate_series(1, ${PROJECTS + REPORTABLE}) g
      RETURNING id`;
    const ids = projects.map((p) => p.id);
    return {
      projects: ids.slice(0, PROJECTS),
      reportable: ids.slice(PROJECTS),
      members: users,
      memberPassword,
      replyable: [],
    };
  } finally {
    await sql.end();
  }
}
