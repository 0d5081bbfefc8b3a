import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@vitrine/domain/notifications';
import { REPO_ROOT } from './repo-root';
import { createSql } from './sql';

const sql = createSql(inject('databaseUrl'), { max: 1 });
afterAll(() => sql.end());

/** Thrown to roll the migration's trial back. */
class Rollback extends Error {}

type Settings = { email: string; kinds: Record<string, boolean> };

/**
 * Runs migration 0035 over users rows as 0034 left them (`email_notices`, `notify_email`,
 * `notify_kinds`), in a schema of its own that is rolled back, and answers each row's mail settings.
 */
async function migrate(
  rows: Array<{ emailNotices: boolean; notifyEmail: string; notifyKinds: Record<string, boolean> }>,
): Promise<{ settings: Settings[]; columns: string[]; newMember: Settings }> {
  const migration = await readFile(path.join(REPO_ROOT, 'db/migrations/0035_one_notification_path.sql'), 'utf8');
  let answer: Awaited<ReturnType<typeof migrate>> | undefined;
  await sql
    .begin(async (tx) => {
      await tx`CREATE SCHEMA m0035`;
      await tx`SET LOCAL search_path TO m0035`;
      await tx`
        CREATE TABLE users (id serial PRIMARY KEY, email_notices boolean NOT NULL DEFAULT true,
          notify_email text NOT NULL DEFAULT 'off', notify_kinds jsonb NOT NULL DEFAULT '{}'::jsonb)`;
      for (const row of rows)
        await tx`INSERT INTO users (email_notices, notify_email, notify_kinds)
                 VALUES (${row.emailNotices}, ${row.notifyEmail}, ${tx.json(row.notifyKinds)})`;
      await tx.unsafe(migration);
      await tx`INSERT INTO users DEFAULT VALUES`;
      const all = await tx<{ notifyEmail: string; notifyKinds: Record<string, boolean> }[]>`
        SELECT notify_email, notify_kinds FROM users ORDER BY id`;
      const columns = await tx<{ name: string }[]>`
        SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'm0035' AND table_name = 'users'`;
      const settings = all.map((r) => ({ email: r.notifyEmail, kinds: r.notifyKinds }));
      answer = { settings: settings.slice(0, -1), newMember: settings.at(-1)!, columns: columns.map((c) => c.name) };
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return answer!;
}

/** The kinds a member mails, given a mode and the stored switches (a kind not stored is on). */
const mailed = ({ email, kinds }: Settings) =>
  email === 'off' ? [] : NOTIFICATION_KINDS.filter((kind) => kinds[kind] !== false);

const NOTICE_KINDS = ['testerJoined', 'feedbackPosted', 'requestStatus', 'projectHealth'];

describe('migration 0035: the notice mails become notification mails', () => {
  it("keeps each member's mails: notices off stay off, and notification mail off still brings the notices and admin replies", async () => {
    const { settings, columns, newMember } = await migrate([
      // Notices off, daily notification mail of every kind but trending.
      { emailNotices: false, notifyEmail: 'daily', notifyKinds: { trending: false } },
      // Notices on (the default), notification mail off (the default): notices and replies were mailed.
      { emailNotices: true, notifyEmail: 'off', notifyKinds: {} },
      // Notices off and notification mail off: only the admins' replies were mailed.
      { emailNotices: false, notifyEmail: 'off', notifyKinds: { comment: true } },
      // Notices on, instant mail with the comment kind off: unchanged.
      { emailNotices: true, notifyEmail: 'instant', notifyKinds: { comment: false } },
    ]);
    expect(settings[0]!.email).toBe('daily');
    expect(mailed(settings[0]!)).toEqual(
      NOTIFICATION_KINDS.filter((kind) => kind !== 'trending' && !NOTICE_KINDS.includes(kind)),
    );
    expect(settings[1]!.email).toBe('instant');
    expect(mailed(settings[1]!)).toEqual(NOTIFICATION_KINDS.filter((k) => [...NOTICE_KINDS, 'adminReply'].includes(k)));
    expect(settings[2]!.email).toBe('instant');
    expect(mailed(settings[2]!)).toEqual(['adminReply']);
    expect(settings[3]).toEqual({ email: 'instant', kinds: { comment: false } });
    // The old switch is gone; a new member mails every kind at once.
    expect(columns).not.toContain('email_notices');
    expect(mailed(newMember)).toEqual([...NOTIFICATION_KINDS]);
    expect(newMember.email).toBe('instant');
  });
});
