import { networkKey } from '../client-address';
import type { z } from 'zod';
import type { registerSchema } from '@vitrine/domain/schemas/auth';
import { hashPassword } from '@vitrine/db/passwords';
import { makeUserQueries, type UserRow } from '@vitrine/db/queries/users';
import type { Caller } from '../context';
import { conflict } from '../errors';
import { ensurePasswordAllowed } from '../password-policy';
import { commit } from './commit';
import { spendAddressPoint, startEmailConfirmation } from './email-confirmation-starter';

/** The 409 of a taken username (any letter case). */
const USERNAME_TAKEN = 'Username already exists';

/**
 * Creates an account from a validated sign-up form; answers the new user (the route signs them in).
 * A common or breached password is refused. An email starts unconfirmed: the account and
 * its confirmation mail's event commit together.
 */
export async function userRegistrar(caller: Caller, input: z.output<typeof registerSchema>): Promise<UserRow> {
  const users = makeUserQueries(caller.deps.sql);
  if (await users.findUserByUsername(input.username)) throw conflict(USERNAME_TAKEN);
  ensurePasswordAllowed(input.password, input.username, caller.deps.config.siteName);
  const email = input.email || null;
  if (email) await spendAddressPoint(caller, email);
  const passwordHash = await hashPassword(input.password);
  return commit(caller, async (tx, emit) => {
    const user = await makeUserQueries(tx).insertUser({
      username: input.username,
      passwordHash,
      email,
      role: input.role,
      bio: input.bio,
      signupNetwork: networkKey(caller.ip),
    });
    if (email) await startEmailConfirmation(tx, emit, { email, userId: user.id });
    return user;
  }).catch((err: { code?: string }) => {
    // Two sign-ups racing for one name: the unique index decides.
    throw err.code === '23505' ? conflict(USERNAME_TAKEN) : err;
  });
}
