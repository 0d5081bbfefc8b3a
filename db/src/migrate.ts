import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './repo-root';
import type { Sql } from './sql';

const MIGRATIONS_DIR = path.join(REPO_ROOT, 'db/migrations');
/** Any constant: serialises concurrent starts (api and worker migrate at once). */
const MIGRATION_LOCK_ID = 7_320_001;

/**
 * Applies the numbered plain-SQL files of db/migrations that have not run yet, forward-only, all in
 * one transaction that holds an advisory lock, so a failed file leaves nothing half-applied. A short runner of our own rather than a library: the whole job is
 * ordering files, one table of what ran and an advisory lock, and the maintained runners either
 * bring their own client or a DSL we do not want.
 */
export async function migrate(sql: Sql, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`;
    await tx`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
    const done = new Set((await tx<{ name: string }[]>`SELECT name FROM schema_migrations`).map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.unsafe(await readFile(path.join(dir, file), 'utf8'));
      await tx`INSERT INTO schema_migrations (name) VALUES (${file})`;
      applied.push(file);
    }
  });
  return applied;
}
