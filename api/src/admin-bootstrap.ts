import type { Sql } from '@vitrine/db/sql';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { hashPassword } from '@vitrine/db/passwords';
import { usernameSchema } from '@vitrine/domain/schemas/auth';
import { passwordStrength } from '@vitrine/domain/password-strength';
import type { Config } from '@vitrine/runtime/config';
import { isCommonPassword, weakPasswordMessage } from './password-policy';

/** SQLSTATE of a duplicate key. */
const UNIQUE_VIOLATION = '23505';

/**
 * The first admin: ADMIN_USERNAME / ADMIN_PASSWORD create it at start, or promote an
 * existing user of that name. Its password is only set when it is created, and must pass the sign-up
 * policy (password-policy.ts): not the username, not on the common list, zxcvbn score high enough.
 */
export async function ensureAdmin(
  sql: Sql,
  config: Pick<Config, 'adminUsername' | 'adminPassword' | 'adminEmail'> & Partial<Pick<Config, 'siteName'>>,
): Promise<'created' | 'promoted' | 'unchanged' | 'skipped'> {
  if (!config.adminUsername || !config.adminPassword) return 'skipped';
  const username = usernameSchema.parse(config.adminUsername);
  if (config.adminPassword.length < 8) throw new Error('ADMIN_PASSWORD must be at least 8 characters');
  const users = makeUserQueries(sql);
  const existing = await users.findUserByUsername(username);
  if (!existing) ensureAdminPasswordAllowed(config.adminPassword, username, config.siteName ?? '');
  if (existing) {
    if (existing.isAdmin && !existing.isPaused) return 'unchanged';
    // setAdmin also unpauses: admins cannot be paused.
    await users.setAdmin(existing.id, true);
    return 'promoted';
  }
  try {
    await users.insertUser({
      username,
      passwordHash: await hashPassword(config.adminPassword),
      email: config.adminEmail,
      isAdmin: true,
    });
  } catch (err) {
    // Several api nodes starting at once: another one created it first (unique_violation).
    if ((err as { code?: unknown }).code === UNIQUE_VIOLATION && (await users.findUserByUsername(username)))
      return 'unchanged';
    throw err;
  }
  return 'created';
}

/** Throws (start-up stops with the reason) when the first admin's password would be refused at sign-up. */
function ensureAdminPasswordAllowed(password: string, username: string, siteName: string): void {
  if (password.toLowerCase() === username.toLowerCase()) throw new Error('ADMIN_PASSWORD must not be the username');
  if (isCommonPassword(password)) throw new Error('ADMIN_PASSWORD is too common or has appeared in data breaches');
  const strength = passwordStrength(password, [username, siteName]);
  if (!strength.strongEnough) throw new Error(`ADMIN_PASSWORD: ${weakPasswordMessage(strength.hint)}`);
}
