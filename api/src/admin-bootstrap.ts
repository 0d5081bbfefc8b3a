import type { Sql } from '@vitrine/db/sql';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { hashPassword } from '@vitrine/db/passwords';
import { usernameSchema } from '@vitrine/domain/schemas/auth';
import type { Config } from '@vitrine/runtime/config';

/**
 * The first admin (design.md): ADMIN_USERNAME / ADMIN_PASSWORD create it at start, or promote an
 * existing user of that name. Its password is only set when it is created.
 */
export async function ensureAdmin(sql: Sql, config: Pick<Config, 'adminUsername' | 'adminPassword' | 'adminEmail'>): Promise<'created' | 'promoted' | 'unchanged' | 'skipped'> {
  if (!config.adminUsername || !config.adminPassword) return 'skipped';
  const username = usernameSchema.parse(config.adminUsername);
  if (config.adminPassword.length < 8) throw new Error('ADMIN_PASSWORD must be at least 8 characters');
  const users = makeUserQueries(sql);
  const existing = await users.findUserByUsername(username);
  if (existing) {
    if (existing.isAdmin && !existing.isPaused) return 'unchanged';
    // setAdmin also unpauses: admins cannot be paused.
    await users.setAdmin(existing.id, true);
    return 'promoted';
  }
  await users.insertUser({ username, passwordHash: await hashPassword(config.adminPassword), email: config.adminEmail, isAdmin: true });
  return 'created';
}
