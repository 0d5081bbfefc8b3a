import type { z } from 'zod';
import type { registerSchema } from '@vitrine/domain/schemas/auth';
import { hashPassword } from '@vitrine/db/passwords';
import { makeUserQueries, type UserRow } from '@vitrine/db/queries/users';
import type { Caller } from '../context';
import { conflict } from '../errors';

/** The 409 of a taken username (any letter case). */
export const USERNAME_TAKEN = 'Username already exists';

/** Creates an account from a validated sign-up form; answers the new user (the route signs them in). */
export async function userRegistrar(caller: Caller, input: z.output<typeof registerSchema>): Promise<UserRow> {
  const users = makeUserQueries(caller.deps.sql);
  if (await users.findUserByUsername(input.username)) throw conflict(USERNAME_TAKEN);
  return users
    .insertUser({ username: input.username, passwordHash: await hashPassword(input.password), email: input.email, role: input.role, bio: input.bio })
    .catch((err: { code?: string }) => {
      // Two sign-ups racing for one name: the unique index decides.
      throw err.code === '23505' ? conflict(USERNAME_TAKEN) : err;
    });
}
